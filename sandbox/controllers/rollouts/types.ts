// The Rollout controller's pure state machine works on a context and returns actions; the controller applies them
// (docs/kruise-rollouts.md §4, §8). Keeping I/O out makes every transition unit-testable.
import type { BatchRelease, CanaryStatus, Rollout } from "@/lib/k8s/objects";
import type { Status } from "./conditions";
import type { WorkloadInfo } from "./workload";

export type RolloutAction =
  | { kind: "addFinalizer" }
  | { kind: "removeFinalizer" }
  | { kind: "patchRolloutHash"; hash: string }
  /** Merge patch of the workload label `rollouts.kruise.io/workload-type: cloneset` (or `statefulset`). */
  | { kind: "labelWorkload"; type: string }
  /** Merge patch removing the workload's in-progressing annotation. */
  | { kind: "removeInProgressing" }
  | { kind: "createBatchRelease"; batchRelease: BatchRelease }
  | { kind: "updateBatchRelease"; spec: BatchRelease["spec"]; annotations?: Record<string, string> }
  | { kind: "patchBatchRelease"; patch: object }
  | { kind: "deleteBatchRelease" }
  | { kind: "event"; message: string };

export interface RolloutContext {
  rollout: Rollout;
  /** The status this reconcile will write (whole), edited in place. */
  status: Status;
  workload?: WorkloadInfo;
  /** The BatchRelease named like the Rollout, from the cache. */
  batchRelease?: BatchRelease;
  now: number;
  actions: RolloutAction[];
  recheckAt?: number;
}

export type Canary = CanaryStatus;

export interface RolloutResult {
  actions: RolloutAction[];
  /** The whole new status, or undefined when nothing is to be written. */
  status?: Status;
  requeueAfterMs?: number;
}
