// The rolling update half of an Advanced StatefulSet reconcile (docs/kruise-rules.md §13.4, §13.5, §13.8).
import { rfc3339, startInPlaceUpdate } from "@/lib/kruise/inplace/inplace";
import {
  kruisePodReadyConditions,
  withHookHandlers,
  withLifecycleState,
  type LifecycleState,
} from "@/lib/kruise/lifecycle/lifecycle";
import { getCondition } from "@/lib/kruise/core/pod-state";
import { CONDITION_INPLACE_READY } from "@/lib/kruise/core/names";
import { podUpdateStep, refreshLifecycle } from "@/lib/kruise/statefulset/pod-update";
import { podRevision, unavailablePods, updateRound } from "@/lib/kruise/statefulset/update";
import type { Pod, PodCondition } from "@/lib/k8s/objects";
import { deleteStatefulPod, refresh, type StatefulRound } from "./round";

/** §7.3 step 1: InPlaceUpdateReady False (StartInPlaceUpdate) and, if the containers are ready, Ready False. */
function startConditions(pod: Pod, now: number): PodCondition[] {
  const conds: PodCondition[] = [
    { type: CONDITION_INPLACE_READY, status: "False", reason: "StartInPlaceUpdate", lastTransitionTime: rfc3339(now) },
  ];
  if (getCondition(pod, "ContainersReady")?.status === "True")
    conds.push({
      type: "Ready",
      status: "False",
      reason: "ReadinessGatesNotReady",
      message: `the status of pod readiness gate "${CONDITION_INPLACE_READY}" is not "True", but False`,
      lastTransitionTime: null,
    });
  return conds;
}

/** A lifecycle move with markPodNotReady's KruisePodReady change first (lifecycle_utils.go UpdatePodLifecycle). */
function moveLifecycle(r: StatefulRound, pod: Pod, state: LifecycleState, markPodNotReady?: boolean): void {
  const ts = rfc3339(r.now);
  if (markPodNotReady && (state === "PreparingUpdate" || state === "Updated")) {
    const conds = kruisePodReadyConditions(pod, "preUpdateHook", state === "PreparingUpdate", ts);
    if (conds) r.actions.push({ kind: "podConditions", pod, conditions: conds });
  }
  r.actions.push({ kind: "updatePod", pod: withLifecycleState(pod, state, ts) });
}

/**
 * Refresh every pod's lifecycle (a move ends the reconcile); stop while paused; then one round of the update walk,
 * each chosen pod updated in place, moved to PreparingUpdate, or deleted to come back at the update revision.
 * Returns an error text when a pod cannot be updated as the policy demands. Upstream: kruise
 * pkg/controller/statefulset/stateful_set_control.go rollingUpdateStatefulsetPods, refreshPodState, inPlaceUpdatePod.
 */
export function rollingUpdate(r: StatefulRound, pods: Pod[], replicas: (Pod | undefined)[]): string | undefined {
  const { set, now } = r;
  const ru = set.spec.updateStrategy?.rollingUpdate;
  let modified = false;
  for (const pod of pods) {
    if (!ru) break;
    refresh(r, pod);
    const state = refreshLifecycle(set, pod, r.update.metadata.name!);
    if (!state || pod.metadata.labels?.["lifecycle.apps.kruise.io/state"] === state) continue;
    moveLifecycle(r, pod, state, set.spec.lifecycle?.inPlaceUpdate?.markPodNotReady);
    modified = true;
  }
  if (modified || ru?.paused) return undefined;
  r.requeue(unavailablePods(set, replicas, now).waitMs);
  const round = updateRound(set, replicas, r.update.metadata.name!, now);
  for (const ord of round.chosen) {
    const pod = replicas[ord]!;
    const step = podUpdateStep(set, pod, r.update, r.revisions);
    if (step.kind === "error") return step.message;
    if (step.kind === "recreate") deleteStatefulPod(r, pod);
    else if (step.kind === "preparingUpdate") {
      const hook = set.spec.lifecycle?.inPlaceUpdate;
      // From Updated the hook's handlers come back with it; without a hook there is nothing to wait for.
      if (!step.withHandlers) moveLifecycle(r, pod, "PreparingUpdate", hook?.markPodNotReady);
      else if (hook) moveLifecycle(r, withHookHandlers(pod, hook), "PreparingUpdate", hook.markPodNotReady);
    } else if (step.kind === "inPlace") {
      const name = pod.metadata.name,
        rev = r.update.metadata.name;
      const ts = rfc3339(now);
      const lifecycle = step.lifecycle;
      const updated = startInPlaceUpdate(
        pod,
        step.spec,
        now,
        lifecycle ? (p) => withLifecycleState(p, lifecycle, ts) : undefined,
        false,
      );
      if (pod.spec.readinessGates?.some((g) => g.conditionType === CONDITION_INPLACE_READY))
        r.actions.push({ kind: "podConditions", pod, conditions: startConditions(pod, now) });
      r.actions.push({
        kind: "updatePod",
        pod: updated,
        event: {
          type: "Normal",
          reason: "SuccessfulUpdatePodInPlace",
          message: `successfully update pod ${name} in-place(revision ${rev})`,
        },
        failEvent: {
          type: "Warning",
          reason: "FailedUpdatePodInPlace",
          message: `failed to update pod ${name} in-place(revision ${rev})`,
        },
      });
      r.requeue(step.spec.graceSeconds ? step.spec.graceSeconds * 1000 : undefined);
    }
    if (podRevision(pod) === r.current.metadata.name) r.status.currentReplicas--;
  }
  return undefined;
}
