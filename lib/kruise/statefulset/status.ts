// The status an Advanced StatefulSet reconcile writes, and when it writes it (docs/kruise-rules.md §13.6).
import { selectorString } from "../core/labels";
import type { Pod, StatefulSet, StatefulSetStatus } from "../../k8s/objects";
import { isCreated, isRunningAndReady, isTerminating, minReadySeconds, runningAndAvailable } from "./health";
import { podRevision } from "./update";

export interface StatusInput {
  set: StatefulSet;
  /** Every pod the set owns, terminating and condemned ones included. */
  pods: Pod[];
  currentRevision: string;
  updateRevision: string;
  collisionCount: number;
  now: number;
}

/**
 * A fresh status from the owned pods: replicas counts them all; ready = Running and Ready; available = ready for
 * minReadySeconds; current/updated count created, non-terminating pods whose revision label equals the current/update
 * revision. Conditions are not carried over. Upstream: kruise pkg/controller/statefulset/stateful_set_control.go
 * updateStatefulSet.
 */
export function countStatus(i: StatusInput): StatefulSetStatus {
  const s: StatefulSetStatus = {
    observedGeneration: i.set.metadata.generation,
    replicas: 0,
    readyReplicas: 0,
    availableReplicas: 0,
    currentReplicas: 0,
    updatedReplicas: 0,
    updatedReadyReplicas: 0,
    updatedAvailableReplicas: 0,
    currentRevision: i.currentRevision,
    updateRevision: i.updateRevision,
    collisionCount: i.collisionCount,
    labelSelector: selectorString(i.set.spec.selector),
  };
  const minReady = minReadySeconds(i.set);
  for (const p of i.pods) {
    s.replicas++;
    const rev = podRevision(p);
    if (isRunningAndReady(p)) {
      const available = runningAndAvailable(p, minReady, i.now).available;
      s.readyReplicas++;
      if (rev === i.updateRevision) {
        s.updatedReadyReplicas!++;
        if (available) s.updatedAvailableReplicas!++;
      }
      if (available) s.availableReplicas++;
    }
    if (isCreated(p) && !isTerminating(p)) {
      if (rev === i.currentRevision) s.currentReplicas++;
      if (rev === i.updateRevision) s.updatedReplicas++;
    }
  }
  return s;
}

/**
 * Ends a rolling update in the status: with RollingUpdate, once every pod is updated and ready, currentRevision
 * becomes updateRevision and currentReplicas the updated count. Upstream: stateful_set_utils.go completeRollingUpdate.
 */
export function completeRollingUpdate(set: Pick<StatefulSet, "spec">, s: StatefulSetStatus): StatefulSetStatus {
  if ((set.spec.updateStrategy?.type ?? "RollingUpdate") !== "RollingUpdate") return s;
  if (s.updatedReplicas !== s.replicas || s.readyReplicas !== s.replicas) return s;
  return { ...s, currentReplicas: s.updatedReplicas, currentRevision: s.updateRevision };
}

/**
 * Whether the new status must be written: a newer observedGeneration, or a change in replicas, current, ready,
 * available or updated counts, the revisions or the selector. The updated-ready counts alone never cause a write.
 * Upstream: stateful_set_utils.go inconsistentStatus.
 */
export function statusNeedsWrite(old: StatefulSetStatus | undefined, s: StatefulSetStatus): boolean {
  const o = old ?? ({} as Partial<StatefulSetStatus>);
  return (
    (s.observedGeneration ?? 0) > (o.observedGeneration ?? 0) ||
    s.replicas !== (o.replicas ?? 0) ||
    s.currentReplicas !== (o.currentReplicas ?? 0) ||
    s.readyReplicas !== (o.readyReplicas ?? 0) ||
    s.availableReplicas !== (o.availableReplicas ?? 0) ||
    s.updatedReplicas !== (o.updatedReplicas ?? 0) ||
    (s.currentRevision ?? "") !== (o.currentRevision ?? "") ||
    (s.updateRevision ?? "") !== (o.updateRevision ?? "") ||
    (s.labelSelector ?? "") !== (o.labelSelector ?? "")
  );
}

/** The status as Go's encoding/json writes it: omitempty fields at their zero value are left out. */
export function wireStatus(s: StatefulSetStatus): StatefulSetStatus {
  const out: StatefulSetStatus = { ...s };
  for (const k of ["observedGeneration", "updatedReadyReplicas", "updatedAvailableReplicas"] as const)
    if (!out[k]) delete out[k];
  for (const k of ["currentRevision", "updateRevision", "labelSelector"] as const) if (!out[k]) delete out[k];
  if (!out.conditions?.length) delete out.conditions;
  return out;
}
