/**
 * Advanced StatefulSet partition steps with podUpdatePolicy InPlaceIfPossible (docs/kruise-rules.md §13.4, §13.5,
 * §13.9): which ordinals each step updates and in what order (from the highest ordinal down to the partition, or by
 * priority with unorderedUpdate, the partition then a count), how many at a time (maxUnavailable, in Parallel only),
 * the reserved ordinals skipped, the same pods kept, one SuccessfulUpdatePodInPlace Event per pod, and the status.
 * The slider's preview (lib/kruise/statefulset previewStatefulPartition) is computed from the live objects before
 * each step and must name exactly the pods that move, in the order they move.
 */
import { describe, expect, it } from "vitest";
import type { StatefulSet } from "@/lib/k8s/objects";
import { previewStatefulPartition } from "@/lib/kruise/statefulset/preview";
import { newStatefulSetRevision } from "@/lib/kruise/statefulset/revision";
import { CONTROLLERS, useController } from "./lib/harness";
import { patchPodMeta } from "./lib/pods";
import { change, newRevision, start } from "./lib/scenario";
import { STATEFULSET, ordinalNames, statefulImagePatch, statefulSet, type StatefulSetOptions } from "./lib/statefulset";
import { WorkloadClient } from "./lib/workload";

interface PartitionRow {
  name: string;
  set: StatefulSetOptions;
  /** ordinals labelled `canary=true` before the rollout (what a weightPriority reads) */
  canary?: number[];
  /** partitions in turn: the ordinals each step updates, in the order they are updated, and the most at once */
  steps: { partition: number; moved: number[]; perPass: number }[];
}

const CANARY_FIRST = {
  priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { canary: "true" } } }] },
};

const ROWS: PartitionRow[] = [
  {
    name: "OrderedReady, 5 pods: partition 5 → 3 → 0 updates ordinals 4, 3, then 2, 1, 0, one at a time, in place",
    set: { replicas: 5, ru: { partition: 5 } },
    steps: [
      { partition: 3, moved: [4, 3], perPass: 1 },
      { partition: 0, moved: [2, 1, 0], perPass: 1 },
    ],
  },
  {
    name: "Parallel with maxUnavailable 2, 6 pods: partition 6 → 0 updates ordinals 5 down to 0, two at a time",
    set: { replicas: 6, parallel: true, ru: { partition: 6, maxUnavailable: 2 } },
    steps: [{ partition: 0, moved: [5, 4, 3, 2, 1, 0], perPass: 2 }],
  },
  {
    name: 'Parallel with maxUnavailable "50%" of 4: partition 4 → 1 updates ordinals 3, 2, 1, two at a time',
    set: { replicas: 4, parallel: true, ru: { partition: 4, maxUnavailable: "50%" } },
    steps: [{ partition: 1, moved: [3, 2, 1], perPass: 2 }],
  },
  {
    name: "reserveOrdinals [1], 4 pods on ordinals 0, 2, 3, 4: partition 5 → 2 updates 4, 3, 2; the partition is an ordinal",
    set: { replicas: 4, parallel: true, ru: { partition: 5 }, spec: { reserveOrdinals: [1] } },
    steps: [{ partition: 2, moved: [4, 3, 2], perPass: 1 }],
  },
  {
    name: "unorderedUpdate with a priority, 5 pods: partition 5 → 3 updates the two canaries (ordinals 2, 0), then 3 → 1 the highest others (4, 3): the partition is a count",
    set: { replicas: 5, parallel: true, ru: { partition: 5, unorderedUpdate: CANARY_FIRST } },
    canary: [0, 2],
    steps: [
      { partition: 3, moved: [2, 0], perPass: 1 },
      { partition: 1, moved: [4, 3], perPass: 1 },
    ],
  },
];

describe.each(CONTROLLERS)("Advanced StatefulSet partition steps: the preview holds (%s)", (kind) => {
  const h = useController(kind, { ns: "asts-partition" });
  const sts = () => new WorkloadClient<StatefulSet>(h, STATEFULSET);

  it.each(ROWS.map((r, i) => ({ ...r, id: `part-${i}` })))("$name", async (row) => {
    const initial = await start(sts(), statefulSet(row.id, row.set));
    for (const o of row.canary ?? []) await patchPodMeta(h, `${row.id}-${o}`, { labels: { canary: "true" } });
    if (row.canary) await sts().barrier(row.id);
    const { object } = await newRevision(sts(), row.id, statefulImagePatch("nginx:2.0"));
    const uids = initial.pods.map((p) => p.metadata.uid).sort();
    const updateRevision = object.status!.updateRevision!;
    // The revision is named by the hash of its data, as lib/kruise computes it from the stored object.
    expect(updateRevision).toBe(newStatefulSetRevision(object, 0).metadata.name);
    let updated = 0;
    for (const step of row.steps) {
      const live = await sts().get(row.id);
      const preview = previewStatefulPartition(live, await sts().pods(row.id), step.partition, Date.now());
      const ran = await change(
        sts(),
        row.id,
        { spec: { updateStrategy: { rollingUpdate: { partition: step.partition } } } },
        {
          what: `partition ${step.partition} rolled out`,
          test: (o) => STATEFULSET.settled(o) && o.status?.updatedReplicas === updated + step.moved.length,
        },
        updateRevision,
      );
      updated += step.moved.length;
      const moved = ran.timeline.names("in-place");
      expect(moved, h.hint()).toEqual(ordinalNames(row.id, step.moved));
      expect(preview.willMove.exact.map((p) => p.name)).toEqual(moved);
      expect(preview.perRound).toBe(step.perPass);
      expect(ran.timeline.maxInFlight).toBe(Math.min(step.perPass, step.moved.length));
      expect(ran.timeline.names("created")).toEqual([]);
      expect(ran.pods.map((p) => p.metadata.uid).sort()).toEqual(uids);
      // InPlaceUpdateReady is set True whole once the update is done: no StartInPlaceUpdate reason left behind.
      for (const p of ran.pods.filter((x) => moved.includes(x.metadata.name!))) {
        const ready = p.status?.conditions?.find((c) => c.type === "InPlaceUpdateReady");
        expect([ready?.status, ready?.reason]).toEqual(["True", undefined]);
      }
      await sts().eventsReach(row.id, { SuccessfulUpdatePodInPlace: updated });
    }
    const done = await sts().get(row.id);
    const replicas = row.set.replicas;
    // Once every pod is updated and ready the update revision becomes the current one (§13.6).
    const all = updated === replicas;
    expect(done.status).toMatchObject({
      replicas,
      readyReplicas: replicas,
      updatedReplicas: updated,
      updatedReadyReplicas: updated,
      currentReplicas: all ? replicas : replicas - updated,
      currentRevision: all ? updateRevision : initial.object.status?.currentRevision,
      updateRevision,
    });
    await sts().remove(row.id);
  });
});
