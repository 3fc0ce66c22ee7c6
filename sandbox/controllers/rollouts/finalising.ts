// Finalising tasks after success, rollback, disable or delete, about one per reconcile (docs/kruise-rollouts.md
// §8.5, §7.6). Traffic tasks are no-ops without traffic routing. Upstream: openkruise/rollouts v0.6.2
// pkg/controller/rollout/rollout_canary.go `doCanaryFinalising`, `nextCanaryTask`; rollout_releaseManager.go
// `finalizingBatchRelease`, `removeBatchRelease`, `removeRolloutProgressingAnnotation`.
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import type { RolloutContext } from "./types";

export type FinaliseReason = "Success" | "Rollback" | "RolloutDisabled" | "RolloutDeleting";

const SUCCESS = [
  "RestoreStableService",
  "FinalisingStepRouteTrafficToStable",
  "RemoveCanaryService",
  "ResumeWorkload",
  "ReleaseWorkloadControl",
];
const ROLLBACK = [
  "FinalisingStepRouteTrafficToStable",
  "ResumeWorkload",
  "ReleaseWorkloadControl",
  "RestoreStableService",
  "RemoveCanaryService",
];

export function nextTask(reason: FinaliseReason, current: string): string {
  const seq = reason === "Rollback" ? ROLLBACK : SUCCESS;
  if (!current) return seq[0];
  const i = seq.indexOf(current);
  return i >= 0 && i < seq.length - 1 ? seq[i + 1] : "END";
}

/** `finalizingBatchRelease`: batchPartition null + policy, then wait for Completed. True = wait and recheck. */
function resumeWorkload(c: RolloutContext, waitReady: boolean): boolean {
  const br = c.batchRelease;
  if (!br) return false;
  const plan = br.spec.releasePlan;
  const nilPartition = plan.batchPartition === undefined || plan.batchPartition === null;
  if (nilPartition && br.status?.phase === "Completed") return false;
  if (nilPartition && (plan.finalizingPolicy === "WaitResume") === waitReady) return true;
  const policy = waitReady ? "WaitResume" : "Immediate";
  c.actions.push({
    kind: "patchBatchRelease",
    patch: { spec: { releasePlan: { batchPartition: null, finalizingPolicy: policy } } },
  });
  return true;
}

/** `removeBatchRelease`: delete, then wait until the object is gone. True = wait and recheck. */
export function releaseWorkloadControl(c: RolloutContext): boolean {
  const br = c.batchRelease;
  if (!br) return false;
  if (!br.metadata.deletionTimestamp) c.actions.push({ kind: "deleteBatchRelease" });
  return true;
}

/** `doCanaryFinalising`: true once `finalisingStep` reaches END. */
export function finalise(c: RolloutContext, reason: FinaliseReason, waitReady: boolean): boolean {
  const cs = c.status.canaryStatus;
  if (!cs) return true;
  if (c.workload?.inRolloutProgressing) c.actions.push({ kind: "removeInProgressing" });
  let next = nextTask(reason, cs.finalisingStep);
  if (!cs.finalisingStep) {
    cs.finalisingStep = next;
    cs.lastUpdateTime = rfc3339(c.now);
  } else if (cs.finalisingStep === "END") return true;
  let retry = false;
  switch (cs.finalisingStep) {
    case "ResumeWorkload":
      retry = resumeWorkload(c, waitReady);
      break;
    case "ReleaseWorkloadControl":
      retry = releaseWorkloadControl(c);
      break;
    case "RestoreStableService":
    case "FinalisingStepRouteTrafficToStable":
    case "RemoveCanaryService":
      break;
    default:
      next = nextTask(reason, "");
      cs.finalisingStep = next;
      return false;
  }
  if (retry) return false;
  cs.lastUpdateTime = rfc3339(c.now);
  cs.finalisingStep = next;
  return next === "END";
}
