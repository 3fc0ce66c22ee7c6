// One Rollout reconcile as a pure function: (Rollout, workload, BatchRelease, now) → actions + the whole new
// status (docs/kruise-rollouts.md §4.1, §4.2). Upstream: openkruise/rollouts v0.6.2
// pkg/controller/rollout/rollout_controller.go `Reconcile`, rollout_status.go `calculateRolloutStatus`,
// `handleFinalizer`, `updateRolloutStatusInternal`.
import type { BatchRelease, Rollout } from "@/lib/k8s/objects";
import { nextStepIndex } from "@/lib/kruise/kruise-rollout/steps";
import { getCondition, newCondition, removeCondition, setCondition, type Status } from "./conditions";
import { rolloutHash, stableJson } from "./hash";
import { ROLLOUT_FINALIZER, ROLLOUT_HASH_ANNOTATION, ROLLOUT_RECHECK_MS, WORKLOAD_TYPE_LABEL } from "./keys";
import { disabling, progressing, terminating } from "./progressing";
import { workloadType, type RolloutTarget } from "./target";
import type { RolloutAction, RolloutContext, RolloutResult } from "./types";
import { rolloutId, workloadInfo, type WorkloadInfo } from "./workload";

export interface RolloutInput {
  rollout: Rollout;
  /** The workload its workloadRef names: a CloneSet or an Advanced StatefulSet. */
  workload?: RolloutTarget;
  batchRelease?: BatchRelease;
  now: number;
}

function finalizerActions(r: Rollout): RolloutAction[] {
  const has = r.metadata.finalizers?.includes(ROLLOUT_FINALIZER) ?? false;
  if (!r.metadata.deletionTimestamp) return has ? [] : [{ kind: "addFinalizer" }];
  const done = getCondition(r.status, "Terminating")?.reason === "Completed";
  return done && has ? [{ kind: "removeFinalizer" }] : [];
}

/** `calculateRolloutStatus`: the phase-level transitions; "retry" when the CloneSet status lags its spec. */
function calculateStatus(r: Rollout, w: WorkloadInfo | undefined, now: number): Status | "retry" {
  const s: Status = structuredClone(r.status ?? {}) as Status;
  s.observedGeneration = r.metadata.generation;
  s.currentStepIndex ??= 0;
  s.currentStepState ??= "";
  if (r.metadata.deletionTimestamp) {
    if (s.phase !== "Terminating") {
      s.phase = "Terminating";
      setCondition(s, newCondition("Terminating", "True", "InTerminating", "Rollout is in terminating", now));
    }
    return s;
  }
  if (r.spec.disabled && s.phase !== "Disabled" && s.phase !== "Disabling") {
    const wasProgressing = s.phase === "Progressing";
    s.phase = wasProgressing ? "Disabling" : "Disabled";
    s.message = wasProgressing ? "Disabling rollout, release resources" : "Rollout is disabled";
  }
  if (!s.phase) s.phase = "Initial";
  if (!w) {
    if (r.spec.disabled) return s;
    return {
      observedGeneration: r.metadata.generation,
      phase: "Initial",
      message: "Workload Not Found",
      currentStepIndex: 0,
      currentStepState: "",
    };
  }
  if (!w.isStatusConsistent) return "retry";
  if (s.canaryStatus?.canaryRevision && s.canaryStatus.canaryRevision === w.canaryRevision) {
    s.canaryStatus.observedRolloutID = rolloutId(w);
    s.canaryStatus.observedWorkloadGeneration = w.generation;
  }
  if (s.phase === "Initial") {
    s.phase = "Healthy";
    s.message = "rollout is healthy";
  } else if (s.phase === "Healthy" && w.inRolloutProgressing) {
    s.phase = "Progressing";
    setCondition(s, newCondition("Progressing", "True", "Initializing", "Rollout is in Progressing", now));
    removeCondition(s, "Succeeded");
  } else if (s.phase === "Healthy" && !s.canaryStatus && !s.blueGreenStatus) {
    s.canaryStatus = completedCanaryStatus(r, w);
    s.message = "workload deployment is completed";
  } else if (s.phase === "Disabled" && !r.spec.disabled) {
    s.phase = "Healthy";
    s.message = "rollout is healthy";
  }
  return s;
}

/** The synthetic "already complete" canary status a fresh Rollout shows (so it lists as Healthy N Completed). */
function completedCanaryStatus(r: Rollout, w: WorkloadInfo) {
  const n = r.spec.strategy?.canary?.steps?.length ?? 0;
  return {
    observedRolloutID: rolloutId(w),
    observedWorkloadGeneration: w.generation,
    podTemplateHash: w.podTemplateHash,
    stableRevision: w.stableRevision,
    currentStepIndex: n,
    nextStepIndex: nextStepIndex(n, n),
    currentStepState: "Completed",
    rolloutHash: r.metadata.annotations?.[ROLLOUT_HASH_ANNOTATION],
    canaryRevision: w.canaryRevision,
    canaryReplicas: 0,
    canaryReadyReplicas: 0,
    finalisingStep: "",
  };
}

/**
 * One reconcile. The phase handler is picked from the phase stored BEFORE this reconcile (one reconcile late, as
 * upstream). The returned status replaces the stored one whole (the controller writes it after a fresh GET,
 * without merging: docs/kruise-rollouts.md §5.1).
 */
export function reconcileRollout(i: RolloutInput): RolloutResult {
  const r = structuredClone(i.rollout);
  const actions = finalizerActions(r);
  if (r.spec.strategy?.canary || r.spec.strategy?.blueGreen) {
    const hash = rolloutHash(r);
    if (r.metadata.annotations?.[ROLLOUT_HASH_ANNOTATION] !== hash) {
      actions.push({ kind: "patchRolloutHash", hash });
      r.metadata.annotations = { ...r.metadata.annotations, [ROLLOUT_HASH_ANNOTATION]: hash };
    }
  }
  // Simplification: v0.6.2 looks the key up in the annotations and re-sends this no-op patch every reconcile;
  // the sandbox checks the label (as upstream's later fix does).
  if (i.workload && !(WORKLOAD_TYPE_LABEL in (i.workload.object.metadata.labels ?? {})))
    actions.push({ kind: "labelWorkload", type: workloadType(i.workload) });
  const w = i.workload ? workloadInfo(i.workload) : undefined;
  const status = calculateStatus(r, w, i.now);
  if (status === "retry") return { actions, requeueAfterMs: ROLLOUT_RECHECK_MS };
  const c: RolloutContext = { rollout: r, status, workload: w, batchRelease: i.batchRelease, now: i.now, actions };
  if (r.status?.phase === "Progressing") progressing(c);
  else if (r.status?.phase === "Terminating") terminating(c);
  else if (r.status?.phase === "Disabling") disabling(c);
  const sub = c.status.canaryStatus;
  if (sub) {
    c.status.currentStepIndex = sub.currentStepIndex ?? 0;
    c.status.currentStepState = sub.currentStepState;
  }
  const changed = stableJson(r.status ?? {}) !== stableJson(c.status);
  return {
    actions,
    status: changed ? c.status : undefined,
    requeueAfterMs: c.recheckAt === undefined ? undefined : Math.max(0, c.recheckAt - i.now),
  };
}
