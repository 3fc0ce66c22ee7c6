// What one Advanced StatefulSet reconcile works with once its revisions are chosen, and the pod writes both of its
// halves make (docs/kruise-rules.md §13.2, §13.5).
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { isPodHooked, kruisePodReadyConditions, withLifecycleState } from "@/lib/kruise/lifecycle/lifecycle";
import { lifecycleState } from "@/lib/kruise/core/pod-state";
import { podRevision } from "@/lib/kruise/statefulset/update";
import type { ControllerRevision, Pod, StatefulSet, StatefulSetStatus } from "@/lib/k8s/objects";
import { inPlaceRefresh } from "../workload/refresh";
import type { EventSpec, WorkloadAction } from "../workload/types";

/** What a reconcile works with once revisions are chosen. */
export interface StatefulRound {
  set: StatefulSet;
  current: ControllerRevision;
  update: ControllerRevision;
  revisions: ControllerRevision[];
  now: number;
  actions: WorkloadAction[];
  status: StatefulSetStatus;
  /** Pods whose in-place refresh this reconcile already planned. */
  refreshed: Set<string>;
  requeue(ms: number | undefined): void;
}

export const podEvent = (verb: "create" | "delete", set: StatefulSet, pod: string) => ({
  ok: {
    type: "Normal",
    reason: verb === "create" ? "SuccessfulCreate" : "SuccessfulDelete",
    message: `${verb} Pod ${pod} in StatefulSet ${set.metadata.name} successful`,
  } as EventSpec,
  failed: (err: string): EventSpec => ({
    type: "Warning",
    reason: verb === "create" ? "FailedCreate" : "FailedDelete",
    message: `${verb} Pod ${pod} in StatefulSet ${set.metadata.name} failed error: ${err}`,
  }),
});

/** Counts a pod leaving the status: current and updated by its revision label. */
export function uncount(r: StatefulRound, pod: Pod): void {
  if (podRevision(pod) === r.current.metadata.name) r.status.currentReplicas--;
  if (podRevision(pod) === r.update.metadata.name) r.status.updatedReplicas--;
}

/**
 * Deleting a pod, as the controller's deletePod does: under a matching preDelete hook it only goes PreparingDelete
 * (with markPodNotReady, KruisePodReady False first). Returns whether anything was written.
 */
export function deleteStatefulPod(r: StatefulRound, pod: Pod): boolean {
  const hook = r.set.spec.lifecycle?.preDelete;
  if (r.set.spec.lifecycle && hook && isPodHooked(hook, pod)) {
    if (lifecycleState(pod) === "PreparingDelete") return false;
    const ts = rfc3339(r.now);
    const conds = hook.markPodNotReady ? kruisePodReadyConditions(pod, "preDeleteHook", true, ts) : undefined;
    if (conds) r.actions.push({ kind: "podConditions", pod, conditions: conds });
    r.actions.push({ kind: "updatePod", pod: withLifecycleState(pod, "PreparingDelete", ts) });
    return true;
  }
  const ev = podEvent("delete", r.set, pod.metadata.name!);
  r.actions.push({ kind: "deletePod", pod, deleted: ev.ok, failed: ev.failed });
  return true;
}

/** The examine loop's in-place refresh of one pod (once per reconcile). */
export function refresh(r: StatefulRound, pod: Pod | undefined): void {
  if (!pod || r.refreshed.has(pod.metadata.name!) || pod.metadata.deletionTimestamp) return;
  r.refreshed.add(pod.metadata.name!);
  const x = inPlaceRefresh(pod, r.now);
  r.actions.push(...x.actions);
  r.requeue(x.delayMs);
}
