import { describe, expect, it } from "vitest";
import { manage, nodesNeedingPodsWithPartition } from "./manage";
import { NEW, NOW, daemonSet, dpod, dpods, node, nodes } from "./fixtures";
import type { Pod } from "../../k8s/objects";

const names = (ps: Pod[]) => ps.map((p) => p.metadata.name).sort();

describe("Advanced DaemonSet core loop (§14.4)", () => {
  it("a node that should run a pod and has none gets one at the current revision", () => {
    const ps = dpods(2);
    expect(manage(daemonSet(), nodes(3), ps, NEW, NOW).nodesNeedingPods).toEqual(["node-3"]);
  });

  it("without surge, extra pods on a node go, keeping the oldest", () => {
    const ps = [dpod(1), dpod(1, { suffix: "late", created: "2026-11-22T11:00:00Z" })];
    expect(names(manage(daemonSet(), nodes(1), ps, NEW, NOW).podsToDelete)).toEqual(["agent-late"]);
  });

  it("a pod on a node it must leave (untolerated NoExecute taint) is deleted; Failed and PreparingDelete pods too", () => {
    const tainted = node(1, { taints: [{ key: "evict", effect: "NoExecute" }] });
    const ps = [dpod(1), dpod(2, { phase: "Failed" }), dpod(3, { state: "PreparingDelete" })];
    const plan = manage(daemonSet(), [tainted, node(2), node(3)], ps, NEW, NOW);
    expect(names(plan.podsToDelete)).toEqual(["agent-n1", "agent-n2", "agent-n3"]);
    expect(plan.failed.map((f) => f.node)).toEqual(["node-2"]);
  });

  it("while a replaced pod terminates the node gets no new pod yet", () => {
    expect(manage(daemonSet(), nodes(1), [dpod(1, { deleting: true })], NEW, NOW).nodesNeedingPods).toEqual([]);
  });

  it("with surge, the old pod on a node goes once the new pod beside it is available", () => {
    const ds = daemonSet({ maxUnavailable: 0, maxSurge: 1 });
    const ps = [dpod(1), dpod(1, { hash: NEW, suffix: "new", created: "2026-11-22T11:00:00Z" })];
    expect(names(manage(ds, nodes(1), ps, NEW, NOW).podsToDelete)).toEqual(["agent-n1"]);
    const notYet = [dpod(1), dpod(1, { hash: NEW, suffix: "new", ready: false })];
    expect(manage(ds, nodes(1), notYet, NEW, NOW).podsToDelete).toEqual([]);
  });

  it("an unscheduled pod aimed at a node that no longer exists is deleted", () => {
    expect(names(manage(daemonSet(), nodes(1), [dpod(9, { bound: false })], NEW, NOW).podsToDelete)).toEqual([
      "agent-n9",
    ]);
  });

  it("with a partition, nodes needing pods are sorted; with the progressive annotation at most desired − new − partition", () => {
    expect(nodesNeedingPodsWithPartition(0, 4, 1, false, ["n-3", "n-1"])).toEqual(["n-1", "n-3"]);
    expect(nodesNeedingPodsWithPartition(1, 4, 2, true, ["n-4", "n-3", "n-2"])).toEqual(["n-2"]);
  });
});
