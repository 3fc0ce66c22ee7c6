// The workloads a Rollout drives partition-style in the sandbox: a CloneSet, or an Advanced StatefulSet (the
// BatchRelease's StatefulSet-like controller). Upstream: openkruise/rollouts v0.6.2
// pkg/controller/batchrelease/batchrelease_executor.go `getReleaseController`, pkg/util/controller_finder.go,
// pkg/util/parse_utils.go `ParseWorkloadStatus`.
import type { CloneSet, Pod, Rollout, StatefulSet } from "@/lib/k8s/objects";
import { LABEL_POD_TEMPLATE_HASH, LABEL_REVISION_HASH } from "@/lib/kruise/core/names";

export type RolloutTarget = { kind: "CloneSet"; object: CloneSet } | { kind: "StatefulSet"; object: StatefulSet };

type Ref = NonNullable<Rollout["spec"]["workloadRef"]>;

/**
 * Which of the sandbox's informers a workloadRef names: a CloneSet (`apps.kruise.io/v1alpha1`, the CloneSet
 * controller), an Advanced StatefulSet (`apps.kruise.io`, either served version, the StatefulSet-like controller);
 * anything else is not supported here.
 */
export function targetKind(ref: Partial<Ref> | undefined): RolloutTarget["kind"] | undefined {
  if (!ref?.apiVersion?.startsWith("apps.kruise.io/")) return undefined;
  if (ref.kind === "CloneSet") return ref.apiVersion === "apps.kruise.io/v1alpha1" ? "CloneSet" : undefined;
  return ref.kind === "StatefulSet" ? "StatefulSet" : undefined;
}

/** The label value the Rollout controller writes on its workload (`rollouts.kruise.io/workload-type`). */
export const workloadType = (t: RolloutTarget) => (t.kind === "CloneSet" ? "cloneset" : "statefulset");

/** A pod on `revision` (full name): its pod-template-hash or controller-revision-hash is a suffix of it. */
export function onRevision(pod: Pod, revision: string): boolean {
  const l = pod.metadata.labels ?? {};
  const t = l[LABEL_POD_TEMPLATE_HASH],
    c = l[LABEL_REVISION_HASH];
  return (!!t && revision.endsWith(t)) || (!!c && revision.endsWith(c));
}

const alive = (p: Pod) => !p.metadata.deletionTimestamp;

/** What the BatchRelease reads of its workload's status. */
export interface TargetStatus {
  replicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  observedGeneration: number;
  currentRevision?: string;
  updateRevision?: string;
}

/**
 * The workload's status as the BatchRelease sees it. A CloneSet's `updatedReadyReplicas` is its own; for an
 * Advanced StatefulSet upstream's typed parse leaves it 0, so the StatefulSet-like controller counts the owned pods
 * that are alive, on the update revision and Ready (partitionstyle/statefulset/control.go `BuildController`).
 */
export function targetStatus(t: RolloutTarget, pods: Pod[]): TargetStatus {
  const st = t.object.status;
  const base = {
    replicas: st?.replicas ?? 0,
    updatedReplicas: st?.updatedReplicas ?? 0,
    observedGeneration: st?.observedGeneration ?? 0,
    currentRevision: st?.currentRevision,
    updateRevision: st?.updateRevision,
  };
  if (t.kind === "CloneSet") return { ...base, updatedReadyReplicas: t.object.status?.updatedReadyReplicas ?? 0 };
  const rev = st?.updateRevision ?? "";
  const ready = (p: Pod) => p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false;
  return { ...base, updatedReadyReplicas: pods.filter((p) => alive(p) && onRevision(p, rev) && ready(p)).length };
}
