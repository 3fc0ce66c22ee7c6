import { describe, expect, it } from "vitest";
import { arrayCuts } from "./json-slices";
import { CUT_ABOVE, orderedReceiver, SLICE_ABOVE, type Incoming } from "./stream-decode";
import type { SnapshotCutter } from "./snapshot-split";
import type { K8sObject, ResourceName, StreamEvent } from "../k8s/wire";

const pod = (i: number): K8sObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: `p-${String(i).padStart(5, "0")}`, namespace: "shop", annotations: { pad: "x".repeat(200) } },
});
const snapshot = (n: number, rv = "77") => ({
  resource: "pods",
  namespace: "shop",
  resourceVersion: rv,
  items: [...Array(n)].map((_, i) => pod(i)),
});
const ev = (event: string, data: unknown) => ({ event, data }) as StreamEvent;
const message = (name: string, data: unknown, at = 1): Incoming => ({
  kind: "message",
  name,
  data: typeof data === "string" ? data : JSON.stringify(data),
  at,
});

/** The worker's answer, found on this thread. */
const cutHere: SnapshotCutter = (text, every) => Promise.resolve(arrayCuts(text, "items", every));
/** A page that cannot have the worker. */
const noWorker: SnapshotCutter = () => Promise.resolve(null);

/** A receiver whose pauses wait until the test lets them go, and whose clock moves 1 ms per look. */
function setup(cut: SnapshotCutter = cutHere) {
  const seen: (StreamEvent | string)[] = [];
  const at: number[] = [];
  const parts: [ResourceName, number][] = [];
  let pauses = 0;
  const waiting: (() => void)[] = [];
  let t = 0;
  const r = orderedReceiver(
    {
      event: (ev, when) => (seen.push(ev), at.push(when)),
      open: () => seen.push("open"),
      error: (gaveUp) => seen.push(gaveUp ? "gave up" : "retrying"),
      part: (res, items) => parts.push([res, items.length]),
    },
    {
      pause: () => (pauses++, new Promise<void>((go) => waiting.push(go))),
      clock: () => t++,
      cut,
    },
  );
  /** lets every pause go until the receiver has nothing left to wait for */
  const settle = async () => {
    do {
      waiting.shift()?.();
      await new Promise((done) => setTimeout(done, 0));
    } while (waiting.length);
  };
  return { r, seen, at, parts, settle, pauses: () => pauses };
}

describe("stream messages in arrival order, a large snapshot in slices", () => {
  it("gives the page the same snapshot, objects in order, after handing them over part by part", async () => {
    const s = setup();
    const big = snapshot(2000);
    expect(JSON.stringify(big).length).toBeGreaterThan(SLICE_ABOVE);
    s.r.push(message("snapshot", big, 1234));
    expect(s.seen).toEqual([]);
    await s.settle();
    expect(s.seen).toEqual([ev("snapshot", big)]);
    expect(s.at).toEqual([1234]);
    expect(s.pauses()).toBeGreaterThan(1);
    expect(s.parts.every(([res]) => res === "pods")).toBe(true);
    expect(s.parts.reduce((n, [, k]) => n + k, 0)).toBe(2000);
  });

  it("decodes a snapshot too large for one parse in pieces where it can be cut, or whole without the worker", async () => {
    const huge = snapshot(5000);
    expect(JSON.stringify(huge).length).toBeGreaterThan(CUT_ABOVE);
    for (const cut of [cutHere, noWorker]) {
      const s = setup(cut);
      s.r.push(message("snapshot", huge, 9));
      s.r.push(message("status", { resource: "pods", namespace: "shop", state: "live" }));
      await s.settle();
      expect(s.seen).toEqual([
        ev("snapshot", huge),
        ev("status", { resource: "pods", namespace: "shop", state: "live" }),
      ]);
      expect(s.parts.reduce((n, [, k]) => n + k, 0)).toBe(5000);
      expect(s.pauses()).toBeGreaterThan(1);
    }
  });

  it("keeps what arrives during a large snapshot behind it, in order", async () => {
    const s = setup();
    const big = snapshot(1500, "1");
    const change = { resource: "pods", namespace: "shop", type: "MODIFIED", object: pod(1) };
    const small = snapshot(1, "2");
    s.r.push(message("snapshot", big));
    s.r.push(message("change", change));
    s.r.push({ kind: "error", gaveUp: false });
    s.r.push({ kind: "open" });
    s.r.push(message("snapshot", small));
    await s.settle();
    expect(s.seen).toEqual([ev("snapshot", big), ev("change", change), "retrying", "open", ev("snapshot", small)]);
  });

  it("hands small messages over at once", () => {
    const s = setup();
    s.r.push({ kind: "open" });
    s.r.push(message("snapshot", snapshot(3)));
    s.r.push({ kind: "error", gaveUp: true });
    expect(s.seen).toEqual(["open", ev("snapshot", snapshot(3)), "gave up"]);
    expect(s.pauses()).toBe(0);
  });

  it("hands a large snapshot over at once to a page that does no per-object work, unless it is cut", async () => {
    const seen: StreamEvent[] = [];
    let handedOver!: () => void;
    const both = new Promise<void>((done) => (handedOver = done));
    const r = orderedReceiver(
      {
        event: (e) => {
          if (seen.push(e) === 2) handedOver();
        },
        open: () => undefined,
        error: () => undefined,
      },
      { cut: cutHere },
    );
    r.push(message("snapshot", snapshot(2000)));
    expect(seen).toEqual([ev("snapshot", snapshot(2000))]);
    r.push(message("snapshot", snapshot(5000)));
    expect(seen).toHaveLength(1);
    await both; // the cut one is decoded off this turn: wait for it to arrive, however long the machine takes
    expect(seen).toEqual([ev("snapshot", snapshot(2000)), ev("snapshot", snapshot(5000))]);
  });

  it("drops a malformed message, as a small one is dropped, and goes on with the next", async () => {
    const s = setup();
    const long = `{"a":"${"x".repeat(2000)}"},`.repeat(SLICE_ABOVE / 2000);
    s.r.push(message("snapshot", `{"resource":"pods","items":[${long}`));
    s.r.push(message("snapshot", `{"resource":"pods","items":[${long}{"a":]}`));
    s.r.push(message("snapshot", `{"resource":"pods","items":[${long.repeat(5)}{"a":]}`));
    s.r.push(message("status", "not json"));
    const gone = { resource: "pods", namespace: "shop", type: "DELETED", object: pod(2) };
    s.r.push(message("change", gone));
    await s.settle();
    expect(s.seen).toEqual([ev("change", gone)]);
  });

  it("drops a half-decoded snapshot and everything queued once closed", async () => {
    const s = setup();
    s.r.push(message("snapshot", snapshot(2000)));
    s.r.push({ kind: "open" });
    s.r.close();
    s.r.push({ kind: "open" });
    await s.settle();
    expect(s.seen).toEqual([]);
  });
});
