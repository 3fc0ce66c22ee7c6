/**
 * Partition steps under maxSurge and maxUnavailable, in integers and percentages, for ReCreate and
 * InPlaceIfPossible (docs/kruise-rules.md §3.3, §3.8): what predictPartition says from the live objects — the surge
 * pods, the per-pass budget, which pods are updated in place, recreated, or deleted rather than updated — and that
 * both controllers then do exactly that.
 */
import { describe, expect, it } from "vitest";
import type { CloneSet, CloneSetUpdateStrategy, IntOrString } from "@/lib/k8s/objects";
import { predictPartition } from "@/lib/kruise/order/change-prediction";
import { previewPartition } from "@/lib/kruise/order/preview";
import type { PodFate } from "@/lib/kruise/order/rollout-prediction";
import { CLONESET, cloneSet, imagePatch } from "./lib/cloneset";
import { observedFates, predictionBreaks } from "./lib/fates";
import { CONTROLLERS, useController } from "./lib/harness";
import { change, newRevision, start } from "./lib/scenario";
import { WorkloadClient } from "./lib/workload";

interface SurgeRow {
  name: string;
  replicas: number;
  strategy: CloneSetUpdateStrategy;
  /** the partition the scenario moves to (from `replicas`, nothing updated) */
  partition: IntOrString;
  /** the change of template: a new image (in place possible) or a sidecar env too (recreate) */
  recreate?: boolean;
  /** what the prediction must say, and what both controllers then do */
  surge: number;
  perPass: number;
  created: number;
  fates: Partial<Record<PodFate, number>>;
}

const SURGE: SurgeRow[] = [
  {
    name: "ReCreate, maxUnavailable 0, maxSurge 2, 10 → 0: 2 surge pods, 8 old pods recreated 2 at a time, the last 2 deleted",
    replicas: 10,
    strategy: { type: "ReCreate", maxUnavailable: 0, maxSurge: 2 },
    partition: 0,
    surge: 2,
    perPass: 2,
    created: 10,
    fates: { recreate: 8, deleted: 2 },
  },
  {
    name: "InPlaceIfPossible, maxSurge 20 %, maxUnavailable 30 %, 7 → 0: 2 surge pods, 5 in place (4 at most per pass), 2 old pods deleted instead",
    replicas: 7,
    strategy: { type: "InPlaceIfPossible", maxUnavailable: "30%", maxSurge: "20%" },
    partition: 0,
    surge: 2,
    perPass: 4,
    created: 2,
    fates: { "in-place": 5, deleted: 2 },
  },
  {
    name: "InPlaceIfPossible, maxUnavailable 0, maxSurge 1, 5 → 0: 1 surge pod, 4 in place one at a time, the last old pod deleted",
    replicas: 5,
    strategy: { type: "InPlaceIfPossible", maxUnavailable: 0, maxSurge: 1 },
    partition: 0,
    surge: 1,
    perPass: 1,
    created: 1,
    fates: { "in-place": 4, deleted: 1 },
  },
  {
    name: 'InPlaceIfPossible, maxUnavailable 1, maxSurge "50%", 4 → "50%": 2 surge pods; the partition keeps 2 old pods',
    replicas: 4,
    strategy: { type: "InPlaceIfPossible", maxUnavailable: 1, maxSurge: "50%" },
    partition: "50%",
    surge: 2,
    perPass: 3,
    created: 2,
    fates: { kept: 2, deleted: 2 },
  },
  {
    name: "InPlaceIfPossible with a change that cannot go in place, maxUnavailable 1, maxSurge 1, 4 → 0: recreated, 1 surge pod",
    replicas: 4,
    strategy: { type: "InPlaceIfPossible", maxUnavailable: 1, maxSurge: 1 },
    partition: 0,
    recreate: true,
    surge: 1,
    perPass: 2,
    created: 4,
    fates: { recreate: 3, deleted: 1 },
  },
];

const count = (fates: Map<string, PodFate>) => {
  const out: Partial<Record<PodFate, number>> = {};
  for (const f of fates.values()) out[f] = (out[f] ?? 0) + 1;
  return out;
};

describe.each(CONTROLLERS)("partition steps under maxSurge: the preview holds (%s)", (kind) => {
  const h = useController(kind, { ns: "surge" });
  const cs = () => new WorkloadClient<CloneSet>(h, CLONESET);

  it.each(SURGE.map((r, i) => ({ ...r, id: `surge-${i}` })))("$name", async (row) => {
    const initial = await start(
      cs(),
      cloneSet(row.id, { replicas: row.replicas, strategy: { ...row.strategy, partition: row.replicas } }),
    );
    const { object, revisions } = await newRevision(
      cs(),
      row.id,
      imagePatch("nginx:2.0", undefined, row.recreate ? "on" : undefined),
    );
    const pods = await cs().pods(row.id);
    expect(pods.map((p) => p.metadata.uid).sort()).toEqual(initial.pods.map((p) => p.metadata.uid).sort());

    const prediction = predictPartition(object, pods, revisions, row.partition, Date.now());
    expect([prediction.surge, prediction.perPass, prediction.created.max]).toEqual([
      row.surge,
      row.perPass,
      row.created,
    ]);
    expect(previewPartition(object, pods, row.partition, Date.now()).perRound).toBe(row.perPass);

    const update = object.status!.updateRevision!;
    const ran = await change(
      cs(),
      row.id,
      { spec: { updateStrategy: { partition: row.partition } } },
      { what: "the partition's share updated and the surge gone", test: CLONESET.settled },
      update,
    );
    const fates = observedFates(ran.timeline, pods);
    expect(count(fates)).toEqual(row.fates);
    expect(predictionBreaks(prediction, fates), h.hint()).toEqual([]);
    expect(ran.timeline.names("created")).toHaveLength(row.created);
    expect(ran.timeline.maxPods).toBe(row.replicas + row.surge);
    expect(ran.timeline.maxInFlight).toBeLessThanOrEqual(row.perPass);
    expect(ran.object.status?.updatedReadyReplicas).toBe(ran.object.status?.expectedUpdatedReplicas);
    await cs().remove(row.id);
  });
});
