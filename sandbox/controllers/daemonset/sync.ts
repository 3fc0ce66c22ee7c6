// The writes an Advanced DaemonSet makes for a set of nodes and pods (docs/kruise-rules.md §14.4, §14.5).
import { rfc3339, startInPlaceUpdate } from "@/lib/kruise/inplace/inplace";
import { calculateInPlaceUpdateSpec } from "@/lib/kruise/inplace/spec";
import {
  isPodHooked,
  kruisePodReadyConditions,
  withLifecycleState,
  hasReadinessGate,
} from "@/lib/kruise/lifecycle/lifecycle";
import { getCondition, lifecycleState } from "@/lib/kruise/core/pod-state";
import { CONDITION_INPLACE_READY } from "@/lib/kruise/core/names";
import { LABEL_DS_HASH } from "@/lib/kruise/daemonset/daemon-pods";
import type { ControllerRevision, DaemonSet, Pod } from "@/lib/k8s/objects";
import type { WorkloadAction } from "../workload/types";
import { newDaemonPod } from "./pod-factory";

/**
 * Pods to delete and nodes to give a pod: a pod the preDelete hook holds goes PreparingDelete instead (with
 * markPodNotReady, KruisePodReady False first); creations (slow start) and deletions are each capped by burstReplicas.
 * Events as kube's pod control words them. Upstream: kruise pkg/controller/daemonset/daemonset_controller.go
 * syncNodes, syncWithPreparingDelete; kubernetes pkg/controller/controller_utils.go RealPodControl.
 */
export function syncNodes(
  ds: DaemonSet,
  podsToDelete: Pod[],
  nodesNeedingPods: string[],
  hash: string,
  now: number,
  burst: number,
): WorkloadAction[] {
  const actions: WorkloadAction[] = [];
  const hook = ds.spec.lifecycle?.preDelete;
  const deletable: Pod[] = [];
  for (const p of podsToDelete) {
    if (!hook || !isPodHooked(hook, p)) {
      deletable.push(p);
      continue;
    }
    const ts = rfc3339(now);
    const conds = hook.markPodNotReady ? kruisePodReadyConditions(p, "preDeleteHook", true, ts) : undefined;
    if (conds) actions.push({ kind: "podConditions", pod: p, conditions: conds });
    if (lifecycleState(p) !== "PreparingDelete")
      actions.push({ kind: "updatePod", pod: withLifecycleState(p, "PreparingDelete", ts) });
  }
  const creates = nodesNeedingPods.slice(0, burst).map((n) => newDaemonPod(ds, n, hash));
  if (creates.length)
    actions.push({
      kind: "createPods",
      pods: creates,
      slowStart: true,
      created: (name) => ({ type: "Normal", reason: "SuccessfulCreate", message: `Created pod: ${name}` }),
      failed: (_name, err) => ({ type: "Warning", reason: "FailedCreate", message: `Error creating: ${err}` }),
    });
  for (const p of deletable.slice(0, burst))
    actions.push({
      kind: "deletePod",
      pod: p,
      deleted: { type: "Normal", reason: "SuccessfulDelete", message: `Deleted pod: ${p.metadata.name}` },
      failed: (err) => ({ type: "Warning", reason: "FailedDelete", message: `Error deleting: ${err}` }),
    });
  return actions;
}

/**
 * With rollingUpdateType InPlaceIfPossible, old pods that carry the InPlaceUpdateReady gate and whose revision diff
 * allows it are updated in place (at most burstReplicas); the rest are deleted. Upstream: kruise
 * pkg/controller/daemonset/daemonset_update.go inPlaceUpdatePods, canPodInPlaceUpdate.
 */
export function inPlaceOrDelete(
  ds: DaemonSet,
  pods: Pod[],
  cur: ControllerRevision,
  revisions: ControllerRevision[],
  hash: string,
  now: number,
  burst: number,
): { actions: WorkloadAction[]; toDelete: Pod[] } {
  const actions: WorkloadAction[] = [];
  const toDelete: Pod[] = [];
  let updated = 0;
  for (const pod of pods) {
    const old = revisions.find((r) => r.metadata.labels?.[LABEL_DS_HASH] === pod.metadata.labels?.[LABEL_DS_HASH]);
    const spec = hasReadinessGate(pod, CONDITION_INPLACE_READY) && old ? calculateInPlaceUpdateSpec(old, cur) : null;
    if (!spec) {
      toDelete.push(pod);
      continue;
    }
    if (updated++ >= burst) continue;
    const conds = [
      {
        type: CONDITION_INPLACE_READY,
        status: "False",
        reason: "StartInPlaceUpdate",
        lastTransitionTime: rfc3339(now),
      },
      ...(getCondition(pod, "ContainersReady")?.status === "True"
        ? [
            {
              type: "Ready",
              status: "False",
              reason: "ReadinessGatesNotReady",
              message: `the status of pod readiness gate "${CONDITION_INPLACE_READY}" is not "True", but False`,
              lastTransitionTime: null,
            },
          ]
        : []),
    ];
    actions.push({ kind: "podConditions", pod, conditions: conds });
    actions.push({
      kind: "updatePod",
      pod: startInPlaceUpdate(pod, { ...spec, revision: hash }, now, undefined, false),
      event: {
        type: "Normal",
        reason: "SuccessfulUpdatePodInPlace",
        message: `successfully update pod ${pod.metadata.name} in-place`,
      },
      failEvent: {
        type: "Warning",
        reason: "FailedUpdatePodInPlace",
        message: `failed to update pod ${pod.metadata.name} in-place(revision ${cur.metadata.name})`,
      },
    });
  }
  return { actions, toDelete };
}
