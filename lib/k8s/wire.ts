/**
 * The wire contract between the dashboard's route handlers and the browser (docs/architecture.md §3).
 * Types only, no runtime code, so lib/server may `import type` them without pulling browser code.
 */
import type { JsonObject, JsonValue } from "./json";
import type { BatchRelease, CloneSet, ControllerRevision, Event, Pod, Rollout, StoredMeta } from "./objects";

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
  /** Kruise Rollout (rollouts.kruise.io); optional: a cluster without the CRD serves an empty list. */
  rollouts: Rollout;
  batchreleases: BatchRelease;
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
  /** the API server's URL: local mode only (shared modes never tell a browser where the clusters are) */
  server?: string;
  /** the context's default namespace: local mode, and shared modes for clusters the caller may use now */
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
 * What a partition preview told the user: how many pods move next and every pod that may be among them
 * (named pods, tie-group members, hook-held pods). Sent with Apply so the server can refuse a write whose
 * preview no longer holds.
 */
export interface PreviewMoves {
  count: number;
  pods: string[];
}

/** An action on a Kruise Rollout, as POSTed to …/rollouts/<name>/action (docs/kruise-rollouts.md §5). */
export type KruiseRolloutAction = "approve" | "pause" | "resume" | "jump" | "disable";

/** The Rollout as the page showed it: a step action is refused when the Rollout has moved on since. */
export interface KruiseRolloutBase {
  generation: number;
  /** the 1-based current step the page showed */
  step: number;
  paused?: boolean;
  disabled?: boolean;
}

/** What a Rollout action answered: the exact request, the Rollout after it, and how many sends it took. */
export interface KruiseRolloutOutcome {
  request: WireRequest;
  object?: K8sObject;
  /** approve/jump: sends needed because the controller's status write put the old state back */
  attempts?: number;
}

/**
 * How the console authenticates (docs/architecture.md §5): local (kubeconfig, loopback), token (sign-in),
 * proxy (auth proxy + impersonation).
 */
export type AuthMode = "local" | "token" | "proxy";

// The YAML editor's save route (POST …/<resource>/<name>/edit): what the browser sends and every
// outcome it can get back. The page switches on `kind`, never on a message.

/** Which side of a conflicting field the user keeps. */
export type ConflictChoice = "mine" | "theirs" | "base";

/** The request exactly as the server sends it to the Kubernetes API (path includes the query). */
export interface WireRequest {
  method: "PATCH";
  path: string;
  contentType: string;
  body: string;
  note: string;
}

/** A field changed on both sides; a missing `base`/`mine`/`theirs` key means the field is absent there. */
export interface WireConflict {
  field: string;
  base?: JsonValue;
  mine?: JsonValue;
  theirs?: JsonValue;
}

export interface EditRequest {
  base: JsonObject;
  mine: JsonObject;
  choices?: Record<string, ConflictChoice>;
  /** true: compute the request against the latest object and dry-run it; write nothing. */
  preview?: boolean;
  dryRun?: boolean;
  /** The body the user reviewed: if the recomputed one differs, nothing is sent and the new one comes back as a preview. */
  expectBody?: string;
}

/**
 * A field the patch changed that the server did not store as asked (a mutating webhook or a default
 * put a value back). `asked`/`stored`/`before` absent = the field is absent there.
 * `kept`: the server kept the value it had before; `replaced`: it stored another value.
 */
export interface KeptField {
  field: string;
  how: "kept" | "replaced";
  asked?: JsonValue;
  stored?: JsonValue;
  before?: JsonValue;
}

/** The server-side dry run behind a review: what the server would store, or why it would refuse. */
export type DryRunCheck = { ok: true; object: JsonObject; kept: KeptField[] } | { ok: false; error: ApiErrorBody };

/** A refusal from the cluster, still a Kubernetes Status (HTTP status = `code`) with the outcome named. */
export type EditFailure = ApiErrorBody & {
  /** deleted: 404, the object is gone; denied: 403 (RBAC, admission); invalid: 422 (validation, with causes). */
  kind: "deleted" | "denied" | "invalid";
};

export type EditOutcome =
  /** Nothing to send: the text equals the object, or the cluster already has every change. */
  | { kind: "no-changes"; message: string }
  /** kubectl edit's local rules refuse the edit (identity fields changed). */
  | { kind: "refused"; message: string; fields: string[] }
  /** The same field changed here and on the cluster: nothing was written. */
  | { kind: "conflict"; conflicts: WireConflict[]; latest: JsonObject }
  /** The exact request, computed against `latest` and dry-run on the server; nothing was written. `changed`: not the reviewed one. */
  | { kind: "preview"; request: WireRequest; latest: JsonObject; changed?: boolean; dryRun?: DryRunCheck }
  /** The server accepted the request in a dry run; nothing was written. */
  | { kind: "dry-run"; request: WireRequest; object: JsonObject; latest: JsonObject; kept: KeptField[] }
  /** Stored under a new resourceVersion; `kept` lists the changes the server did not take as asked. */
  | { kind: "saved"; request: WireRequest; object: JsonObject; kept: KeptField[] }
  /** Sent and accepted, but the server stored nothing new (same resourceVersion): `kept` says which fields it put back. */
  | { kind: "no-op"; request: WireRequest; object: JsonObject; kept: KeptField[] }
  | EditFailure;
