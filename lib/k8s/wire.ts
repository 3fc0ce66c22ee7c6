/**
 * The wire contract between the dashboard's route handlers and the browser (docs/architecture.md §3).
 * Types only, no runtime code, so lib/server may `import type` them without pulling browser code.
 */

import type { CloneSet, ControllerRevision, Event, Pod, StoredMeta } from "./objects";

/** The kinds the YAML editor opens and saves. */
export type EditableResource = "clonesets" | "pods";

/**
 * The resources the read path serves, and the object each one holds; a fixed allow-list (docs/architecture.md §5:
 * no generic proxy).
 */
export interface ResourceObjects {
  clonesets: CloneSet;
  pods: Pod;
  controllerrevisions: ControllerRevision;
  events: Event;
}
export type ResourceName = keyof ResourceObjects;

/** A Kubernetes object of any served resource, as the API server sent it (managedFields dropped by the hub). */
export interface K8sObject {
  apiVersion?: string;
  kind?: string;
  metadata: StoredMeta;
  [key: string]: unknown;
}

/** Kubernetes `Status` reduced to what a user can act on; also used for our own 400/502 errors. */
export interface ApiErrorBody {
  code: number;
  reason: string;
  message: string;
  details?: {
    field?: string;
    causes?: { field?: string; message?: string; reason?: string }[];
  };
}

export type ConnectionStateName = "connecting" | "live" | "reconnecting" | "stale" | "error";

/** `since` is an ISO time: when the data stopped being live (reconnecting/stale) or the error began. */
export interface ConnectionState {
  state: ConnectionStateName;
  since?: string;
  error?: ApiErrorBody;
}

export type WatchEventType = "ADDED" | "MODIFIED" | "DELETED";

/** `namespace: null` means the all-namespaces scope. */
export interface SnapshotPayload {
  resource: ResourceName;
  namespace: string | null;
  resourceVersion: string;
  items: K8sObject[];
}
export interface ChangePayload {
  resource: ResourceName;
  namespace: string | null;
  type: WatchEventType;
  object: K8sObject;
}
export interface StatusPayload extends ConnectionState {
  resource: ResourceName;
  namespace: string | null;
}

/** One SSE message: `event:` is the discriminator, `data:` the JSON payload. */
export type StreamEvent =
  | { event: "snapshot"; data: SnapshotPayload }
  | { event: "change"; data: ChangePayload }
  | { event: "status"; data: StatusPayload };

export interface ClusterInfo {
  name: string;
  server: string;
  namespace?: string;
  current: boolean;
}
export interface ClustersResponse {
  clusters: ClusterInfo[];
}

/** A rollout intent's action, as POSTed to …/clonesets/<name>/rollout. */
export type RolloutAction = "partition" | "pause" | "resume" | "limits" | "rollback";

/** What the page showed when the user decided: the guards of the write (docs/architecture.md §4). */
export interface RolloutBase<Template = Record<string, unknown>> {
  generation: number;
  resourceVersion?: string;
  partition?: number | string;
  paused?: boolean;
  maxUnavailable?: number | string;
  maxSurge?: number | string;
  template?: Template;
}

/**
 * How the console authenticates (docs/architecture.md §5): local (kubeconfig, loopback), token (sign-in),
 * proxy (auth proxy + impersonation).
 */
export type AuthMode = "local" | "token" | "proxy";
