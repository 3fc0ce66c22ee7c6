// The editor's calls to POST /api/c/<cluster>/ns/<ns>/<resource>/<name>/edit.
import type { JsonObject, JsonValue } from "@/lib/patch";
import type { EditableResource } from "../k8s/wire";
import { api } from "../urls";
import { apiFetch } from "./api";

export type { EditableResource };
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
  /** true: only compute the request against the latest object, send nothing. */
  preview?: boolean;
  dryRun?: boolean;
  /** The body the user previewed: if the recomputed one differs, nothing is sent and the new one comes back as a preview. */
  expectBody?: string;
}

export type EditResponse =
  | { kind: "no-changes"; message: string }
  | { kind: "refused"; message: string; fields: string[] }
  | { kind: "conflict"; conflicts: WireConflict[]; latest: JsonObject }
  | { kind: "preview"; request: WireRequest; latest: JsonObject; changed?: boolean }
  | { kind: "saved"; request: WireRequest; object: JsonObject }
  | { kind: "dry-run"; request: WireRequest; object: JsonObject; latest: JsonObject };

/** Posts an edit intent; throws ApiError (404 deleted, 422 with causes, 403, …) like every dashboard call. */
export function postEdit(
  cluster: string,
  namespace: string,
  resource: EditableResource,
  name: string,
  req: EditRequest,
): Promise<EditResponse> {
  return apiFetch<EditResponse>(api.edit(cluster, namespace, resource, name), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(req),
  });
}

/** GET the object as the API server has it now (managedFields dropped). */
export function fetchObject(
  cluster: string,
  namespace: string,
  resource: EditableResource | "controllerrevisions",
  name: string,
): Promise<JsonObject> {
  return apiFetch<JsonObject>(api.object(cluster, namespace, resource, name));
}
