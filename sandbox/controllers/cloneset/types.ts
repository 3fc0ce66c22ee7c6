// What the pure CloneSet planner decides; the executor turns these into API calls in order.
import type {
  CloneSet,
  CloneSetCondition,
  CloneSetStatus,
  ControllerRevision,
  Pod,
  PodCondition,
} from "@/lib/k8s/objects";
import type { KeptCounts } from "./tally";

export interface EventSpec {
  type: "Normal" | "Warning";
  reason: string;
  message: string;
}

export type Action =
  | { kind: "createRevision"; revision: ControllerRevision }
  | { kind: "bumpRevision"; name: string; revision: number }
  | { kind: "deleteRevision"; name: string }
  /** Creates pods in slow-start batches (1, 2, 4, …); a failure stops later batches. */
  | { kind: "createPods"; pods: Pod[] }
  | { kind: "deletePod"; pod: Pod }
  /** PUT of the whole pod (labels/annotations/images), optimistic on resourceVersion. */
  | { kind: "updatePod"; pod: Pod; event?: EventSpec; failEvent?: EventSpec }
  /** Strategic-merge patch of pod metadata (e.g. the specified-delete label). */
  | { kind: "patchPod"; pod: Pod; patch: object; event?: EventSpec; failEvent?: EventSpec }
  /** Strategic-merge patch of status.conditions (merged by type). */
  | { kind: "podConditions"; pod: Pod; conditions: PodCondition[] }
  | { kind: "event"; event: EventSpec }
  | { kind: "status"; status: CloneSetStatus }
  | { kind: "removePodsToDelete"; names: string[] };

export interface PlanInput {
  cs: CloneSet;
  /** Pods controlled by this CloneSet (any state, including terminating). */
  pods: Pod[];
  /** ControllerRevisions controlled by this CloneSet. */
  revisions: ControllerRevision[];
  now: number;
  /** Pod instance-id source (5 chars of bcdfghjklmnpqrstvwxz2456789). */
  randomId: () => string;
  nodeLabels?: Map<string, Record<string, string>>;
  /**
   * Random start order for pods that tie on every key Kruise sorts by (informer order is arbitrary to
   * Kruise, and its sort is unstable); absent: by name. See lib/kruise/order/README.md.
   */
  rand?: () => number;
  /**
   * The active pods' status counts and diff counts against an update revision, kept as pods change
   * (StatusTally); undefined when they are not kept (minReadySeconds > 0 makes them depend on the time), and
   * then the plan counts.
   */
  keptCounts?: (updateRevision: string) => KeptCounts | undefined;
}

export interface Plan {
  actions: Action[];
  /** Wake up again after this long even without events (grace periods, minReadySeconds). */
  requeueAfterMs?: number;
  /** Set when the reconcile could not act; recorded as a condition and retried with backoff. */
  error?: { type: "FailedScale" | "FailedUpdate"; message: string };
  updateRevision?: string;
  currentRevision?: string;
}

export type { CloneSetCondition };
