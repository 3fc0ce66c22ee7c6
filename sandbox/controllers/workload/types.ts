// What the Advanced StatefulSet and Advanced DaemonSet planners decide; the workload executor turns these into API
// calls in order (as sandbox/controllers/cloneset/types.ts does for CloneSets).
import type { ControllerRevision, Pod, PodCondition } from "@/lib/k8s/objects";
import type { EventSpec } from "../events";

export type { EventSpec };

export type WorkloadAction =
  | { kind: "createRevision"; revision: ControllerRevision }
  | { kind: "bumpRevision"; name: string; revision: number }
  | { kind: "deleteRevision"; name: string }
  /**
   * Creates pods; with `slowStart` in batches 1, 2, 4, … where a failure stops later batches (kubernetes
   * pkg/controller SlowStartBatch), else one after another. Events are worded from the created pod's name.
   */
  | {
      kind: "createPods";
      pods: Pod[];
      slowStart: boolean;
      created: (name: string) => EventSpec;
      failed: (name: string, error: string) => EventSpec;
    }
  | { kind: "deletePod"; pod: Pod; deleted?: EventSpec; failed?: (error: string) => EventSpec }
  /** The pod's metadata and container images as `pod` has them, sent as a strategic merge patch of the difference. */
  | { kind: "updatePod"; pod: Pod; event?: EventSpec; failEvent?: EventSpec }
  /** Strategic-merge patch of status.conditions (merged by type). */
  | { kind: "podConditions"; pod: Pod; conditions: PodCondition[] }
  | { kind: "event"; event: EventSpec }
  /** PUT /status of the workload with this status. */
  | { kind: "status"; status: object };

export interface WorkloadPlan {
  actions: WorkloadAction[];
  /** Wake up again after this long even without events (minReadySeconds, grace periods). */
  requeueAfterMs?: number;
  /** The reconcile could not do all it should: retried with backoff. */
  error?: string;
}
