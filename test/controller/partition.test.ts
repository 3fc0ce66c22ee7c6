/**
 * Partition steps with InPlaceIfPossible: how many pods each step moves, how many per pass (maxUnavailable as an
 * integer and as a percentage), which pods (priority and scatter decide; ties are groups), and that the pods stay
 * the same pods (docs/kruise-rules.md §3.2, §3.3, §3.6, §4.1). Each step's prediction comes from the live objects.
 */
import { describe, expect, it } from "vitest";
import type { CloneSet, CloneSetUpdateStrategy, IntOrString } from "@/lib/k8s/objects";
import { predictPartition } from "@/lib/kruise/order/change-prediction";
import { previewPartition } from "@/lib/kruise/order/preview";
import { CLONESET, cloneSet, imagePatch } from "./lib/cloneset";
import { observedFates, predictionBreaks, sliceBreaks } from "./lib/fates";
import { CONTROLLERS, useController, type ControllerHandle } from "./lib/harness";
import { patchPodMeta } from "./lib/pods";
import { change, newRevision, start } from "./lib/scenario";
import { WorkloadClient } from "./lib/workload";

interface PartitionRow {
  name: string;
  replicas: number;
  strategy: CloneSetUpdateStrategy;
  /** labels put on the first pods (by name) before the rollout: what priority and scatter read */
  labelled?: { count: number; labels: Record<string, string> };
  /** partitions in turn, with the pods each step moves and the most per pass */
  steps: { partition: IntOrString; moved: number; perPass: number; labelledMoved?: number }[];
}

const PARTITION: PartitionRow[] = [
  {
    name: "10 pods, maxUnavailable 20 % (2): partition 10 → 7 → 0 moves 3, then 7, in place, 2 per pass, the same pods",
    replicas: 10,
    strategy: {},
    steps: [
      { partition: 7, moved: 3, perPass: 2 },
      { partition: 0, moved: 7, perPass: 2 },
    ],
  },
  {
    name: 'partition "30%" of 10 keeps 3 and updates 7; maxUnavailable "50%" takes 5 per pass',
    replicas: 10,
    strategy: { maxUnavailable: "50%" },
    steps: [{ partition: "30%", moved: 7, perPass: 5 }],
  },
  {
    name: 'partition "90%" of 8 rounds up to 8 and the at-least-one rule updates exactly 1 pod',
    replicas: 8,
    strategy: {},
    steps: [{ partition: "90%", moved: 1, perPass: 2 }],
  },
  {
    name: "maxUnavailable 3 (an integer): 7 → 0 in passes of 3",
    replicas: 7,
    strategy: { maxUnavailable: 3 },
    steps: [{ partition: 0, moved: 7, perPass: 3 }],
  },
  {
    name: "weightPriority: the 3 pods labelled tier=canary move first, exactly those on partition 10 → 7",
    replicas: 10,
    strategy: {
      priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { tier: "canary" } } }] },
    },
    labelled: { count: 3, labels: { tier: "canary" } },
    steps: [{ partition: 7, moved: 3, perPass: 2, labelledMoved: 3 }],
  },
  {
    name: "scatterStrategy spreads the 3 pods labelled zone=a: partition 10 → 5 moves exactly one of them",
    replicas: 10,
    strategy: { maxUnavailable: 5, scatterStrategy: [{ key: "zone", value: "a" }] },
    labelled: { count: 3, labels: { zone: "a" } },
    steps: [{ partition: 5, moved: 5, perPass: 5, labelledMoved: 1 }],
  },
];

async function label(h: ControllerHandle, names: string[], labels: Record<string, string>) {
  for (const name of names) await patchPodMeta(h, name, { labels });
}

describe.each(CONTROLLERS)("partition steps, priority and scatter: the preview holds (%s)", (kind) => {
  const h = useController(kind, { ns: "partition" });
  const cs = () => new WorkloadClient<CloneSet>(h, CLONESET);

  it.each(PARTITION.map((r, i) => ({ ...r, id: `part-${i}` })))("$name", async (row) => {
    const initial = await start(
      cs(),
      cloneSet(row.id, { replicas: row.replicas, strategy: { ...row.strategy, partition: row.replicas } }),
    );
    const labelled = row.labelled
      ? initial.pods
          .map((p) => p.metadata.name!)
          .sort()
          .slice(0, row.labelled.count)
      : [];
    if (row.labelled) await label(h, labelled, row.labelled.labels);
    if (row.labelled) await cs().barrier(row.id);
    const { revisions } = await newRevision(cs(), row.id, imagePatch("nginx:2.0"));
    const uids = initial.pods.map((p) => p.metadata.uid).sort();
    for (const step of row.steps) {
      const object = await cs().get(row.id);
      const pods = await cs().pods(row.id);
      const prediction = predictPartition(object, pods, revisions, step.partition, Date.now());
      const preview = previewPartition(object, pods, step.partition, Date.now()); // the slider's own preview
      const ran = await change(
        cs(),
        row.id,
        { spec: { updateStrategy: { partition: step.partition } } },
        { what: `partition ${step.partition} rolled out`, test: CLONESET.settled },
        object.status!.updateRevision!,
      );
      const fates = observedFates(ran.timeline, pods);
      expect(predictionBreaks(prediction, fates), h.hint()).toEqual([]);
      const moved = ran.timeline.names("in-place");
      expect(moved).toHaveLength(step.moved);
      const named = { exact: [...preview.willMove.exact, ...preview.willMove.held], ties: preview.willMove.ties };
      expect(sliceBreaks(named, moved), h.hint()).toEqual([]);
      expect(preview.perRound).toBe(step.perPass);
      expect(ran.timeline.maxInFlight).toBe(Math.min(step.perPass, step.moved));
      if (step.labelledMoved !== undefined)
        expect(moved.filter((n) => labelled.includes(n))).toHaveLength(step.labelledMoved);
      expect(ran.pods.map((p) => p.metadata.uid).sort()).toEqual(uids);
    }
    await cs().remove(row.id);
  });
});
