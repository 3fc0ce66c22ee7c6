"use client";
// RBAC-aware controls for any kind (docs/architecture.md §5): may the user do this to this object? One
// SelfSubjectAccessReview per (object, verb, subresource), asked through GET …/access and kept in the query cache.
import { queryOptions } from "@tanstack/react-query";
import type { ResourceName } from "../k8s/wire";
import { accessDenial, KINDS, type AccessAnswer, type AccessNeed } from "../kinds";
import { api } from "../urls";
import { apiFetch, type ApiError } from "./api";
import { useClientQuery } from "./hydration";
import { accessKeys } from "./keys";

/** The object a control acts on. */
export interface AccessTarget {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
}

export function accessOptions(t: AccessTarget, need: AccessNeed) {
  return queryOptions<{ allowed: boolean; reason?: string }, ApiError>({
    queryKey: accessKeys.object(t.cluster, t.namespace, t.resource, t.name, need.verb, need.subresource),
    queryFn: ({ client }) => apiFetch(client, api.access(t.cluster, t.namespace, t.resource, t.name, need)),
    staleTime: 60_000,
  });
}

/** The review's answer: allowed, or not and why; undefined while asking or when the review itself failed. */
export function useAccess(t: AccessTarget, need: AccessNeed, enabled = true): AccessAnswer {
  const q = useClientQuery({ ...accessOptions(t, need), enabled });
  if (q.error) return { allowed: undefined, reason: `could not check permissions: ${q.error.message}` };
  return { allowed: q.data?.allowed, reason: q.data?.reason };
}

/**
 * Why a control is disabled ("You may not patch this CloneSet (RBAC: …)", "Checking permissions…"), in the one
 * wording lib/kinds/api.ts gives every kind; undefined when it may be used.
 */
export function useAccessDenial(t: AccessTarget, need: AccessNeed, enabled = true): string | undefined {
  const answer = useAccess(t, need, enabled);
  return enabled ? accessDenial(KINDS.get(t.resource), need, answer) : undefined;
}
