// What the Rollout controller reads from its workload (docs/kruise-rollouts.md §4.1, §2.1).
// Upstream: openkruise/rollouts v0.6.2 pkg/util/controller_finder.go `getKruiseCloneSet`,
// `getStatefulSetLikeWorkload`, pkg/controller/rollout/rollout_status.go `getRolloutID`.
import { IN_PROGRESSING_ANNOTATION, ROLLOUT_ID_LABEL } from "./keys";
import type { RolloutTarget } from "./target";

export interface WorkloadInfo {
  name: string;
  namespace: string;
  generation: number;
  replicas: number;
  stableRevision: string;
  canaryRevision: string;
  podTemplateHash: string;
  inRolloutProgressing: boolean;
  isInRollback: boolean;
  isStatusConsistent: boolean;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

const afterDash = (rev: string | undefined) => (rev ?? "").slice((rev ?? "").lastIndexOf("-") + 1);

/**
 * A CloneSet's revisions are its hashes (the part after the last "-"); a StatefulSet-like workload's are its
 * revision names whole, as its pods' controller-revision-hash labels carry them.
 */
export function workloadInfo(t: RolloutTarget): WorkloadInfo {
  const cs = t.object;
  const st = cs.status;
  const annotations = cs.metadata.annotations ?? {};
  const inProgress = IN_PROGRESSING_ANNOTATION in annotations;
  const revision = t.kind === "CloneSet" ? afterDash : (r: string | undefined) => r ?? "";
  const canary = revision(st?.updateRevision);
  return {
    name: cs.metadata.name,
    namespace: cs.metadata.namespace ?? "",
    generation: cs.metadata.generation ?? 0,
    replicas: cs.spec.replicas ?? 1,
    stableRevision: revision(st?.currentRevision),
    canaryRevision: canary,
    podTemplateHash: canary,
    inRolloutProgressing: inProgress,
    isInRollback:
      inProgress && st?.currentRevision === st?.updateRevision && (st?.updatedReplicas ?? 0) !== (st?.replicas ?? 0),
    isStatusConsistent: (st?.observedGeneration ?? 0) === (cs.metadata.generation ?? 0),
    labels: cs.metadata.labels ?? {},
    annotations,
  };
}

/** The label `rollouts.kruise.io/rollout-id`, else the update hash (prefixed `rollback-` while rolling back): never empty. */
export function rolloutId(w: WorkloadInfo): string {
  const id = w.labels[ROLLOUT_ID_LABEL];
  if (id) return id;
  return w.isInRollback ? `rollback-${w.canaryRevision}` : w.canaryRevision;
}
