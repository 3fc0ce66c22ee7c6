// The one function that drives both scaling and updating (docs/kruise-rules.md §3.4).
import { partitionReplicas } from "./partition";
import { isPodAvailable, isPodOnRevision, isSpecifiedDelete, lifecycleState } from "./pod-state";
import { rolloutLimits } from "./rollout-limits";
import type { CloneSet, Pod } from "../../k8s/objects";

export const LABEL_EXCLUDE_PREPARING_DELETE = "apps.kruise.io/cloneset-scaling-exclude-preparing-delete";

export interface ExpectationDiffs {
  scaleUpNum: number;
  scaleUpNumOldRevision: number;
  scaleDownNum: number;
  scaleDownNumOldRevision: number;
  scaleUpLimit: number;
  deleteReadyLimit: number;
  useSurge: number;
  useSurgeOldRevision: number;
  updateNum: number;
  updateMaxUnavailable: number;
}

export interface DiffOptions {
  now: number;
  /** Feature gate CloneSetPartitionRollback (off in v1.9.0). */
  partitionRollback?: boolean;
  /** Decides "new" pods; defaults to the revision label. The scale phase may count PreparingUpdate pods. */
  isPodUpdate?: (pod: Pod, updateRevision: string) => boolean;
  /** Manager flag --cloneset-scaling-exclude-preparing-delete (the CloneSet label works too). */
  excludePreparingDelete?: boolean;
  /**
   * countDiffPods of these pods, when the caller keeps them as pods change (then `pods` is not walked). Only valid
   * for the same cs spec, update revision and isPodUpdate, and a time that does not change availability.
   */
  counts?: DiffCounts;
}

/**
 * How a CloneSet's active pods split for the diffs: new (on the update revision) or old, and of each the pods
 * in PreparingDelete, the pods not in it, the specified-delete ones and the unavailable ones.
 */
export interface DiffCounts {
  newTotal: number;
  newActive: number;
  oldTotal: number;
  oldActive: number;
  unavailNew: number;
  unavailOld: number;
  delNew: number;
  delOld: number;
  preDelNew: number;
  preDelOld: number;
}

export const noDiffCounts = (): DiffCounts => ({
  newTotal: 0,
  newActive: 0,
  oldTotal: 0,
  oldActive: 0,
  unavailNew: 0,
  unavailOld: 0,
  delNew: 0,
  delOld: 0,
  preDelNew: 0,
  preDelOld: 0,
});

/**
 * Adds (sign 1) or takes away (sign -1) one active pod's part of the counts. A caller that keeps counts as pods
 * change takes away the part of the pod's old version with the same cs, revision and options it added it with.
 */
export function tallyPod(
  c: DiffCounts,
  cs: Pick<CloneSet, "spec">,
  p: Pod,
  updateRevision: string,
  opts: DiffOptions,
  sign: 1 | -1 = 1,
): void {
  const n = (opts.isPodUpdate ?? isPodOnRevision)(p, updateRevision);
  if (n) c.newTotal += sign;
  else c.oldTotal += sign;
  if (lifecycleState(p) === "PreparingDelete") {
    if (n) c.preDelNew += sign;
    else c.preDelOld += sign;
    return;
  }
  if (n) c.newActive += sign;
  else c.oldActive += sign;
  if (isSpecifiedDelete(cs, p)) {
    if (n) c.delNew += sign;
    else c.delOld += sign;
  } else if (!isPodAvailable(p, cs.spec.minReadySeconds ?? 0, opts.now)) {
    if (n) c.unavailNew += sign;
    else c.unavailOld += sign;
  }
}

/** The counts of `pods` (all active). */
export function countDiffPods(cs: CloneSet, pods: Pod[], updateRevision: string, opts: DiffOptions): DiffCounts {
  const c = noDiffCounts();
  for (const p of pods) tallyPod(c, cs, p, updateRevision, opts);
  return c;
}

function chooseSurge(
  c: DiffCounts,
  oldDiff: number,
  newDiff: number,
  maxSurge: number,
  maxUnavailable: number,
  totalUnavailable: number,
) {
  let scaleSurge = 0,
    scaleOld = 0;
  const toDel = c.delNew + c.delOld;
  if (toDel > 0) {
    scaleSurge = Math.min(Math.max(totalUnavailable + toDel - maxUnavailable, 0), toDel);
    if (scaleSurge > c.delNew) scaleOld = scaleSurge - c.delNew;
  }
  let updSurge = 0,
    updOld = 0;
  if ((oldDiff < 0 && newDiff > 0) || (oldDiff > 0 && newDiff < 0)) {
    if (Math.abs(oldDiff) <= Math.abs(newDiff)) {
      updSurge = Math.abs(oldDiff);
      if (oldDiff < 0) updOld = updSurge;
    } else {
      updSurge = Math.abs(newDiff);
      if (newDiff > 0) updOld = updSurge;
    }
  }
  // Ties go to scaling: one reconcile never scales and updates at once.
  const [s, o] = scaleSurge >= updSurge ? [scaleSurge, scaleOld] : [updSurge, updOld];
  const useSurge = Math.min(maxSurge, s);
  return { useSurge, useSurgeOldRevision: Math.min(useSurge, o) };
}

/**
 * Scale/update numbers for one reconcile: creations (and how many at the current revision),
 * deletions, the surge in use, the ready-pod deletion budget and the update count/budget.
 * Reproduces the upstream TestCalculateDiffsWithExpectation table.
 * Upstream: kruise pkg/controller/cloneset/sync/cloneset_sync_utils.go calculateDiffsWithExpectation.
 */
export function calculateDiffsWithExpectation(
  cs: CloneSet,
  pods: Pod[],
  currentRevision: string,
  updateRevision: string,
  opts: DiffOptions,
): ExpectationDiffs {
  const replicas = cs.spec.replicas ?? 1;
  const p = partitionReplicas(cs.spec.updateStrategy?.partition, cs.spec.replicas);
  const partition = p.error ? 0 : p.value;
  const { maxSurge, maxUnavailable, scaleMaxUnavailable } = rolloutLimits(cs);
  const c = opts.counts ?? countDiffPods(cs, pods, updateRevision, opts);
  const total = c.newTotal + c.oldTotal;

  let oldDiff = c.oldActive - partition;
  let newDiff = c.newActive - (replicas - partition);
  const totalUnavailable = c.preDelNew + c.preDelOld + c.unavailNew + c.unavailOld;
  if (updateRevision === currentRevision || !opts.partitionRollback) {
    oldDiff = Math.max(oldDiff, 0);
    newDiff = Math.min(newDiff, 0);
  }
  const res: ExpectationDiffs = {
    scaleUpNum: 0,
    scaleUpNumOldRevision: 0,
    scaleDownNum: 0,
    scaleDownNumOldRevision: 0,
    scaleUpLimit: 0,
    deleteReadyLimit: 0,
    useSurge: 0,
    useSurgeOldRevision: 0,
    updateNum: 0,
    updateMaxUnavailable: 0,
  };
  if (maxSurge > 0) Object.assign(res, chooseSurge(c, oldDiff, newDiff, maxSurge, maxUnavailable, totalUnavailable));

  const exclude = opts.excludePreparingDelete || cs.metadata.labels?.[LABEL_EXCLUDE_PREPARING_DELETE] === "true";
  const currentTotal = total - (exclude ? c.preDelOld + c.preDelNew : 0);
  const currentOld = c.oldTotal - (exclude ? c.preDelOld : 0);
  const expectedTotal = replicas + res.useSurge;
  const expectedOld = partition + res.useSurgeOldRevision;

  if (expectedTotal - currentTotal > 0) {
    res.scaleUpNum = expectedTotal - currentTotal;
    res.scaleUpNumOldRevision = Math.max(expectedOld - currentOld, 0);
    res.scaleUpLimit = Math.min(res.scaleUpNum, Math.max(scaleMaxUnavailable - totalUnavailable, 0));
  }
  const down = currentTotal - c.delOld - c.delNew - expectedTotal;
  if (down > 0) {
    res.scaleDownNum = down;
    res.scaleDownNumOldRevision = Math.max(currentOld - c.delOld - expectedOld, 0);
  }
  if (c.delNew > 0 || c.delOld > 0 || res.scaleDownNum > 0) {
    res.deleteReadyLimit = Math.max(maxUnavailable + (total - replicas) - totalUnavailable, 0);
  }
  res.updateNum = Math.abs(oldDiff) <= Math.abs(newDiff) ? oldDiff : 0 - newDiff;
  if (res.updateNum !== 0) res.updateMaxUnavailable = maxUnavailable + total - replicas;
  // Normalise -0 so results compare cleanly.
  if (Object.is(res.updateNum, -0)) res.updateNum = 0;
  return res;
}
