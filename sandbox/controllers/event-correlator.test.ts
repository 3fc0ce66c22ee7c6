import { describe, expect, it } from "vitest";
import { EventCorrelator } from "./event-correlator";

const cs = (name: string) => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  name,
  namespace: "shop",
  uid: `uid-${name}`,
});
const created = (n: number) => ({ type: "Normal" as const, reason: "SuccessfulCreate", message: `create pod p${n}` });

function world() {
  let now = Date.parse("2026-01-01T00:00:00Z");
  const c = new EventCorrelator(() => now);
  return { c, tick: (ms: number) => (now += ms) };
}

describe("Event correlation as client-go's recorder does it", () => {
  it("writes an object's first 25 events, then one per 5 minutes", () => {
    const { c, tick } = world();
    const writes = Array.from({ length: 40 }, (_, i) => c.correlate(cs("web"), created(i)).write);
    expect(writes.filter((w) => w !== "none")).toHaveLength(25);
    expect(writes.slice(25).every((w) => w === "none")).toBe(true);
    tick(299_000);
    expect(c.correlate(cs("web"), created(100)).write).toBe("none");
    tick(1_000);
    expect(c.correlate(cs("web"), created(101)).write).not.toBe("none");
    expect(c.correlate(cs("web"), created(102)).write).toBe("none");
  });

  it("gives every object its own budget", () => {
    const { c } = world();
    for (let i = 0; i < 30; i++) c.correlate(cs("web"), created(i));
    expect(c.correlate(cs("api"), created(0)).write).toBe("create");
  });

  it("counts a repeated message on one Event, including the repeats the budget dropped", () => {
    const { c, tick } = world();
    const ev = { type: "Warning" as const, reason: "FailedUpdate", message: "boom" };
    expect(c.correlate(cs("web"), ev)).toMatchObject({ write: "create", count: 1 });
    const first = c.correlate(cs("web"), ev);
    expect(first).toMatchObject({ write: "patch", count: 2 });
    for (let i = 0; i < 40; i++) c.correlate(cs("web"), ev);
    tick(300_000);
    expect(c.correlate(cs("web"), ev)).toMatchObject({
      write: "patch",
      count: 43,
      name: (first as { name: string }).name,
    });
  });

  it("folds the 11th distinct message of one reason into a combined Event", () => {
    const { c } = world();
    const msgs = Array.from({ length: 12 }, (_, i) => c.correlate(cs("web"), created(i)));
    expect(msgs[9]).toMatchObject({ write: "create", message: "create pod p9" });
    expect(msgs[10]).toMatchObject({ write: "create", message: "(combined from similar events): create pod p10" });
    expect(msgs[11]).toMatchObject({ write: "patch", count: 2, name: (msgs[10] as { name: string }).name });
  });
});
