// Minimal structural types for CloneSets, pods and ControllerRevisions as they travel
// over the Kubernetes API (JSON). They mirror apps.kruise.io/v1alpha1 (kruise v1.9.0,
// apis/apps/v1alpha1/cloneset_types.go) and core/v1; only fields we read or write are
// listed, and everything is optional because objects come from the wire.

/** An int-or-string field (`x-kubernetes-int-or-string`): a count or a percentage like "20%". */
export type IntOrString = number | string;

export interface ObjectMeta {
  name?: string;
  generateName?: string;
  namespace?: string;
  uid?: string;
  resourceVersion?: string;
  generation?: number;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  deletionGracePeriodSeconds?: number;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  finalizers?: string[];
  ownerReferences?: OwnerReference[];
}

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface LabelSelectorRequirement {
  key: string;
  operator: "In" | "NotIn" | "Exists" | "DoesNotExist" | string;
  values?: string[];
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { fieldRef?: { fieldPath: string; apiVersion?: string }; [k: string]: unknown };
}

export interface Container {
  name: string;
  image?: string;
  env?: EnvVar[];
  resources?: Record<string, unknown>;
  [k: string]: unknown;
}

export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  nodeName?: string;
  readinessGates?: { conditionType: string }[];
  terminationGracePeriodSeconds?: number;
  topologySpreadConstraints?: { topologyKey: string; maxSkew?: number; [k: string]: unknown }[];
  [k: string]: unknown;
}

export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

/** Lifecycle hook (apis/apps/pub/lifecycle.go: LifecycleHook). */
export interface LifecycleHook {
  labelsHandler?: Record<string, string>;
  finalizersHandler?: string[];
  markPodNotReady?: boolean;
}

export interface Lifecycle {
  preDelete?: LifecycleHook;
  inPlaceUpdate?: LifecycleHook;
  preNormal?: LifecycleHook;
}

export interface UpdatePriorityWeightTerm {
  weight: number;
  matchSelector: LabelSelector;
}

export interface UpdatePriorityStrategy {
  weightPriority?: UpdatePriorityWeightTerm[];
  orderPriority?: { orderedKey: string }[];
}

export interface ScatterTerm {
  key: string;
  value: string;
}

export type CloneSetUpdateStrategyType = "ReCreate" | "InPlaceIfPossible" | "InPlaceOnly";

export interface CloneSetUpdateStrategy {
  type?: CloneSetUpdateStrategyType | string;
  partition?: IntOrString;
  maxUnavailable?: IntOrString;
  maxSurge?: IntOrString;
  paused?: boolean;
  priorityStrategy?: UpdatePriorityStrategy;
  scatterStrategy?: ScatterTerm[];
  inPlaceUpdateStrategy?: { gracePeriodSeconds?: number };
}

export interface CloneSetScaleStrategy {
  podsToDelete?: string[];
  maxUnavailable?: IntOrString;
  disablePVCReuse?: boolean;
}

export interface CloneSetSpec {
  replicas?: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  volumeClaimTemplates?: unknown[];
  revisionHistoryLimit?: number;
  minReadySeconds?: number;
  scaleStrategy?: CloneSetScaleStrategy;
  updateStrategy?: CloneSetUpdateStrategy;
  lifecycle?: Lifecycle;
  progressDeadlineSeconds?: number;
}

export interface CloneSetCondition {
  type: string;
  status: "True" | "False" | "Unknown" | string;
  lastUpdateTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** CloneSetStatus (apis/apps/v1alpha1/cloneset_types.go). */
export interface CloneSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas: number;
  availableReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  updatedAvailableReplicas?: number;
  expectedUpdatedReplicas?: number;
  updateRevision?: string;
  currentRevision?: string;
  collisionCount?: number;
  labelSelector?: string;
  conditions?: CloneSetCondition[];
}

export interface CloneSet {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: CloneSetSpec;
  status?: CloneSetStatus;
}

export interface PodCondition {
  type: string;
  status: "True" | "False" | "Unknown" | string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string | null;
  lastProbeTime?: string | null;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { exitCode: number; reason?: string; message?: string; startedAt?: string; finishedAt?: string };
}

export interface ContainerStatus {
  name: string;
  image: string;
  imageID: string;
  ready: boolean;
  started?: boolean;
  restartCount: number;
  state?: ContainerState;
  lastState?: ContainerState;
  containerID?: string;
}

export interface PodStatus {
  phase?: "Pending" | "Running" | "Succeeded" | "Failed" | "Unknown" | string;
  conditions?: PodCondition[];
  containerStatuses?: ContainerStatus[];
  hostIP?: string;
  podIP?: string;
  startTime?: string;
  qosClass?: string;
}

export interface Pod {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec: PodSpec;
  status?: PodStatus;
}

/** apps/v1 ControllerRevision; `data` holds the template patch (§6.1). */
export interface ControllerRevision {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  data: unknown;
  revision: number;
}
