import { describe, expect, it } from "vitest";
import type { DaemonSet } from "../../k8s/objects";
import { daemonSet, dpod, NEW, node, NOW, OLD } from "../daemonset/fixtures";
import { daemonPodCounts, daemonSetLens } from "./daemonset";
import { nodesView } from "./daemonset-nodes";
import { podView } from "./pods";
import { workloadDetailPods, workloadDetailView, workloadRow } from "./workload";

const now = new Date(NOW);
const owned = (p: ReturnType<typeof dpod>) => ({
  ...p,
  metadata: {
    ...p.metadata,
    ownerReferences: [
      { apiVersion: "apps.kruise.io/v1alpha1", uid: "ds-uid", controller: true, kind: "DaemonSet", name: "agent" },
    ],
  },
});
const withStatus = (ds: DaemonSet, s: Partial<NonNullable<DaemonSet["status"]>>): DaemonSet => ({
  ...ds,
  status: { ...ds.status!, observedGeneration: 2, ...s },
});
// log-agent of the demo: 6 nodes, 3 updated, partition lifted, paused halfway.
const sixNodes = () => [1, 2, 3, 4, 5, 6].map((i) => node(i, { labels: { zone: i % 2 ? "a" : "b" } }));
const halfway = () => [1, 2, 3, 4, 5, 6].map((i) => owned(dpod(i, { hash: i > 3 ? NEW : OLD, gate: true })));
const counted = { desiredNumberScheduled: 6, currentNumberScheduled: 6, numberReady: 6, numberAvailable: 6 };

describe("an Advanced DaemonSet in the shared views", () => {
  it("calls current the revision its old pods run (its status names none), and the update's once every node runs it", () => {
    const ds = withStatus(daemonSet({ partition: 0 }), { ...counted, updatedNumberScheduled: 3 });
    expect(daemonSetLens.shape(ds, { nodes: sixNodes(), pods: halfway() }).status?.currentRevision).toBe(
      `agent-${OLD}`,
    );
    const done = withStatus(daemonSet({}), { ...counted, updatedNumberScheduled: 6 });
    const all = [1, 2, 3, 4, 5, 6].map((i) => owned(dpod(i, { hash: NEW })));
    expect(daemonSetLens.shape(done, { nodes: sixNodes(), pods: all }).status?.currentRevision).toBe(`agent-${NEW}`);
  });

  it("counts its partition in nodes: partition 2 of 6 nodes keeps 2 on the old revision", () => {
    const ds = withStatus(daemonSet({ partition: 2 }), { ...counted, updatedNumberScheduled: 4 });
    const row = workloadRow(daemonSetLens, ds, now, { nodes: sixNodes(), pods: halfway() });
    expect(row).toMatchObject({
      kind: "DaemonSet",
      partitionSet: "2",
      partitionResolved: 2,
      partitionUnit: "node",
      strategyType: "RollingUpdate · Standard",
      maxSurge: "0",
      desired: 6,
    });
    expect(row.progress.target).toBe(4);
  });

  it("names the nodes its rollingUpdate.selector leaves out, and reaches only the others", () => {
    const ds = withStatus(daemonSet({ selector: { matchLabels: { zone: "a" } } }), {
      ...counted,
      updatedNumberScheduled: 0,
    });
    const pods = [1, 2, 3, 4, 5, 6].map((i) => owned(dpod(i, { hash: OLD })));
    const row = workloadRow(daemonSetLens, ds, now, { nodes: sixNodes(), pods });
    expect(row.partitionNote).toBe("rollingUpdate.selector zone=a leaves out 3 nodes");
    expect(row.progress.target).toBe(3);
  });

  it("without nodes or pods, reads the desired nodes less the partition from its status", () => {
    const ds = withStatus(daemonSet({ partition: 1 }), { ...counted, updatedNumberScheduled: 3 });
    const row = workloadRow(daemonSetLens, ds, now);
    expect(row).toMatchObject({ desired: 6, partitionResolved: 1, total: 6, updated: 3 });
    expect(row.progress.target).toBe(5);
  });

  it("counts one pod per node, the oldest: a surge pod beside an old one does not count yet", () => {
    const ds = daemonSet({ maxSurge: 1, maxUnavailable: 0 });
    const pods = [
      dpod(1, { hash: OLD, created: "2026-11-22T10:00:00Z" }),
      dpod(1, { hash: NEW, created: "2026-11-22T11:00:00Z", suffix: "surge" }),
      dpod(2, { hash: NEW }),
    ];
    expect(daemonPodCounts(ds, sixNodes().slice(0, 2), pods, now)).toEqual({
      replicas: 2,
      ready: 2,
      available: 2,
      updated: 1,
      updatedReady: 1,
      updatedAvailable: 1,
    });
  });

  it("is paused halfway with 3 of 6 nodes updated", () => {
    const ds = withStatus(daemonSet({ paused: true }), { ...counted, updatedNumberScheduled: 3 });
    const ctx = { nodes: sixNodes(), pods: halfway() };
    const half = workloadDetailPods(daemonSetLens, ds, ctx.pods, [], now, ctx);
    const view = workloadDetailView(daemonSetLens, ds, half, [], now, ctx);
    expect(view.header.state.kind).toBe("paused");
    expect(view.update.progress).toMatchObject({ target: 6, updated: 3, updatedAvailable: 3 });
  });

  // The partition counts every node the update considers, the selector's left-out ones too (filterDaemonPodsNodeToUpdate):
  // of 4 nodes with pods, partition 3 lets one node update.
  it("lays its pods out by node: the selector's and the partition's nodes, and why a node runs none", () => {
    const nodes = [
      ...sixNodes().slice(0, 4),
      node(5, { labels: { zone: "a" }, taints: [{ key: "dedicated", value: "gpu", effect: "NoSchedule" }] }),
    ];
    const ds = withStatus(daemonSet({ selector: { matchLabels: { zone: "a" } }, partition: 3 }), counted);
    const pods = [1, 2, 3, 4].map((i) => owned(dpod(i, { hash: i === 1 ? NEW : OLD })));
    const v = nodesView(
      ds,
      nodes,
      pods,
      pods.map((p) => podView(p, now)),
    );
    expect(v.lines.map((l) => `${l.node} ${l.reach} ${l.state}`)).toEqual([
      "node-1 update new",
      "node-2 excluded old",
      "node-3 kept old",
      "node-4 excluded old",
      "node-5 none none",
    ]);
    expect(v.lines[4].why).toBe("taint dedicated=gpu:NoSchedule is not tolerated");
    expect(v.summary).toBe(
      "5 nodes: 4 nodes should run a pod, 1 on the update revision, the partition keeps 1 node, the selector leaves out 2 nodes, 1 node should not run one",
    );
    expect(v.selector).toBe("zone=a");
  });
});
