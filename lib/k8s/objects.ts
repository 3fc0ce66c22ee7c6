// The objects the console reads and writes, as they travel over the Kubernetes API (JSON). Core objects are
// client-node's models; Kruise objects are generated from the CRDs (./generated, `npm run gen:types`). This file
// only adapts them to the wire (Wire<T>) and names the parts other code refers to; it declares no shape itself.
import type {
  CoreV1Event,
  V1Container,
  V1ContainerState,
  V1ContainerStatus,
  V1ControllerRevision,
  V1EnvVar,
  V1LabelSelector,
  V1LabelSelectorRequirement,
  V1Node,
  V1NodeSelectorRequirement,
  V1NodeSelectorTerm,
  V1Taint,
  V1Toleration,
  V1ObjectMeta,
  V1OwnerReference,
  V1Pod,
  V1PodCondition,
  V1PodSpec,
  V1PodStatus,
  V1PodTemplateSpec,
} from "@kubernetes/client-node";
import type { BatchRelease as BatchReleaseModel } from "./generated/batchrelease";
import type { CloneSet as CloneSetModel } from "./generated/cloneset";
import type { DaemonSet as DaemonSetModel } from "./generated/daemonset";
import type { StatefulSet as StatefulSetModel } from "./generated/statefulset";
export type { CanaryStatus, CanaryStep, CanaryStrategy, RolloutCondition, RolloutStatus } from "./generated/rollout";
export type { BatchReleaseCanaryStatus, BatchReleaseStatus, ReleasePlan } from "./generated/batchrelease";
import type { Rollout as RolloutModel } from "./generated/rollout";
export type {
  RollingUpdateStatefulSetStrategy,
  StatefulSetCondition,
  StatefulSetStatus,
  StatefulSetUpdateStrategy,
} from "./generated/statefulset";
export type {
  DaemonSetCondition,
  DaemonSetStatus,
  DaemonSetUpdateStrategy,
  RollingUpdateDaemonSet,
} from "./generated/daemonset";

export type { IntOrString } from "@kubernetes/client-node";
export type {
  CloneSetCondition,
  CloneSetScaleStrategy,
  CloneSetStatus,
  CloneSetUpdateScatterTerm as ScatterTerm,
  CloneSetUpdateStrategy,
  Lifecycle,
  LifecycleHook,
  UpdatePriorityStrategy,
  UpdatePriorityWeightTerm,
} from "./generated/cloneset";

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * An object as JSON carries it. client-node's models type timestamps as `Date` because its own (de)serializer
 * converts them, but everything here handles the JSON itself (SSE, fetch, the sandbox, merge patches), where a
 * timestamp is an RFC 3339 string, or `null` where Go encodes a zero `metav1.Time` (a template's
 * `creationTimestamp`, a condition's `lastProbeTime`). Wire<T> says so: every `Date` becomes `string | null`,
 * recursively. An `any` in a model (ControllerRevision's `data`) becomes `unknown`, so readers must look first.
 */
export type Wire<T> =
  IsAny<T> extends true
    ? unknown
    : T extends Date
      ? string | null
      : T extends readonly (infer U)[]
        ? Wire<U>[]
        : T extends object
          ? { [K in keyof T]: Wire<T[K]> }
          : T;

/**
 * Every field optional at every depth: what a reader of a possibly partial object may rely on. Maps (labels,
 * annotations) stay maps of present values.
 */
export type DeepPartial<T> = T extends readonly (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? string extends keyof T
      ? { [K in keyof T]: DeepPartial<T[K]> }
      : { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/** The metadata of an object the API server returns: it always has a name. */
export type StoredMeta = ObjectMeta & { name: string };

/** An object as the API server returns it: metadata with a name, and the fields K (e.g. spec) always set. */
type Stored<T extends { metadata?: unknown }, K extends keyof T = never> = Omit<T, "metadata" | K> & {
  metadata: StoredMeta;
} & { [P in K]-?: T[P] };

export type ObjectMeta = Wire<V1ObjectMeta>;
export type OwnerReference = Wire<V1OwnerReference>;
export type LabelSelector = Wire<V1LabelSelector>;
export type LabelSelectorRequirement = Wire<V1LabelSelectorRequirement>;

export type Pod = Stored<Wire<V1Pod>, "spec">;
export type PodSpec = Wire<V1PodSpec>;
export type PodStatus = Wire<V1PodStatus>;
export type PodCondition = Wire<V1PodCondition>;
export type PodTemplateSpec = Wire<V1PodTemplateSpec>;
export type Container = Wire<V1Container>;
export type EnvVar = Wire<V1EnvVar>;
export type ContainerState = Wire<V1ContainerState>;
export type ContainerStatus = Wire<V1ContainerStatus>;
export type Node = Stored<Wire<V1Node>>;
export type NodeSelectorTerm = Wire<V1NodeSelectorTerm>;
export type NodeSelectorRequirement = Wire<V1NodeSelectorRequirement>;
export type Taint = Wire<V1Taint>;
export type Toleration = Wire<V1Toleration>;

/** apps/v1 ControllerRevision; `data` holds the template patch (docs/kruise-rules.md §6.1). */
export type ControllerRevision = Stored<Wire<V1ControllerRevision>>;
export type Event = Stored<Wire<CoreV1Event>>;

/** apps.kruise.io/v1alpha1 CloneSet (openkruise/kruise apis/apps/v1alpha1/cloneset_types.go). */
export type CloneSet = Stored<Wire<CloneSetModel>, "spec">;
export type CloneSetSpec = CloneSet["spec"];

/** apps.kruise.io/v1beta1 StatefulSet, Advanced StatefulSet (openkruise/kruise apis/apps/v1beta1/statefulset_types.go). */
export type StatefulSet = Stored<Wire<StatefulSetModel>, "spec">;
export type StatefulSetSpec = StatefulSet["spec"];

/** apps.kruise.io/v1alpha1 DaemonSet, Advanced DaemonSet (openkruise/kruise apis/apps/v1alpha1/daemonset_types.go). */
export type DaemonSet = Stored<Wire<DaemonSetModel>, "spec">;
export type DaemonSetSpec = DaemonSet["spec"];

/** rollouts.kruise.io/v1beta1 Rollout, the storage version (openkruise/rollouts api/v1beta1/rollout_types.go). */
export type Rollout = Stored<Wire<RolloutModel>, "spec">;
/** rollouts.kruise.io/v1beta1 BatchRelease (openkruise/rollouts api/v1beta1/batchrelease_types.go). */
export type BatchRelease = Stored<Wire<BatchReleaseModel>, "spec">;
