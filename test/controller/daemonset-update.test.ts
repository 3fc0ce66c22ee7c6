/**
 * Advanced DaemonSet rolling updates on four nodes (docs/kruise-rules.md §14.4–§14.6, §14.9): the partition counted
 * in nodes (kept by name, the last in order), `rollingUpdate.selector` choosing which nodes update, maxUnavailable and
 * maxSurge counted per node, Standard (recreate) against InPlaceIfPossible. The slider's preview
 * (lib/kruise/daemonset previewDaemonPartition) is computed from the live objects before each step: every pod it
 * names moves and nothing else, and the first round takes exactly as many of its group as it says.
 */
import { describe, expect, it } from "vitest";
import type { DaemonSet, Pod } from "@/lib/k8s/objects";
import { previewDaemonPartition } from "@/lib/kruise/daemonset/preview";
import { DAEMONSET, NODES, clusterNodes, daemonImagePatch, daemonSet, type DaemonSetOptions } from "./lib/daemonset";
import { sliceBreaks } from "./lib/fates";
import { CONTROLLERS, useController } from "./lib/harness";
import { change, start } from "./lib/scenario";
import { WorkloadClient } from "./lib/workload";

interface UpdateRow {
  name: string;
  ds: Omit<DaemonSetOptions, "nodes">;
  /** partitions in turn (in nodes), the nodes each step updates, and how many nodes at once */
  steps: { partition: number; nodes: string[]; perPass: number }[];
  how: "recreate" | "in-place";
  surge?: boolean;
}

const ROWS: UpdateRow[] = [
  {
    name: "Standard, partition 4 → 2 → 0: nodes 4 and 3 first (by name, the last kept), then 2 and 1, one node at a time, each pod recreated",
    ds: { ru: { partition: 4 } },
    steps: [
      { partition: 2, nodes: ["sandbox-node-3", "sandbox-node-4"], perPass: 1 },
      { partition: 0, nodes: ["sandbox-node-1", "sandbox-node-2"], perPass: 1 },
    ],
    how: "recreate",
  },
  {
    name: "Standard, maxUnavailable 2: partition 4 → 0 replaces all four, two nodes at a time",
    ds: { ru: { partition: 4, maxUnavailable: 2 } },
    steps: [{ partition: 0, nodes: NODES, perPass: 2 }],
    how: "recreate",
  },
  {
    name: "rollingUpdate.selector zone-a: partition 4 → 0 updates only sandbox-node-1 and -4; the preview leaves -2 and -3 out",
    ds: { ru: { partition: 4, selector: { matchLabels: { "topology.kubernetes.io/zone": "zone-a" } } } },
    steps: [{ partition: 0, nodes: ["sandbox-node-1", "sandbox-node-4"], perPass: 1 }],
    how: "recreate",
  },
  {
    name: "maxSurge 1 with maxUnavailable 0: each node gets its new pod beside the old one, so all four stay ready",
    ds: { ru: { partition: 4, maxUnavailable: 0, maxSurge: 1 } },
    steps: [{ partition: 0, nodes: NODES, perPass: 1 }],
    how: "recreate",
    surge: true,
  },
  {
    name: "InPlaceIfPossible (pods with the InPlaceUpdateReady gate): partition 4 → 1 updates nodes 4, 3, 2 in place, the same pods",
    ds: { gate: true, ru: { partition: 4, rollingUpdateType: "InPlaceIfPossible" } },
    steps: [{ partition: 1, nodes: ["sandbox-node-2", "sandbox-node-3", "sandbox-node-4"], perPass: 1 }],
    how: "in-place",
  },
];

describe.each(CONTROLLERS)("Advanced DaemonSet rolling updates by node: the preview holds (%s)", (kind) => {
  const h = useController(kind, { ns: "ads-update", nodes: 4 });
  const ds = () => new WorkloadClient<DaemonSet>(h, DAEMONSET);

  it.each(ROWS.map((r, i) => ({ ...r, id: `upd-${i}` })))("$name", async (row) => {
    const initial = await start(ds(), daemonSet(row.id, { ...row.ds, nodes: NODES }));
    expect(initial.pods.map((p) => p.spec.nodeName).sort()).toEqual(NODES);
    const oldHash = initial.object.status!.daemonSetHash!;
    // A new template, nothing moving yet (the partition keeps every node).
    await ds().patch(row.id, daemonImagePatch("fluent/fluent-bit:2.3"));
    const object = await ds().until(
      row.id,
      "a new hash",
      (o) => o.status?.observedGeneration === o.metadata.generation && o.status?.daemonSetHash !== oldHash,
    );
    const hash = object.status!.daemonSetHash!;
    const onHash = (pods: Pod[]) => pods.filter((p) => p.metadata.labels?.["controller-revision-hash"] === hash);
    let updated = 0;
    const updatedNodes: string[] = [];
    for (const step of row.steps) {
      const pods = await ds().pods(row.id);
      const nodeOf = new Map(pods.map((p) => [p.metadata.name!, p.spec.nodeName!]));
      const preview = previewDaemonPartition(
        await ds().get(row.id),
        await clusterNodes(h),
        pods,
        step.partition,
        Date.now(),
      );
      updated += step.nodes.length;
      updatedNodes.push(...step.nodes);
      const ran = await change(
        ds(),
        row.id,
        { spec: { updateStrategy: { rollingUpdate: { partition: step.partition } } } },
        {
          what: `${updated} nodes updated`,
          test: (o, now) =>
            o.status?.observedGeneration === o.metadata.generation &&
            o.status?.updatedNumberScheduled === updated &&
            o.status?.numberReady === NODES.length &&
            now.length === NODES.length &&
            onHash(now).length === updated,
        },
        hash,
      );
      const touched = row.how === "in-place" ? ran.timeline.names("in-place") : ran.timeline.names("deleted");
      expect(touched.map((n) => nodeOf.get(n)).sort(), h.hint()).toEqual(step.nodes);
      expect(sliceBreaks(preview.willMove, touched), h.hint()).toEqual([]);
      expect(sliceBreaks(preview.rounds[0], touched.slice(0, step.perPass)), h.hint()).toEqual([]);
      expect(preview.perRound).toBe(step.perPass);
      // The nodes the partition lets the update touch, the ones already updated included.
      expect(preview.nodes.nodes.slice().sort()).toEqual(updatedNodes.slice().sort());
      if (row.ds.ru?.selector) expect(preview.nodes.excluded.sort()).toEqual(["sandbox-node-2", "sandbox-node-3"]);
      // Nodes without an available pod at once: the unavailability budget, or none with surge.
      expect(NODES.length - ran.timeline.minReady).toBe(row.surge ? 0 : Math.min(step.perPass, step.nodes.length));
      if (row.surge) expect(ran.timeline.maxPods).toBe(NODES.length + step.perPass);
      expect(ran.timeline.names("created")).toHaveLength(row.how === "in-place" ? 0 : step.nodes.length);
      expect(
        onHash(ran.pods)
          .map((p) => p.spec.nodeName)
          .sort(),
      ).toEqual(updatedNodes.slice().sort());
    }
    if (row.how === "in-place") {
      expect((await ds().pods(row.id)).map((p) => p.metadata.uid).sort()).toEqual(
        initial.pods.map((p) => p.metadata.uid).sort(),
      );
      await ds().eventsReach(row.id, { SuccessfulUpdatePodInPlace: updated, SuccessfulCreate: NODES.length });
    } else await ds().eventsReach(row.id, { SuccessfulCreate: NODES.length + updated, SuccessfulDelete: updated });
    const done = await ds().get(row.id);
    expect(done.status).toMatchObject({
      desiredNumberScheduled: NODES.length,
      currentNumberScheduled: NODES.length,
      numberReady: NODES.length,
      numberMisscheduled: 0,
      updatedNumberScheduled: updated,
      daemonSetHash: hash,
    });
    await ds().remove(row.id);
  });
});
