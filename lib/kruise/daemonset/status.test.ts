import { describe, expect, it } from "vitest";
import { daemonCounts, nextDaemonStatus } from "./status";
import { NEW, NOW, daemonSet, dpod, node, nodes } from "./fixtures";

describe("Advanced DaemonSet status, per node (§14.7)", () => {
  const ds = daemonSet();
  const tainted = node(4, { taints: [{ key: "x", effect: "NoSchedule" }] });
  const ps = [dpod(1, { hash: NEW }), dpod(2, { ready: false }), dpod(4)];
  const c = daemonCounts(ds, [...nodes(3), tainted], ps, NEW, NOW);

  it("counts nodes: desired, scheduled, ready, available, updated; a pod on a node it should not run on is misscheduled", () => {
    expect(c).toEqual({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 2,
      numberMisscheduled: 1,
      numberReady: 1,
      updatedNumberScheduled: 1,
      numberAvailable: 1,
      numberUnavailable: 2,
    });
  });

  it("a pod whose InPlaceUpdateReady is False is ready but not available", () => {
    const p = dpod(1, { gate: true });
    p.status!.conditions!.push({ type: "InPlaceUpdateReady", status: "False" });
    expect(daemonCounts(ds, nodes(1), [p], NEW, NOW)).toMatchObject({ numberReady: 1, numberAvailable: 0 });
  });

  it("is written with daemonSetHash and observedGeneration, without omitempty zeros, and not again when unchanged", () => {
    const s = nextDaemonStatus(ds, { ...c, numberAvailable: 0 }, NEW, true)!;
    expect(s).toMatchObject({ observedGeneration: 2, daemonSetHash: NEW, desiredNumberScheduled: 3 });
    expect(s).not.toHaveProperty("numberAvailable");
    expect(nextDaemonStatus({ ...ds, status: { ...s } }, { ...c, numberAvailable: 0 }, NEW, true)).toBeUndefined();
  });
});
