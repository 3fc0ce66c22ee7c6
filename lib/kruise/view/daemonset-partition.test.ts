import { describe, expect, it } from "vitest";
import { daemonSet, dpods, NOW, nodes } from "../daemonset/fixtures";
import { daemonLimitsNotes, daemonPartitionModel } from "./daemonset-partition";

const withStatus = (ds: ReturnType<typeof daemonSet>) => ({
  ...ds,
  status: { ...ds.status!, desiredNumberScheduled: 4, currentNumberScheduled: 4, numberReady: 4 },
});

describe("an Advanced DaemonSet's partition slider", () => {
  it("counts nodes: partition 1 of 4 keeps the last node by name; each round takes one of the others, a group", () => {
    const m = daemonPartitionModel(withStatus(daemonSet()), nodes(4), dpods(4));
    expect([m.max, m.sliderLabel, m.unit]).toEqual([4, "Partition (nodes kept, 0 to 4)", "node"]);
    const p = m.preview(1, NOW);
    expect([p.keepOld, p.toUpdate, p.moveCount]).toEqual([1, 3, 3]);
    expect(p.willMove.exact.map((x) => `${x.name}@${x.node}`)).toEqual([
      "agent-n4@node-4",
      "agent-n3@node-3",
      "agent-n2@node-2",
    ]);
    expect(p.rounds[0].ties[0]).toMatchObject({ count: 1 });
    expect(p.rounds[0].ties[0].of.map((x) => x.node)).toEqual(["node-4", "node-3", "node-2"]);
  });

  it("without the nodes it cannot preview, and says why", () => {
    const p = daemonPartitionModel(withStatus(daemonSet()), undefined, dpods(4)).preview(1, NOW);
    expect(p.error).toBe("the cluster's nodes cannot be read here: the preview counts nodes");
  });

  it("refuses surge beside unavailability, both zero, and surge with InPlaceIfPossible", () => {
    const ds = daemonSet();
    expect(daemonLimitsNotes(ds, nodes(4), { maxUnavailable: 1, maxSurge: 1 }).errors).toEqual([
      "maxSurge may not be set when maxUnavailable is non-zero: set the other to 0",
    ]);
    expect(daemonLimitsNotes(ds, nodes(4), { maxUnavailable: 0, maxSurge: 0 }).errors).toHaveLength(1);
    const inPlace = daemonSet({ rollingUpdateType: "InPlaceIfPossible" });
    expect(daemonLimitsNotes(inPlace, nodes(4), { maxUnavailable: 0, maxSurge: "50%" }).errors).toEqual([
      "maxSurge cannot be used with rollingUpdateType InPlaceIfPossible",
    ]);
    expect(daemonLimitsNotes(ds, nodes(4), { maxUnavailable: 0, maxSurge: "50%" }).notes).toEqual([
      "maxSurge of 4 nodes → 2 nodes at a time get the new pod before the old one goes",
    ]);
  });
});
