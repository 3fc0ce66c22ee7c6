// Pod health as the Advanced StatefulSet controller reads it (docs/kruise-rules.md §13.3).
import { getCondition, isPodReadyCondition, lifecycleState } from "../core/pod-state";
import type { Pod, StatefulSet } from "../../k8s/objects";

export const isTerminating = (p: Pod) => !!p.metadata.deletionTimestamp;
/** Created: the API server has given it a phase (isCreated). */
export const isCreated = (p: Pod) => !!p.status?.phase;
export const isFailed = (p: Pod) => p.status?.phase === "Failed";

/** Running with Ready=True (isRunningAndReady). */
export function isRunningAndReady(p: Pod): boolean {
  return p.status?.phase === "Running" && isPodReadyCondition(p);
}

/**
 * Running and Ready for minReadySeconds; when not yet, how long until it may be (0 when it is not even ready).
 * Upstream: kruise pkg/controller/statefulset/stateful_set_utils.go isRunningAndAvailable.
 */
export function runningAndAvailable(
  p: Pod,
  minReadySeconds: number,
  now: number,
): { available: boolean; waitMs: number } {
  if (!isRunningAndReady(p)) return { available: false, waitMs: 0 };
  if (!minReadySeconds) return { available: true, waitMs: 0 };
  const since = getCondition(p, "Ready")?.lastTransitionTime;
  if (!since) return { available: false, waitMs: minReadySeconds * 1000 };
  const wait = Date.parse(since) + minReadySeconds * 1000 - now;
  return wait > 0 ? { available: false, waitMs: wait } : { available: true, waitMs: 0 };
}

/**
 * Healthy: lifecycle state empty or Normal, running and ready, not terminating. What the ordered scale and the
 * update budget count. Upstream: stateful_set_utils.go isHealthy.
 */
export function isHealthy(p: Pod): boolean {
  const state = lifecycleState(p);
  if (state !== "" && state !== "Normal") return false;
  return isRunningAndReady(p) && !isTerminating(p);
}

/** `updateStrategy.rollingUpdate.minReadySeconds`, default 0 (getMinReadySeconds). */
export function minReadySeconds(set: Pick<StatefulSet, "spec">): number {
  return set.spec.updateStrategy?.rollingUpdate?.minReadySeconds ?? 0;
}

/** OrderedReady (the default) is monotonic; Parallel allows bursts (allowsBurst). */
export function isMonotonic(set: Pick<StatefulSet, "spec">): boolean {
  return set.spec.podManagementPolicy !== "Parallel";
}
