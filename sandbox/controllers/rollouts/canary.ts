// The step state machine of a Rollout for a CloneSet without traffic routing: at most one transition per
// reconcile (docs/kruise-rollouts.md §4.4, §5.3, §6). Upstream: openkruise/rollouts v0.6.2
// pkg/controller/rollout/rollout_canary.go `runCanary`, `doCanaryUpgrade`, `doCanaryPaused`, `createBatchRelease`,
// `syncBatchRelease`; rollout_releaseManager.go `runBatchRelease`; rollout_status.go `doStepJump`.
import type { BatchRelease, CanaryStatus, Rollout } from "@/lib/k8s/objects";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { nextStepIndex, pauseSkipped, plannedReplicas } from "@/lib/kruise/kruise-rollout/steps";
import { releasePlanHash, stableJson } from "./hash";
import { ROLLBACK_IN_BATCH_ANNOTATION, ROLLOUT_API_VERSION, ROLLOUT_RECHECK_MS } from "./keys";
import type { RolloutContext } from "./types";
import { rolloutId } from "./workload";

const stepsOf = (r: Rollout) => r.spec.strategy?.canary?.steps ?? [];
const canaryOf = (c: RolloutContext) => c.status.canaryStatus!;

/** The BatchRelease spec (and annotations) the Rollout wants for 1-based step `step`. */
export function desiredBatchRelease(
  r: Rollout,
  id: string,
  step: number,
  rollback: boolean,
): { spec: BatchRelease["spec"]; annotations?: Record<string, string> } {
  const canary = r.spec.strategy?.canary ?? {};
  const plan: BatchRelease["spec"]["releasePlan"] = {
    batches: stepsOf(r).map((s) => ({ canaryReplicas: s.replicas ?? 0 })),
    rolloutID: id,
    batchPartition: step - 1,
    rollingStyle: canary.enableExtraWorkloadForCanary ? "Canary" : "Partition",
    enableExtraWorkloadForCanary: canary.enableExtraWorkloadForCanary ?? false,
  };
  if (canary.failureThreshold !== undefined) plan.failureThreshold = canary.failureThreshold;
  if (canary.patchPodTemplateMetadata) plan.patchPodTemplateMetadata = canary.patchPodTemplateMetadata;
  const ref = r.spec.workloadRef!;
  const spec = { workloadRef: { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name }, releasePlan: plan };
  const ann = r.metadata.annotations?.[ROLLBACK_IN_BATCH_ANNOTATION];
  return rollback && ann !== undefined ? { spec, annotations: { [ROLLBACK_IN_BATCH_ANNOTATION]: ann } } : { spec };
}

const sameJson = (a: unknown, b: unknown) => stableJson(a ?? null) === stableJson(b ?? null);

/** `runBatchRelease`: create or replace the BatchRelease until it matches; true when it already does. */
function syncedBatchRelease(c: RolloutContext): BatchRelease | undefined {
  const w = c.workload!;
  const want = desiredBatchRelease(c.rollout, rolloutId(w), canaryOf(c).currentStepIndex ?? 1, w.isInRollback);
  const br = c.batchRelease;
  if (!br) {
    c.actions.push({ kind: "createBatchRelease", batchRelease: newBatchRelease(c.rollout, want) });
    return undefined;
  }
  if (sameJson(br.spec, want.spec) && sameJson(br.metadata.annotations ?? {}, want.annotations ?? {})) return br;
  c.actions.push({ kind: "updateBatchRelease", spec: want.spec, annotations: want.annotations });
  return undefined;
}

function newBatchRelease(r: Rollout, want: ReturnType<typeof desiredBatchRelease>): BatchRelease {
  return {
    apiVersion: ROLLOUT_API_VERSION,
    kind: "BatchRelease",
    metadata: {
      name: r.metadata.name,
      namespace: r.metadata.namespace,
      ...(want.annotations ? { annotations: want.annotations } : {}),
      ownerReferences: [
        {
          apiVersion: ROLLOUT_API_VERSION,
          kind: "Rollout",
          name: r.metadata.name,
          uid: r.metadata.uid!,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: want.spec,
  };
}

/** `doCanaryUpgrade`: the step is done when the BatchRelease matches, observed its plan, and its batch is Ready. */
function canaryUpgradeDone(c: RolloutContext): boolean {
  const cs = canaryOf(c);
  const steps = stepsOf(c.rollout).length;
  c.status.message = `Rollout is in step(${cs.currentStepIndex}/${steps}), and upgrade workload to new version`;
  const br = syncedBatchRelease(c);
  if (!br) return false;
  const st = br.status;
  if (st?.observedReleasePlanHash !== releasePlanHash(br.spec.releasePlan)) return false;
  if ((br.metadata.generation ?? 0) !== st?.observedGeneration) return false;
  if (st.canaryStatus?.batchState !== "Ready" || (st.canaryStatus.currentBatch ?? 0) + 1 < (cs.currentStepIndex ?? 1))
    return false;
  c.actions.push({ kind: "event", message: `upgrade step(${cs.currentStepIndex}) canary pods with new versions done` });
  cs.podTemplateHash = c.workload!.podTemplateHash;
  return true;
}

/** `doCanaryPaused`: the last literal "100%" step passes; no duration waits for an approve; else the timer. */
function pauseDone(c: RolloutContext): boolean {
  const cs = canaryOf(c);
  const steps = stepsOf(c.rollout);
  const i = cs.currentStepIndex ?? 1;
  if (pauseSkipped(steps, i)) return true;
  const duration = steps[i - 1]?.pause?.duration;
  if (duration === undefined || duration === null) {
    c.status.message = `Rollout is in step(${i}/${steps.length}), and you need manually confirm to enter the next step`;
    return false;
  }
  c.status.message = `Rollout is in step(${i}/${steps.length}), and wait duration(${duration} seconds) to enter the next step`;
  const due = Date.parse(cs.lastUpdateTime ?? rfc3339(c.now)) + duration * 1000;
  if (due < c.now) return true;
  c.recheckAt = due;
  return false;
}

/** `doStepJump`: a user-written nextStepIndex other than the natural next moves to that step. */
export function stepJump(c: RolloutContext, canaryReplicas: number): boolean {
  const cs = c.status.canaryStatus;
  if (!cs) return false;
  const steps = stepsOf(c.rollout);
  const k = cs.nextStepIndex;
  if (k === nextStepIndex(cs.currentStepIndex ?? 1, steps.length) || k <= 0 || k > steps.length) return false;
  cs.currentStepIndex = k;
  cs.nextStepIndex = nextStepIndex(k, steps.length);
  const planned = plannedReplicas(steps[k - 1].replicas, c.workload?.replicas ?? 0);
  cs.currentStepState = planned === canaryReplicas ? "StepTrafficRouting" : "BeforeStepUpgrade";
  cs.lastUpdateTime = rfc3339(c.now);
  return true;
}

/** `runCanary` without traffic routing: sync from the BatchRelease, maybe jump, then one state transition. */
export function runCanary(c: RolloutContext): void {
  const cs = canaryOf(c);
  const br = c.batchRelease;
  if (br) syncFromBatchRelease(c, cs, br);
  if (!cs.podTemplateHash) cs.podTemplateHash = c.workload!.podTemplateHash;
  if (stepJump(c, cs.canaryReplicas)) return;
  const steps = stepsOf(c.rollout);
  const i = cs.currentStepIndex ?? 1;
  const now = rfc3339(c.now);
  switch (cs.currentStepState) {
    case "BeforeStepUpgrade":
      cs.currentStepState = "StepUpgrade";
      return;
    case "StepUpgrade":
      if (canaryUpgradeDone(c)) {
        const full = plannedReplicas(steps[i - 1].replicas, c.workload!.replicas) >= c.workload!.replicas;
        cs.currentStepState = full ? "StepMetricsAnalysis" : "StepTrafficRouting";
        cs.lastUpdateTime = now;
      }
      return;
    case "StepTrafficRouting":
      cs.lastUpdateTime = now;
      cs.currentStepState = "StepMetricsAnalysis";
      c.recheckAt = c.now + ROLLOUT_RECHECK_MS;
      return;
    case "StepMetricsAnalysis":
      cs.currentStepState = "StepPaused";
      return;
    case "StepPaused":
      if (pauseDone(c)) {
        cs.lastUpdateTime = now;
        cs.currentStepState = "StepReady";
      }
      return;
    case "StepReady":
      cs.lastUpdateTime = now;
      if (steps.length > i) {
        cs.currentStepIndex = i + 1;
        cs.nextStepIndex = nextStepIndex(i + 1, steps.length);
        cs.currentStepState = "BeforeStepUpgrade";
      } else cs.currentStepState = "Completed";
      return;
  }
}

/** `syncBatchRelease`: counts and message from the BatchRelease; its rolloutID follows the observed one. */
function syncFromBatchRelease(c: RolloutContext, cs: CanaryStatus, br: BatchRelease): void {
  const bs = br.status?.canaryStatus;
  cs.canaryReplicas = bs?.updatedReplicas ?? 0;
  cs.canaryReadyReplicas = bs?.updatedReadyReplicas ?? 0;
  cs.message = `BatchRelease is at state ${bs?.batchState ?? ""}, rollout-id ${br.status?.observedRolloutID ?? ""}, step ${(bs?.currentBatch ?? 0) + 1}`;
  if (br.status?.message) cs.message += `, ${br.status.message}`;
  if ((cs.observedRolloutID ?? "") !== (br.spec.releasePlan.rolloutID ?? ""))
    c.actions.push({
      kind: "patchBatchRelease",
      patch: { spec: { releasePlan: { rolloutID: cs.observedRolloutID ?? "" } } },
    });
}
