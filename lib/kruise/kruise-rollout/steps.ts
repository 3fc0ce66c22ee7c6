// Kruise Rollout's step arithmetic for a CloneSet released partition-style (docs/kruise-rollouts.md §7):
// how many pods a step wants updated, the partition the BatchRelease writes for it, and when a batch is ready.
import type { CanaryStep, IntOrString } from "../../k8s/objects";

export type Scaled = { value: number; error?: undefined } | { value: 0; error: string };

/**
 * apimachinery `intstr.GetScaledValueFromIntOrPercent` as openkruise/rollouts calls it: an integer, or a string
 * `N%` with an integer N (rounded as asked); any other string is an error. Kruise's own CloneSet parser accepts
 * fractional percentages, this one does not (the Rollout webhook rejects them; docs/kruise-rollouts.md §10).
 */
export function rolloutScaled(v: IntOrString | undefined | null, total: number, roundUp: boolean): Scaled {
  if (v === undefined || v === null) return { value: 0, error: "nil value for IntOrString" };
  if (typeof v === "number") return Number.isInteger(v) ? { value: v } : { value: 0, error: `invalid value ${v}` };
  const m = /^(-?\d+)%$/.exec(v);
  if (!m) return { value: 0, error: `invalid value for IntOrString: invalid type: string is not a percentage` };
  const raw = (Number(m[1]) * total) / 100;
  return { value: roundUp ? Math.ceil(raw) : Math.floor(raw) };
}

/**
 * Pods a step wants on the new revision: `clamp(ceil-scale(step.replicas, R), 0, R)`; an integer above R is
 * clamped, not refused. Upstream: openkruise/rollouts pkg/controller/batchrelease/control/util.go
 * `CalculateBatchReplicas`.
 */
export function plannedReplicas(stepReplicas: IntOrString | undefined, replicas: number): number {
  const s = rolloutScaled(stepReplicas, replicas, true);
  return Math.max(0, Math.min(s.value, replicas));
}

/**
 * The partition the BatchRelease writes for a step: an integer step gives the integer `R − planned`; a
 * percentage step gives `"p%"` with `p = floor(100·(R − planned)/R)`, `"100%"`/`"0%"` at the ends, and `"1%"`
 * when p would keep no pod although the step is not the literal `"100%"`.
 * Upstream: openkruise/rollouts pkg/controller/batchrelease/control/partitionstyle/cloneset/control.go
 * `CalculateBatchContext`, control/util.go `ParseIntegerAsPercentageIfPossible`.
 */
export function stepPartition(stepReplicas: IntOrString | undefined, replicas: number): IntOrString {
  const planned = plannedReplicas(stepReplicas, replicas);
  const desiredStable = replicas - planned;
  if (typeof stepReplicas !== "string") return desiredStable;
  if (desiredStable >= replicas) return "100%";
  if (desiredStable <= 0) return "0%";
  const p = Math.floor((100 * desiredStable) / replicas);
  if (Math.ceil((p * replicas) / 100) === 0 && stepReplicas !== "100%") return "1%";
  return `${p}%`;
}

/**
 * Whether a step's pause passes at once: only the LAST step whose replicas is literally the string "100%".
 * An integer last step equal to R still pauses. Upstream: openkruise/rollouts pkg/controller/rollout/
 * rollout_canary.go `doCanaryPaused`.
 */
export function pauseSkipped(steps: readonly CanaryStep[], index1: number): boolean {
  return index1 === steps.length && steps[index1 - 1]?.replicas === "100%";
}

/** The next 1-based step index, or -1 after the last. Upstream: openkruise/rollouts pkg/util `NextBatchIndex`. */
export function nextStepIndex(current1: number, steps: number): number {
  return current1 >= steps ? -1 : current1 + 1;
}

/**
 * Pods each batch adds, for the batch labels (`rollouts.kruise.io/rollout-batch-id`): batch b's planned count
 * minus batch b−1's, never negative. Upstream: openkruise/rollouts pkg/controller/batchrelease/labelpatch/
 * patcher.go `patchPodBatchLabel`.
 */
export function batchIncrements(steps: readonly CanaryStep[], replicas: number): number[] {
  let before = 0;
  return steps.map((s) => {
    const planned = plannedReplicas(s.replicas, replicas);
    const add = Math.max(0, planned - before);
    before = Math.max(before, planned);
    return add;
  });
}

export interface BatchReadyInput {
  planned: number;
  /** CloneSet status.updatedReplicas and status.updatedReadyReplicas. */
  updated: number;
  updatedReady: number;
  failureThreshold?: IntOrString | null;
  /** Live pods labelled `rollouts.kruise.io/rollout-id=<rolloutID>`, or undefined when there are no pods. */
  labelledPods?: number;
}

/**
 * The batch ready check, each rule with the reason it fails. nil failureThreshold means 0 (not maxUnavailable,
 * whatever the API comment says); a percentage scales on the updated count, rounded up.
 * Upstream: openkruise/rollouts pkg/controller/batchrelease/context/context.go `IsBatchReady`.
 */
export function batchReady(i: BatchReadyInput): { ready: true } | { ready: false; reason: string } {
  if (i.updated < i.planned) return { ready: false, reason: `${i.updated} of ${i.planned} updated` };
  const tolerated = i.failureThreshold == null ? 0 : rolloutScaled(i.failureThreshold, i.updated, true).value;
  if (i.updatedReady + tolerated < i.planned)
    return {
      ready: false,
      reason: `${i.updatedReady} of ${i.planned} ready` + (tolerated ? ` (${tolerated} may fail)` : ""),
    };
  if (i.planned > 0 && i.updatedReady === 0) return { ready: false, reason: "no updated pod is ready" };
  if (i.labelledPods !== undefined && i.labelledPods < i.planned)
    return { ready: false, reason: `${i.labelledPods} of ${i.planned} pods carry the batch label` };
  return { ready: true };
}
