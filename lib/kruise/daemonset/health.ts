// Readiness and availability of daemon pods (docs/kruise-rules.md §14.3).
import { getCondition, isPodReadyCondition } from "../core/pod-state";
import { CONDITION_INPLACE_READY } from "../core/names";
import { hasReadinessGate } from "../lifecycle/lifecycle";
import type { Pod } from "../../k8s/objects";

/**
 * Ready=True, and Ready for longer than minReadySeconds (the phase is not looked at). Upstream: kubernetes
 * pkg/api/v1/pod/util.go IsPodAvailable.
 */
export function isPodAvailable(p: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodReadyCondition(p)) return false;
  if (!minReadySeconds) return true;
  const since = getCondition(p, "Ready")?.lastTransitionTime;
  return !!since && Date.parse(since) + minReadySeconds * 1000 < now;
}

/**
 * What the status counts as available: isPodAvailable and, for pods with the InPlaceUpdateReady gate, that condition
 * not False. Upstream: kruise pkg/controller/daemonset/daemonset_util.go isDaemonPodAvailable.
 */
export function isDaemonPodAvailable(p: Pod, minReadySeconds: number, now: number): boolean {
  if (!isPodAvailable(p, minReadySeconds, now)) return false;
  if (!hasReadinessGate(p, CONDITION_INPLACE_READY)) return true;
  const c = getCondition(p, CONDITION_INPLACE_READY);
  return !c || c.status === "True";
}

/** How long until a Ready pod has been Ready for minReadySeconds (podAvailableWaitingTime). */
export function availableWaitMs(p: Pod, minReadySeconds: number, now: number): number {
  const since = getCondition(p, "Ready")?.lastTransitionTime;
  if (!since) return minReadySeconds * 1000;
  return minReadySeconds * 1000 - (now - Date.parse(since));
}
