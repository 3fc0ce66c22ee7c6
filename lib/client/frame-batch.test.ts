import { describe, expect, it } from "vitest";
import { frameBatcher, type Scheduler } from "./frame-batch";

/** A scheduler the test fires by hand, standing in for the browser's next animation frame. */
function manualFrames() {
  const queued: (() => void)[] = [];
  const schedule: Scheduler = (cb) => {
    queued.push(cb);
    return () => queued.splice(queued.indexOf(cb), 1);
  };
  return { schedule, queued, frame: () => queued.splice(0).forEach((cb) => cb()) };
}

describe("frameBatcher", () => {
  it("hands over everything pushed before a frame in one call, per key and in arrival order", () => {
    const f = manualFrames();
    const got: [string, number[]][][] = [];
    const b = frameBatcher<number>((m) => got.push([...m]), f.schedule);
    b.push("pods", 1);
    b.push("events", 9);
    b.push("pods", 2);
    expect(got).toEqual([]);
    expect(f.queued).toHaveLength(1);
    f.frame();
    expect(got).toEqual([
      [
        ["pods", [1, 2]],
        ["events", [9]],
      ],
    ]);
  });

  it("asks for a new frame only after the last one handed its batch over", () => {
    const f = manualFrames();
    const got: number[][] = [];
    const b = frameBatcher<number>((m) => got.push(m.get("k")!), f.schedule);
    b.push("k", 1);
    f.frame();
    b.push("k", 2);
    b.push("k", 3);
    f.frame();
    expect(got).toEqual([[1], [2, 3]]);
  });

  it("flush hands over at once and cancels the pending frame", () => {
    const f = manualFrames();
    const got: number[][] = [];
    const b = frameBatcher<number>((m) => got.push(m.get("k")!), f.schedule);
    b.push("k", 1);
    b.flush();
    expect(got).toEqual([[1]]);
    expect(f.queued).toHaveLength(0);
    b.flush();
    expect(got).toHaveLength(1);
  });

  it("cancel drops what is pending", () => {
    const f = manualFrames();
    const got: unknown[] = [];
    const b = frameBatcher<number>((m) => got.push(m), f.schedule);
    b.push("k", 1);
    b.cancel();
    f.frame();
    expect(got).toEqual([]);
  });
});
