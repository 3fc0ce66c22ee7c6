// The Progressing phase by reason, and the special cases checked before each rolling step
// (docs/kruise-rollouts.md §4.3, §4.4, §8.1, §8.2, §8.4). Upstream: openkruise/rollouts v0.6.2
// pkg/controller/rollout/rollout_progressing.go `reconcileRolloutProgressing`, `doProgressingInRolling`,
// `recalculateCanaryStep`.
import type { CanaryStatus } from "@/lib/k8s/objects";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { nextStepIndex, rolloutScaled } from "@/lib/kruise/kruise-rollout/steps";
import { runCanary, stepJump } from "./canary";
import { getCondition, newCondition, progressingTransition, setCondition, type Status } from "./conditions";
import { finalise, releaseWorkloadControl } from "./finalising";
import { ROLLBACK_IN_BATCH_ANNOTATION, ROLLOUT_HASH_ANNOTATION, ROLLOUT_RECHECK_MS } from "./keys";
import type { RolloutContext } from "./types";
import { rolloutId } from "./workload";

const stepsOf = (c: RolloutContext) => c.rollout.spec.strategy?.canary?.steps ?? [];
const recheck = (c: RolloutContext) => (c.recheckAt = c.now + ROLLOUT_RECHECK_MS);

export function setSucceeded(s: Status, status: "True" | "False", now: number): void {
  const cur = getCondition(s, "Succeeded");
  setCondition(s, cur ? { ...cur, status } : newCondition("Succeeded", status, "", "", now));
}

/** Initializing: a fresh canary status at step 1; InRolling once the condition is 3 s old. */
function initializing(c: RolloutContext): void {
  const w = c.workload!;
  const steps = stepsOf(c).length;
  const cs: CanaryStatus = {
    observedWorkloadGeneration: w.generation,
    rolloutHash: c.rollout.metadata.annotations?.[ROLLOUT_HASH_ANNOTATION],
    observedRolloutID: rolloutId(w),
    stableRevision: w.stableRevision,
    currentStepIndex: 1,
    nextStepIndex: nextStepIndex(1, steps),
    currentStepState: "BeforeStepUpgrade",
    lastUpdateTime: rfc3339(c.now),
    canaryRevision: w.canaryRevision,
    canaryReplicas: 0,
    canaryReadyReplicas: 0,
    finalisingStep: "",
    podTemplateHash: "",
  };
  delete c.status.blueGreenStatus;
  c.status.canaryStatus = cs;
  c.status.currentStepIndex = 1;
  c.status.currentStepState = "BeforeStepUpgrade";
  const cond = getCondition(c.status, "Progressing");
  if (Date.parse(cond?.lastUpdateTime ?? "") + ROLLOUT_RECHECK_MS > c.now) recheck(c);
  else progressingTransition(c.status, "True", "InRolling", "Rollout is in Progressing", c.now);
}

/** `recalculateCanaryStep`: the first step (current one first) reaching the live batch's planned pods. */
function recalculatedStep(c: RolloutContext): number {
  const br = c.batchRelease;
  const steps = stepsOf(c);
  if (!br) return 1;
  const R = c.workload!.replicas;
  const bp = br.spec.releasePlan.batchPartition ?? 0;
  const current = rolloutScaled(br.spec.releasePlan.batches?.[bp]?.canaryReplicas, R, true).value;
  const cur = (c.status.canaryStatus?.currentStepIndex ?? 1) - 1;
  const order = [cur, ...steps.map((_, i) => i).filter((i) => i !== cur)];
  let last = order[0];
  for (const i of order) {
    last = i;
    if (rolloutScaled(steps[i]?.replicas, R, true).value >= current) return i + 1;
  }
  return last + 1;
}

/** `handleRolloutPlanChanged`: the new step is either the next one (StepReady) or a jump. */
function planChanged(c: RolloutContext): void {
  const cs = c.status.canaryStatus!;
  const k = recalculatedStep(c);
  cs.lastUpdateTime = rfc3339(c.now);
  cs.rolloutHash = c.rollout.metadata.annotations?.[ROLLOUT_HASH_ANNOTATION];
  if (cs.nextStepIndex === k) {
    cs.currentStepState = "StepReady";
    return;
  }
  cs.nextStepIndex = k;
  stepJump(c, cs.canaryReplicas);
}

/**
 * `doProgressingInRolling`: first match wins — direct rollback, paused, batch rollback, continuous release, plan
 * change, then normal rolling. Detection reads the status as stored before this reconcile.
 * Simplification: a batch rollback restarts the steps from 1 but marks no pods `no-need-update`.
 */
function inRolling(c: RolloutContext): void {
  const old = c.rollout.status?.canaryStatus;
  const w = c.workload!;
  const inBatch = c.rollout.metadata.annotations?.[ROLLBACK_IN_BATCH_ANNOTATION] === "true";
  const oldCanary = old?.canaryRevision ?? "";
  if (w.isInRollback && w.canaryRevision !== oldCanary && !inBatch) {
    if (c.status.canaryStatus) c.status.canaryStatus.canaryRevision = w.canaryRevision;
    c.actions.push({ kind: "event", message: "workload has been rollback, then rollout is canceled" });
    const msg = "The workload has been rolled back and the rollout process will be cancelled";
    progressingTransition(c.status, "True", "Cancelling", msg, c.now);
  } else if (c.rollout.spec.strategy?.paused) {
    const msg = "Rollout has been paused, you can resume it by kube-cli";
    progressingTransition(c.status, "True", "Paused", msg, c.now);
  } else if (w.isInRollback && w.canaryRevision !== oldCanary && inBatch) {
    const cs = c.status.canaryStatus!;
    Object.assign(cs, {
      currentStepIndex: 1,
      nextStepIndex: nextStepIndex(1, stepsOf(c).length),
      canaryRevision: w.canaryRevision,
      currentStepState: "BeforeStepUpgrade",
      lastUpdateTime: rfc3339(c.now),
      rolloutHash: c.rollout.metadata.annotations?.[ROLLOUT_HASH_ANNOTATION],
    });
  } else if (oldCanary && w.canaryRevision !== oldCanary && !w.isInRollback) {
    c.actions.push({
      kind: "event",
      message: "workload continuous publishing canaryRevision, then restart publishing",
    });
    if (releaseWorkloadControl(c)) {
      recheck(c);
      return;
    }
    delete c.status.canaryStatus;
    delete c.status.blueGreenStatus;
    progressingTransition(c.status, "True", "Initializing", "Workload is continuous release", c.now);
  } else if (old?.rolloutHash && old.rolloutHash !== c.rollout.metadata.annotations?.[ROLLOUT_HASH_ANNOTATION]) {
    planChanged(c);
  } else if (c.status.canaryStatus?.currentStepState === "Completed") {
    const msg = "Rollout has been completed and some closing work is being done";
    progressingTransition(c.status, "True", "Finalising", msg, c.now);
  } else if (c.status.canaryStatus) runCanary(c);
}

/** `reconcileRolloutProgressing`, by the Progressing reason stored before this reconcile. */
export function progressing(c: RolloutContext): void {
  const reason = getCondition(c.rollout.status, "Progressing")?.reason;
  if (!c.workload || !c.workload.isStatusConsistent) return;
  switch (reason) {
    case "Initializing":
      return initializing(c);
    case "InRolling":
      return inRolling(c);
    case "Finalising":
      if (finalise(c, "Success", true)) {
        progressingTransition(c.status, "False", "Completed", "Rollout progressing has been completed", c.now);
        setSucceeded(c.status, "True", c.now);
      } else recheck(c);
      return;
    case "Paused":
      if (!c.rollout.spec.strategy?.paused) progressingTransition(c.status, "True", "InRolling", "", c.now);
      return;
    case "Cancelling":
      if (finalise(c, "Rollback", false)) {
        progressingTransition(c.status, "False", "Completed", "Rollout progressing has been cancelled", c.now);
        setSucceeded(c.status, "False", c.now);
      } else recheck(c);
      return;
    case "Completed":
      c.status.phase = "Healthy";
      return;
  }
}

/** Terminating: the delete finalising, then the Terminating condition becomes Completed/False (§5.5). */
export function terminating(c: RolloutContext): void {
  const cond = getCondition(c.rollout.status, "Terminating");
  if (!cond || cond.reason === "Completed") return;
  if (finalise(c, "RolloutDeleting", false)) setCondition(c.status, { ...cond, reason: "Completed", status: "False" });
  else recheck(c);
}

/** Disabling: the disable finalising, then Disabled (§5.4). */
export function disabling(c: RolloutContext): void {
  if (finalise(c, "RolloutDisabled", false)) {
    c.status.phase = "Disabled";
    c.status.message = "Rollout is disabled";
  } else recheck(c);
}
