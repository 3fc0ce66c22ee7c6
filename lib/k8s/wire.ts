/**
 * The wire contract between the dashboard's route handlers and the browser (docs/architecture.md §3).
 * Types only, no runtime code, so lib/server may `import type` them without pulling browser code.
 */
import type { JsonObject, JsonValue } from "./json";
import type { StoredMeta } from "./objects";

/**
 * The resources the console serves, and the object each one holds: a closed allow-list (docs/architecture.md §5: no
 * generic proxy). Each kind's home adds its own entry (`declare module "@/lib/k8s/wire"` in lib/kinds/<kind>.ts),
 * so a kind is named in one place; lib/kinds/registry.ts lists the homes.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the kinds' homes (declaration merging)
export interface ResourceObjects {}
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

/** A CloneSet update intent's action, as POSTed to …/clonesets/<name>/update. */
export type UpdateAction = "partition" | "pause" | "resume" | "limits" | "rollback" | "replicas";

/**
 * What the page showed of a CloneSet when the user decided: the guards of an update write (docs/architecture.md §4),
 * computed by one function on both sides (lib/kruise/core/update-base.ts).
 */
export interface UpdateBase {
  generation: number;
  resourceVersion?: string;
  partition?: number | string;
  paused?: boolean;
  maxUnavailable?: number | string;
  maxSurge?: number | string;
  /** spec.replicas as the page showed it (a replicas change tests it) */
  replicas?: number;
  /** a rollback's: the pod template the page showed */
  template?: JsonObject;
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

/**
 * How the console authenticates (docs/architecture.md §5): local (kubeconfig, loopback), token (sign-in),
 * proxy (auth proxy + impersonation).
 */
export type AuthMode = "local" | "token" | "proxy";

// Every write (a CloneSet update intent, a Kruise Rollout action, a YAML edit, and the next ones) answers one
// WriteOutcome (docs/architecture.md §4): the server maps it to an HTTP status in one place
// (lib/server/write/outcome.ts), the browser reads it with one function (lib/client/api.ts postJson), and pages switch
// on `kind`, never on a message. The bodies are in lib/contract/bodies.ts.

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

/**
 * A refusal the page acts on: still a Kubernetes Status (HTTP status = `code`), with what it means named.
 * deleted: 404, the object is gone; denied: 403 (RBAC, admission); invalid: 422 (validation, with causes);
 * stale: 409, the object (or its pods) changed since the page showed it; owned: 409, another controller owns the
 * field (a Kruise Rollout, docs/kruise-rollouts.md §5.6).
 */
export type WriteFailure = ApiErrorBody & {
  kind: "deleted" | "denied" | "invalid" | "stale" | "owned";
  /** stale, on a CloneSet update: the guarded values on the cluster now */
  current?: UpdateBase;
};

export type WriteOutcome =
  /** Nothing to send: the text equals the object, or the cluster already has every change. */
  | { kind: "no-changes"; message: string }
  /** kubectl edit's local rules refuse the edit (identity fields changed). */
  | { kind: "refused"; message: string; fields: string[] }
  /** The same field changed here and on the cluster: nothing was written. */
  | { kind: "conflict"; conflicts: WireConflict[]; latest: JsonObject }
  /**
   * The exact request; nothing was written. An edit's is computed against `latest` and dry-run on the server
   * (`changed`: not the one reviewed); a Kruise Rollout action's says its `effect`.
   */
  | {
      kind: "preview";
      request: WireRequest;
      latest?: JsonObject;
      changed?: boolean;
      dryRun?: DryRunCheck;
      effect?: string;
    }
  /** The server accepted the request in a dry run; nothing was written. */
  | { kind: "dry-run"; request: WireRequest; object: JsonObject; latest: JsonObject; kept: KeptField[] }
  /**
   * Stored under a new resourceVersion; `kept` lists the changes the server did not take as asked; `attempts`: a
   * Kruise Rollout approve or jump re-sent because the controller's status write put the old state back.
   * `metadataOnly`: no field a user edits changed, only the server's own metadata (managed fields): nothing in the
   * spec changed.
   */
  | {
      kind: "saved";
      request: WireRequest;
      object: JsonObject;
      kept: KeptField[];
      attempts?: number;
      metadataOnly?: true;
    }
  /** Sent and accepted, but the server stored nothing new (same resourceVersion): `kept` says which fields it put back. */
  | { kind: "no-op"; request: WireRequest; object: JsonObject; kept: KeptField[] }
  | WriteFailure;

/** What the YAML editor's save answers. */
export type EditOutcome = WriteOutcome;
/** What a CloneSet update intent and a Kruise Rollout action answer: the request, the written object, or a refusal. */
export type IntentOutcome = Extract<WriteOutcome, { kind: "preview" | "saved" }> | WriteFailure;
