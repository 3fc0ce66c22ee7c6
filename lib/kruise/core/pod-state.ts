// Pod readiness / availability / revision predicates as the CloneSet controller uses them
// (docs/kruise-rules.md §3.1, §3.4, §6.3).
import type { CloneSet, Pod, PodCondition } from "../../k8s/objects";
import { CONDITION_INPLACE_READY, LABEL_LIFECYCLE_STATE, LABEL_REVISION_HASH, LABEL_SPECIFIED_DELETE } from "./names";

export function getCondition(pod: Pod, type: string): PodCondition | undefined {
  return pod.status?.conditions?.find((c) => c.type === type);
}

/** Pod is active: not Succeeded/Failed and not being deleted (k8s pkg/controller IsPodActive). */
export function isPodActive(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase !== "Succeeded" && phase !== "Failed" && !pod.metadata.deletionTimestamp;
}

/** Ready condition True (k8s pkg/api/v1/pod IsPodReady). */
export function isPodReadyCondition(pod: Pod): boolean {
  return getCondition(pod, "Ready")?.status === "True";
}

/**
 * Running, Ready, and Ready for strictly more than minReadySeconds (k8s podutil.IsPodAvailable,
 * kruise pkg/controller/cloneset/utils IsRunningAndAvailable). A Ready condition without a
 * lastTransitionTime only counts when minReadySeconds is 0.
 */
export function isRunningAndAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  if (pod.status?.phase !== "Running") return false;
  const ready = getCondition(pod, "Ready");
  if (ready?.status !== "True") return false;
  if (!minReadySeconds) return true;
  if (!ready.lastTransitionTime) return false;
  return Date.parse(ready.lastTransitionTime) + minReadySeconds * 1000 < now;
}

/** InPlaceUpdateReady absent or True (kruise pkg/util/inplaceupdate GetCondition use in cloneset_core.go). */
export function isInPlaceUpdateReady(pod: Pod): boolean {
  const c = getCondition(pod, CONDITION_INPLACE_READY);
  return !c || c.status === "True";
}

/**
 * status.readyReplicas rule: Running, Ready=True and InPlaceUpdateReady absent/True; lifecycle
 * state ignored. Upstream: kruise cloneset_core.go IsPodUpdateReady(pod, 0) via cloneset_status.go.
 */
export function isPodReady(pod: Pod, now = 0): boolean {
  return isRunningAndAvailable(pod, 0, now) && isInPlaceUpdateReady(pod);
}

export function lifecycleState(pod: Pod): string {
  return pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] ?? "";
}

/**
 * CloneSet availability: lifecycle state empty or Normal, Running, Ready for more than
 * minReadySeconds, InPlaceUpdateReady absent/True.
 * Upstream: kruise pkg/controller/cloneset/sync/cloneset_sync_utils.go IsPodAvailable.
 */
export function isPodAvailable(pod: Pod, minReadySeconds: number, now: number): boolean {
  const state = lifecycleState(pod);
  if (state !== "" && state !== "Normal") return false;
  return isRunningAndAvailable(pod, minReadySeconds, now) && isInPlaceUpdateReady(pod);
}

/** Part of a revision name after the last '-' (the hash), or the whole string. */
export function revisionHashPart(revision: string): string {
  const i = revision.lastIndexOf("-");
  return i < 0 ? revision : revision.slice(i + 1);
}

/**
 * Pod carries `revision` in controller-revision-hash, as full name or short hash.
 * Upstream: kruise pkg/controller/cloneset/utils/cloneset_utils.go EqualToRevisionHash.
 */
export function isPodOnRevision(pod: Pod, revision: string): boolean {
  const v = pod.metadata.labels?.[LABEL_REVISION_HASH];
  if (!v) return false;
  return v === revision || revisionHashPart(v) === revisionHashPart(revision);
}

/**
 * Pod marked for deletion by label apps.kruise.io/specified-delete (any value) or listed in
 * scaleStrategy.podsToDelete. Upstream: sync/cloneset_sync_utils.go isSpecifiedDelete.
 */
export function isSpecifiedDelete(cs: Pick<CloneSet, "spec">, pod: Pod): boolean {
  if (pod.metadata.labels && LABEL_SPECIFIED_DELETE in pod.metadata.labels) return true;
  return (cs.spec.scaleStrategy?.podsToDelete ?? []).includes(pod.metadata.name ?? "");
}

/** Highest restartCount over the pod's containers (used by both sort orders, §4). */
export function maxRestarts(pod: Pod): number {
  return Math.max(0, ...(pod.status?.containerStatuses ?? []).map((c) => c.restartCount ?? 0));
}

/**
 * The pod counts a CloneSet's status reports (docs/kruise-rules.md §3.1; `cloneset_status.go` calculateStatus):
 * active pods, and of those the ready, available, updated, updated-ready and updated-available ones.
 */
export interface StatusCounts {
  /** active pods */
  replicas: number;
  ready: number;
  available: number;
  updated: number;
  updatedReady: number;
  updatedAvailable: number;
}
