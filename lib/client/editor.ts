// The editor's server state (docs/architecture.md §3-§4): the opened object is a query, the save a
// mutation, both against the routes in lib/urls.ts. Every answer of the edit route is an EditOutcome.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { JsonObject } from "@/lib/patch";
import type { EditableResource, EditOutcome, EditRequest } from "../k8s/wire";
import { api } from "../urls";
import { apiFetch, apiResponse, errorFromResponse, type ApiError } from "./api";
import { editorKeys } from "./keys";

export type {
  ConflictChoice,
  DryRunCheck,
  EditableResource,
  EditFailure,
  EditOutcome,
  EditRequest,
  KeptField,
  WireConflict,
  WireRequest,
} from "../k8s/wire";

/** The object one editor page edits. */
export interface EditTarget {
  cluster: string;
  namespace: string;
  resource: EditableResource;
  name: string;
}

const OUTCOMES = new Set<string>([
  "no-changes",
  "refused",
  "conflict",
  "preview",
  "dry-run",
  "saved",
  "no-op",
  "deleted",
  "denied",
  "invalid",
]);

const isOutcome = (v: unknown): v is EditOutcome =>
  !!v && typeof v === "object" && OUTCOMES.has(String((v as { kind?: unknown }).kind));

/**
 * Posts an edit intent. Every answer of the edit logic is an outcome, the refusals (deleted 404,
 * denied 403, invalid 422) included; anything else (sign-in, same-origin checks, a proxy's page)
 * throws ApiError like every dashboard call.
 */
export async function postEdit(target: EditTarget, req: EditRequest): Promise<EditOutcome> {
  const res = await apiResponse(api.edit(target.cluster, target.namespace, target.resource, target.name), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(req),
  });
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => null);
  if (isOutcome(body)) return body;
  throw await errorFromResponse(res);
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

/**
 * The object as opened. It is read once: the editor's base must not move under the user's text
 * (the live banner shows changes from the stream instead); a save or "discard draft" refetches it.
 */
export function editedObjectOptions(target: EditTarget) {
  return queryOptions<JsonObject, ApiError>({
    queryKey: editorKeys.object(target.cluster, target.namespace, target.resource, target.name),
    queryFn: () => fetchObject(target.cluster, target.namespace, target.resource, target.name),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** The save: one mutation per editor page. What the server stored becomes the opened object. */
export function useEditMutation(target: EditTarget) {
  const queryClient = useQueryClient();
  return useMutation<EditOutcome, ApiError, EditRequest>({
    mutationFn: (req) => postEdit(target, req),
    onSuccess: (outcome) => {
      if (outcome.kind === "saved" || outcome.kind === "no-op")
        queryClient.setQueryData(editedObjectOptions(target).queryKey, outcome.object);
    },
  });
}
