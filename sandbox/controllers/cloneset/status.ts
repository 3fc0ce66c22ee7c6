// Status of a CloneSet and when to write it (docs/kruise-rules.md §3.1, §6.4, §9.1).
import { selectorString } from "@/lib/kruise/core/labels";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { expectedUpdatedReplicas } from "@/lib/kruise/core/partition";
import type { CloneSet, CloneSetCondition, CloneSetStatus, Pod } from "@/lib/k8s/objects";
import type { StatusCounts } from "@/lib/kruise/core/pod-state";
import { countPods } from "./tally";

const MAX_INT32 = 2147483647;

/**
 * Fresh status from the active pods: counts, revisions, expectedUpdatedReplicas, labelSelector;
 * currentRevision jumps to updateRevision once every pod carries it and counts match. `counts`, when given, are
 * the active pods' counts kept as pods changed (StatusTally); else they are counted here.
 * Upstream: kruise pkg/controller/cloneset/cloneset_status.go calculateStatus.
 */
export function calculateStatus(
  cs: CloneSet,
  active: Pod[],
  currentRevision: string,
  updateRevision: string,
  now: number,
  counts?: StatusCounts,
): CloneSetStatus {
  const minReady = cs.spec.minReadySeconds ?? 0;
  const replicas = cs.spec.replicas ?? 1;
  const s: CloneSetStatus = {
    observedGeneration: cs.metadata.generation,
    replicas: active.length,
    readyReplicas: 0,
    availableReplicas: 0,
    updatedReplicas: 0,
    updatedReadyReplicas: 0,
    updatedAvailableReplicas: 0,
    updateRevision,
    currentRevision,
    collisionCount: cs.status?.collisionCount ?? 0,
    labelSelector: selectorString(cs.spec.selector),
  };
  const exp = expectedUpdatedReplicas(cs);
  if (exp !== undefined) s.expectedUpdatedReplicas = exp;
  const c = counts ?? countPods(active, updateRevision, minReady, now);
  s.readyReplicas = c.ready;
  s.availableReplicas = c.available;
  s.updatedReplicas = c.updated;
  s.updatedReadyReplicas = c.updatedReady;
  s.updatedAvailableReplicas = c.updatedAvailable;
  if (s.updatedReplicas === s.replicas && s.replicas === replicas) s.currentRevision = updateRevision;
  s.conditions = progressingConditions(cs, s, now);
  return s;
}

function setCondition(conds: CloneSetCondition[], c: CloneSetCondition): CloneSetCondition[] {
  const cur = conds.find((x) => x.type === c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return conds;
  const next = {
    ...c,
    lastTransitionTime: cur && cur.status === c.status ? cur.lastTransitionTime : c.lastTransitionTime,
  };
  return [...conds.filter((x) => x.type !== c.type), next];
}

/**
 * Progressing condition, only with progressDeadlineSeconds (not MaxInt32): CloneSetAvailable,
 * CloneSetPaused, ProgressPartitionAvailable, sticky ProgressDeadlineExceeded, else CloneSetUpdated.
 * Upstream: kruise cloneset_status.go calculateProgressingStatus.
 */
export function progressingConditions(cs: CloneSet, s: CloneSetStatus, now: number): CloneSetCondition[] {
  let conds = [...(cs.status?.conditions ?? [])];
  const pds = cs.spec.progressDeadlineSeconds;
  if (pds === undefined || pds === MAX_INT32) return conds.filter((c) => c.type !== "Progressing");
  const replicas = cs.spec.replicas ?? 1;
  const t = rfc3339(now);
  const mk = (status: string, reason: string, message: string): CloneSetCondition => ({
    type: "Progressing",
    status,
    reason,
    message,
    lastUpdateTime: t,
    lastTransitionTime: t,
  });
  const cur = conds.find((c) => c.type === "Progressing");
  if (
    s.currentRevision === s.updateRevision &&
    s.replicas === replicas &&
    s.updatedReplicas === replicas &&
    s.updatedAvailableReplicas === replicas
  ) {
    conds = setCondition(conds, mk("True", "CloneSetAvailable", "CloneSet is available"));
  } else if (cs.spec.updateStrategy?.paused) {
    conds = setCondition(conds, mk("True", "CloneSetPaused", "CloneSet is paused"));
  } else if (
    (s.expectedUpdatedReplicas ?? replicas) < replicas &&
    (s.updatedAvailableReplicas ?? 0) >= (s.expectedUpdatedReplicas ?? replicas)
  ) {
    conds = setCondition(
      conds,
      mk("True", "ProgressPartitionAvailable", "CloneSet has been paused due to partition ready"),
    );
  } else if (cur?.reason === "ProgressDeadlineExceeded") {
    return conds;
  } else if (
    cur?.reason === "CloneSetUpdated" &&
    cur.lastUpdateTime &&
    Date.parse(cur.lastUpdateTime) + pds * 1000 < now
  ) {
    conds = setCondition(
      conds,
      mk("False", "ProgressDeadlineExceeded", `CloneSet revision ${s.updateRevision} has timed out progressing`),
    );
  } else {
    conds = setCondition(conds, mk("True", "CloneSetUpdated", "CloneSet is progressing"));
  }
  return conds;
}

/** Adds FailedScale/FailedUpdate (True, first message kept, never cleared). Upstream: cloneset_controller.go syncCloneSet. */
export function withFailure(
  conds: CloneSetCondition[] | undefined,
  type: string,
  message: string,
  now: number,
): CloneSetCondition[] {
  const list = conds ?? [];
  if (list.some((c) => c.type === type)) return list;
  return [...list, { type, status: "True", message, lastTransitionTime: rfc3339(now), lastUpdateTime: rfc3339(now) }];
}

/**
 * The write rule: only when a counted field, a revision, the selector, observedGeneration or the
 * Progressing condition's status/reason changed. Upstream: cloneset_status.go updateStatus / inconsistentStatus.
 */
export function statusNeedsWrite(old: CloneSetStatus | undefined, s: CloneSetStatus): boolean {
  if (!old) return true;
  const keys: (keyof CloneSetStatus)[] = [
    "replicas",
    "readyReplicas",
    "availableReplicas",
    "updatedReplicas",
    "updatedReadyReplicas",
    "updatedAvailableReplicas",
    "expectedUpdatedReplicas",
    "updateRevision",
    "currentRevision",
    "labelSelector",
  ];
  if ((s.observedGeneration ?? 0) > (old.observedGeneration ?? 0)) return true;
  if (keys.some((k) => old[k] !== s[k])) return true;
  const a = old.conditions?.find((c) => c.type === "Progressing"),
    b = s.conditions?.find((c) => c.type === "Progressing");
  return a?.status !== b?.status || a?.reason !== b?.reason;
}
