/**
 * The loose object shapes the view models read. Every field is optional because objects arrive
 * from a live stream (any cluster, any version); the view models never trust a field to exist.
 * These are structural, so the CloneSet/Pod types in ./types.ts are assignable to them.
 */
export interface ViewMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  generation?: number;
  resourceVersion?: string;
  creationTimestamp?: string;
  deletionTimestamp?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: { uid?: string; kind?: string; name?: string; controller?: boolean }[];
}

export type IntOrString = number | string;

export interface ViewContainer {
  name: string;
  image?: string;
}

export interface ViewCondition {
  type?: string;
  status?: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string | null;
  lastUpdateTime?: string | null;
}

export interface ViewCloneSet {
  metadata?: ViewMeta;
  spec?: {
    replicas?: number;
    minReadySeconds?: number;
    template?: { spec?: { containers?: ViewContainer[] } };
    updateStrategy?: {
      type?: string;
      partition?: IntOrString;
      maxUnavailable?: IntOrString;
      maxSurge?: IntOrString;
      paused?: boolean;
    };
  };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    updatedReplicas?: number;
    updatedReadyReplicas?: number;
    updatedAvailableReplicas?: number;
    expectedUpdatedReplicas?: number;
    updateRevision?: string;
    currentRevision?: string;
    conditions?: ViewCondition[];
  };
}

export interface ViewContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { reason?: string; exitCode?: number; message?: string };
}

export interface ViewContainerStatus {
  name: string;
  image?: string;
  imageID?: string;
  ready?: boolean;
  restartCount?: number;
  state?: ViewContainerState;
}

export interface ViewPod {
  metadata?: ViewMeta;
  spec?: { nodeName?: string; containers?: ViewContainer[] };
  status?: {
    phase?: string;
    conditions?: ViewCondition[];
    containerStatuses?: ViewContainerStatus[];
    reason?: string;
    message?: string;
  };
}

export interface ViewRevision {
  metadata?: ViewMeta;
  revision?: number;
  data?: unknown;
}

export interface ViewEvent {
  metadata?: ViewMeta;
  involvedObject?: { kind?: string; name?: string; namespace?: string; uid?: string };
  reason?: string;
  message?: string;
  type?: string;
  count?: number;
  firstTimestamp?: string | null;
  lastTimestamp?: string | null;
  eventTime?: string | null;
  source?: { component?: string };
}
