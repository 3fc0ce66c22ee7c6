/**
 * The objects the view models read: the one shape of each object (lib/k8s/objects.ts), every field optional at
 * every depth. Objects arrive from a live stream (any cluster, any version), so the view models never trust a
 * field to exist; the full types are assignable to these.
 */
import type * as k8s from "../../k8s/objects";

export type { IntOrString } from "../../k8s/objects";
export type ViewCloneSet = k8s.DeepPartial<k8s.CloneSet>;
export type ViewPod = k8s.DeepPartial<k8s.Pod>;
export type ViewRevision = k8s.DeepPartial<k8s.ControllerRevision>;
export type ViewEvent = k8s.DeepPartial<k8s.Event>;
/** A condition of a CloneSet or a pod. */
export type ViewCondition = k8s.DeepPartial<k8s.PodCondition | k8s.CloneSetCondition>;
/** A lifecycle hook (apis/apps/pub/lifecycle.go LifecycleHook). */
export type ViewLifecycleHook = k8s.DeepPartial<k8s.LifecycleHook>;

/** An update strategy's fields the shared views read (a CloneSet's `spec.updateStrategy`). */
export interface ViewStrategy {
  type?: string;
  partition?: k8s.IntOrString;
  paused?: boolean;
  maxUnavailable?: k8s.IntOrString;
  maxSurge?: k8s.IntOrString;
}

/**
 * A workload as the shared views read it (list row, state, revision bar, pods by revision, revisions, the update's
 * steps, hooks, events, timeline): a CloneSet as it is, or another kind projected onto the same fields by its own
 * rules (./workload.ts). A CloneSet is one.
 */
export interface ViewWorkload {
  metadata?: k8s.DeepPartial<k8s.StoredMeta>;
  spec?: {
    replicas?: number;
    minReadySeconds?: number;
    lifecycle?: ViewLifecycle;
    template?: k8s.DeepPartial<k8s.PodTemplateSpec>;
    updateStrategy?: ViewStrategy;
  };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    updatedAvailableReplicas?: number;
    /** the pods the partition wants on the update revision */
    expectedUpdatedReplicas?: number;
    currentRevision?: string;
    updateRevision?: string;
    observedGeneration?: number;
    conditions?: ViewCondition[];
  };
}

/** A workload's lifecycle hooks (apis/apps/pub/lifecycle.go Lifecycle, shared by the Kruise workloads). */
export type ViewLifecycle = k8s.DeepPartial<k8s.Lifecycle>;
