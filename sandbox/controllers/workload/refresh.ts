// The in-place refresh every workload controller runs on its pods (docs/kruise-rules.md §7.4–§7.6): the grace period
// ends, the next container batch starts, InPlaceUpdateReady turns True once the update is complete — and the
// KruisePodReady gate Kruise's pod webhook adds is set True once, as Kruise's pod readiness controller does.
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { checkInPlaceUpdateCompleted, finishGracePeriod, nextBatch } from "@/lib/kruise/inplace/refresh";
import { hasReadinessGate } from "@/lib/kruise/lifecycle/lifecycle";
import { getCondition } from "@/lib/kruise/core/pod-state";
import { CONDITION_INPLACE_READY, CONDITION_KRUISE_POD_READY } from "@/lib/kruise/core/names";
import type { Pod, PodCondition } from "@/lib/k8s/objects";
import type { WorkloadAction } from "./types";

export interface Refreshed {
  actions: WorkloadAction[];
  delayMs?: number;
}

/**
 * One pod's refresh: grace period over → images applied; else the next batch when the previous one is ready; else,
 * with the gate and the update complete, InPlaceUpdateReady True. Upstream: kruise pkg/util/inplaceupdate/
 * inplace_update.go Refresh; pkg/controller/podreadiness.
 */
export function inPlaceRefresh(pod: Pod, now: number): Refreshed {
  const actions: WorkloadAction[] = [];
  const conds: PodCondition[] = [];
  if (hasReadinessGate(pod, CONDITION_KRUISE_POD_READY) && !getCondition(pod, CONDITION_KRUISE_POD_READY))
    conds.push({ type: CONDITION_KRUISE_POD_READY, status: "True", lastTransitionTime: rfc3339(now) });
  const grace = finishGracePeriod(pod, now);
  if (grace.pod) actions.push({ kind: "updatePod", pod: grace.pod });
  else if (grace.delayMs === undefined) {
    const batch = nextBatch(pod, now);
    if (batch) actions.push({ kind: "updatePod", pod: batch });
    else if (
      hasReadinessGate(pod, CONDITION_INPLACE_READY) &&
      getCondition(pod, CONDITION_INPLACE_READY)?.status !== "True" &&
      checkInPlaceUpdateCompleted(pod) === null
    )
      conds.push({ type: CONDITION_INPLACE_READY, status: "True", lastTransitionTime: rfc3339(now) });
  }
  if (conds.length) actions.unshift({ kind: "podConditions", pod, conditions: conds });
  return { actions, delayMs: grace.delayMs };
}
