// One BatchRelease reconcile as a pure function: checks before acting, then the phase and batch-state machine
// (docs/kruise-rollouts.md §6, §7). Upstream: openkruise/rollouts v0.6.2 pkg/controller/batchrelease/
// batchrelease_executor.go `executeBatchReleasePlan`, `progressBatches`; batchrelease_status.go
// `syncStatusBeforeExecuting`; control/partitionstyle/control_plane.go `SyncWorkloadInformation`. The workload is
// a CloneSet or an Advanced StatefulSet (workload-control.ts says how each is driven).
// Simplification: batch rollback (no-need-update pod marking) is not simulated; a rollback's new rollout ID
// restarts the batches from 0 instead.
import type { BatchRelease, BatchReleaseStatus, Pod } from "@/lib/k8s/objects";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { releasePlanHash, stableJson } from "./hash";
import { BATCH_RELEASE_FINALIZER, BATCH_RELEASE_REQUEUE_MS } from "./keys";
import { targetKind, targetStatus, type RolloutTarget, type TargetStatus } from "./target";
import { batchLabelPatches, batchNotReady, finalizePatch, initializePatch, upgradePatch } from "./workload-control";

export type BatchReleaseAction =
  | { kind: "addFinalizer" }
  | { kind: "removeFinalizer" }
  /** A merge patch of the workload the BatchRelease's workloadRef names. */
  | { kind: "patchWorkload"; patch: object }
  | { kind: "patchPod"; name: string; patch: object }
  | { kind: "event"; type: "Warning"; reason: string; message: string };

export interface BatchReleaseInput {
  batchRelease: BatchRelease;
  /** The workload its workloadRef names, when found. */
  workload?: RolloutTarget;
  /** Pods owned by the workload. */
  pods: Pod[];
  now: number;
}
export interface BatchReleaseResult {
  actions: BatchReleaseAction[];
  status?: BatchReleaseStatus;
  requeueAfterMs?: number;
}

type WorkloadEvent = "Normal" | "Gone" | "StillReconciling" | "ReplicasChanged" | "PodTemplateChanged";

/** The workload as the BatchRelease sees it: its object, spec replicas and status (pods counted for an ASTS). */
interface Seen {
  t: RolloutTarget;
  replicas: number;
  status: TargetStatus;
}

function workloadEvent(br: BatchRelease, st: BatchReleaseStatus, w: Seen | undefined): WorkloadEvent {
  if (br.metadata.deletionTimestamp) return "Normal";
  if (!w) return "Gone";
  if (w.status.observedGeneration !== (w.t.object.metadata.generation ?? 0)) return "StillReconciling";
  if (w.status.replicas === w.status.updatedReplicas) return "Normal";
  const observed = st.observedWorkloadReplicas ?? -1;
  if (observed !== -1 && w.replicas !== observed) return "ReplicasChanged";
  if (st.updateRevision && w.status.updateRevision !== st.updateRevision) return "PodTemplateChanged";
  return "Normal";
}

const nilPartition = (br: BatchRelease) =>
  br.spec.releasePlan.batchPartition === undefined || br.spec.releasePlan.batchPartition === null;

/** `syncStatusBeforeExecuting`: returns true when this round must stop (the status is saved, requeue 2 s). */
function syncBefore(br: BatchRelease, st: BatchReleaseStatus, cs: Seen | undefined): boolean {
  const phase = br.status?.phase;
  const canary = st.canaryStatus!;
  const batches = br.spec.releasePlan.batches ?? [];
  let stop = false;
  const event = workloadEvent(br, st, cs);
  if (phase === "Completed") stop = true;
  else if (br.metadata.deletionTimestamp || phase === "Finalizing" || nilPartition(br)) st.phase = "Finalizing";
  else if (br.status?.observedReleasePlanHash !== releasePlanHash(br.spec.releasePlan) && phase === "Progressing") {
    const sameId = br.spec.releasePlan.rolloutID === br.status?.observedRolloutID;
    canary.currentBatch = sameId ? Math.min(br.spec.releasePlan.batchPartition ?? 0, batches.length - 1) : 0;
    delete canary.batchReadyTime;
    canary.batchState = "Upgrading";
    st.observedRolloutID = br.spec.releasePlan.rolloutID;
    st.observedReleasePlanHash = releasePlanHash(br.spec.releasePlan);
  } else if ((br.status?.canaryStatus?.currentBatch ?? 0) >= batches.length && phase === "Progressing")
    Object.assign(st, { phase: "Preparing" });
  else if (event === "Gone" && phase) st.phase = "Finalizing";
  else if (event === "ReplicasChanged" && phase === "Progressing") {
    delete canary.batchReadyTime;
    canary.batchState = "Upgrading";
    st.observedWorkloadReplicas = cs!.replicas;
  } else if (event === "PodTemplateChanged" && phase === "Progressing") {
    st.updateRevision = cs!.status.updateRevision;
    stop = true;
  } else if (event === "StillReconciling") stop = true;
  if (cs) {
    canary.updatedReplicas = cs.status.updatedReplicas;
    canary.updatedReadyReplicas = cs.status.updatedReadyReplicas;
  }
  if (!st.observedReleasePlanHash) st.observedReleasePlanHash = releasePlanHash(br.spec.releasePlan);
  st.observedRolloutID = br.spec.releasePlan.rolloutID;
  return stop || stableJson(br.status ?? {}) !== stableJson(st);
}

/**
 * `progressBatches`: Upgrading → Verifying → Ready, falling back to Upgrading when the ready check fails.
 * Returns whether to requeue (a batch that stays Ready waits for events instead).
 */
function progressBatches(
  i: BatchReleaseInput,
  w: Seen,
  st: BatchReleaseStatus,
  actions: BatchReleaseAction[],
): boolean {
  const br = { ...i.batchRelease, status: st };
  const canary = st.canaryStatus!;
  const notReady = () => batchNotReady(br, w.replicas, w.status, i.pods);
  switch (canary.batchState) {
    case "Verifying":
      if (notReady()) canary.batchState = "Upgrading";
      else {
        canary.batchReadyTime = rfc3339(i.now);
        canary.batchState = "Ready";
      }
      return true;
    case "Ready": {
      if (notReady()) {
        delete canary.batchReadyTime;
        canary.batchState = "Upgrading";
        return true;
      }
      const bp = br.spec.releasePlan.batchPartition;
      if (bp === undefined || bp === null || bp > canary.currentBatch) {
        canary.currentBatch++;
        canary.batchState = "Upgrading";
        delete canary.batchReadyTime;
        return true;
      }
      return false;
    }
    default: {
      const patch = upgradePatch(br, w.t);
      if (patch) actions.push({ kind: "patchWorkload", patch });
      for (const l of batchLabelPatches(br, w.replicas, i.pods)) actions.push({ kind: "patchPod", ...l });
      canary.batchState = "Verifying";
      return true;
    }
  }
}

/** One reconcile; `status` is the whole new status, or undefined when nothing changed. */
export function reconcileBatchRelease(i: BatchReleaseInput): BatchReleaseResult {
  const br = i.batchRelease;
  const actions: BatchReleaseAction[] = [];
  const hasFinalizer = br.metadata.finalizers?.includes(BATCH_RELEASE_FINALIZER) ?? false;
  if (br.metadata.deletionTimestamp) {
    if (br.status?.phase === "Completed" && hasFinalizer) return { actions: [{ kind: "removeFinalizer" }] };
  } else if (!hasFinalizer) actions.push({ kind: "addFinalizer" });
  const ref = br.spec.workloadRef;
  const kind = targetKind(ref);
  if (!kind) {
    const gvk = `${ref?.apiVersion ?? ""}, Kind=${ref?.kind ?? ""}`;
    const message = `the workload type '${gvk}' is not supported`;
    return { actions: [...actions, { kind: "event", type: "Warning", reason: "UnsupportedWorkload", message }] };
  }
  const st: BatchReleaseStatus = structuredClone(br.status ?? {});
  if (!st.phase)
    Object.assign(st, {
      phase: "Preparing",
      stableRevision: "",
      updateRevision: "",
      observedReleasePlanHash: "",
      observedWorkloadReplicas: -1,
      canaryStatus: { currentBatch: 0 },
    });
  st.canaryStatus ??= { currentBatch: 0 };
  st.observedGeneration = br.metadata.generation;
  const result = (requeue?: number): BatchReleaseResult => ({
    actions,
    status: stableJson(br.status ?? {}) === stableJson(st) ? undefined : st,
    requeueAfterMs: requeue,
  });
  const t = i.workload?.kind === kind ? i.workload : undefined;
  const cs: Seen | undefined = t && {
    t,
    replicas: t.object.spec.replicas ?? 1,
    status: targetStatus(t, i.pods),
  };
  if (syncBefore(br, st, cs)) return result(BATCH_RELEASE_REQUEUE_MS);
  switch (st.phase) {
    case "Preparing": {
      if (!cs) return result(BATCH_RELEASE_REQUEUE_MS);
      const patch = initializePatch(br, cs.t);
      if (patch) actions.push({ kind: "patchWorkload", patch });
      st.stableRevision = cs.status.currentRevision;
      st.updateRevision = cs.status.updateRevision;
      st.observedWorkloadReplicas = cs.replicas;
      st.phase = "Progressing";
      return result(BATCH_RELEASE_REQUEUE_MS);
    }
    case "Progressing":
      if (!cs) return result(BATCH_RELEASE_REQUEUE_MS);
      return result(progressBatches(i, cs, st, actions) ? BATCH_RELEASE_REQUEUE_MS : undefined);
    case "Finalizing":
      if (cs) actions.push({ kind: "patchWorkload", patch: finalizePatch(br, kind) });
      st.phase = "Completed";
      return result();
    default:
      return result();
  }
}
