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
