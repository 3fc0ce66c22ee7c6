// The editor's server state (docs/architecture.md §3-§4): the opened object is a query, the save a
// mutation, both against the routes in lib/urls.ts. Every answer of the edit route is an EditOutcome.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { JsonObject } from "@/lib/patch";
import type { EditBody } from "../contract/bodies";
import type { EditOutcome, ResourceName } from "../k8s/wire";
import { api } from "../urls";
import { apiFetch, postJson, type ApiError } from "./api";
import { objectKeys } from "./keys";

export type {
  ConflictChoice,
  DryRunCheck,
  EditOutcome,
  KeptField,
  WireConflict,
  WireRequest,
  WriteFailure,
} from "../k8s/wire";
export type { EditBody };

/** The object one editor page edits. */
export interface EditTarget {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
}

/**
 * Reads one object once, as the API server has it (managedFields dropped): the editor's base must not move under the
 * user's text (the live banner shows changes from the stream instead); a save or "discard draft" refetches it.
 */
export function objectOptions(target: EditTarget) {
  return queryOptions<JsonObject, ApiError>({
    queryKey: objectKeys.object(target.cluster, target.namespace, target.resource, target.name),
    queryFn: ({ client }) =>
      apiFetch<JsonObject>(client, api.object(target.cluster, target.namespace, target.resource, target.name)),
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
  return useMutation<EditOutcome, ApiError, EditBody>({
    mutationFn: (body, ctx) =>
      postJson<EditOutcome>(ctx.client, api.edit(target.cluster, target.namespace, target.resource, target.name), body),
    onSuccess: (outcome) => {
      if (outcome.kind === "saved" || outcome.kind === "no-op")
        queryClient.setQueryData(objectOptions(target).queryKey, outcome.object);
    },
  });
}
