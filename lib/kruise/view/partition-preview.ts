/**
 * The partition preview's view model: how many pods stay and move and in which order and rounds (previewPartition,
 * lib/kruise/order/preview.ts), and what happens to each of them (predictPartition,
 * lib/kruise/order/change-prediction.ts): updated in place, recreated (ReCreate, or a change that cannot go in place),
 * deleted rather than updated (the surge pods take their place), with the surge pods created first and the real
 * per-pass budget, maxUnavailable plus the surge (docs/kruise-rules.md §3.2–§3.8, §4.1).
 */
import { predictPartition } from "../order/change-prediction";
import { previewPartition, type PartitionPreview } from "../order/preview";
import type { CloneSet, ControllerRevision, IntOrString, Pod } from "../../k8s/objects";
import { fateLists, type FateLists } from "./fates";

export interface PartitionPreviewModel {
  preview: PartitionPreview;
  /** what happens to each pod that moves; absent when nothing moves */
  fates?: FateLists;
  strategy: "ReCreate" | "InPlaceIfPossible" | "InPlaceOnly";
  /** what the strategy does to a pod that moves, in one sentence */
  strategyText: string;
}

const STRATEGY_TEXT = {
  ReCreate: "ReCreate: each pod that moves is deleted and a new one created at the update revision",
  InPlaceIfPossible:
    "InPlaceIfPossible: a pod whose change allows it is updated in place (same pod, containers restarted), others are recreated",
  InPlaceOnly: "InPlaceOnly: pods are only updated in place; a change that cannot go in place stops the update",
} as const;

/**
 * Everything the partition preview shows for setting spec.updateStrategy.partition to `partition`. `runs` bounds the
 * prediction's seeded variations (fewer on large sets); `pods` are the CloneSet's own.
 */
export function partitionPreviewModel(
  cs: CloneSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  partition: IntOrString,
  now: number,
  runs?: number,
): PartitionPreviewModel {
  const preview = previewPartition(cs, pods, partition, now);
  const type = cs.spec.updateStrategy?.type;
  const strategy: PartitionPreviewModel["strategy"] =
    type === "InPlaceIfPossible" || type === "InPlaceOnly" ? type : "ReCreate";
  const base = { preview, strategy, strategyText: STRATEGY_TEXT[strategy] };
  if (preview.error || preview.moveCount === 0) return base;
  const prediction = predictPartition(cs, pods, revisions, partition, now, runs === undefined ? {} : { runs });
  return { ...base, fates: fateLists(prediction) };
}
