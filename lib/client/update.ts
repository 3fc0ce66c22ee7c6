"use client";
import { useMutation, useQuery, queryOptions } from "@tanstack/react-query";
import { ApiError, apiFetch, errorFromResponse } from "./api";
import { mutationHeaders, signInAgain } from "./session";
import { api } from "../urls";
import type { ApiErrorBody, K8sObject, PreviewMoves, UpdateAction, UpdateBase } from "../k8s/wire";

// Rollout intents from the browser: POST …/rollout, and the access review behind the controls.

export type { UpdateAction, UpdateBase };

export interface UpdateIntentBody {
  action: UpdateAction;
  base: UpdateBase;
  value?: unknown;
  preview?: boolean;
  /** partition Apply: what the preview showed, so the server refuses a write whose preview no longer holds */
  moves?: PreviewMoves;
}

export interface ShownRequest {
  method: "PATCH";
  path: string;
  contentType: string;
  body: string;
  note: string;
}

/** A refused write; a guard that failed carries the values now on the cluster. */
export class UpdateError extends ApiError {
  readonly current?: UpdateBase;
  constructor(body: ApiErrorBody & { current?: UpdateBase }) {
    super(body);
    if (body.current) this.current = body.current;
  }
}

/** The guard values of a CloneSet as the page has it now. */
export function updateBaseOf(cs: K8sObject, withTemplate = false): UpdateBase {
  const spec = (cs.spec ?? {}) as { updateStrategy?: Record<string, unknown>; template?: Record<string, unknown> };
  const us = spec.updateStrategy ?? {};
  const b: UpdateBase = { generation: cs.metadata.generation ?? 0, resourceVersion: cs.metadata.resourceVersion };
  if (us.partition !== undefined && us.partition !== null) b.partition = us.partition as number | string;
  if (typeof us.paused === "boolean") b.paused = us.paused;
  if (us.maxUnavailable !== undefined && us.maxUnavailable !== null)
    b.maxUnavailable = us.maxUnavailable as number | string;
  if (us.maxSurge !== undefined && us.maxSurge !== null) b.maxSurge = us.maxSurge as number | string;
  if (withTemplate && spec.template) b.template = spec.template;
  return b;
}

/** POSTs one intent; resolves with the exact request (and the written object unless previewing). */
export async function postUpdateIntent(
  cluster: string,
  ns: string,
  name: string,
  intent: UpdateIntentBody,
): Promise<{ request: ShownRequest; object?: K8sObject }> {
  let res: Response;
  try {
    res = await fetch(api.update(cluster, ns, name), {
      method: "POST",
      credentials: "same-origin",
      headers: await mutationHeaders(),
      body: JSON.stringify(intent),
    });
  } catch (e) {
    throw new UpdateError({
      code: 0,
      reason: "NetworkError",
      message: `the dashboard server is unreachable: ${(e as Error).message}`,
    });
  }
  if (res.status === 401) signInAgain();
  if (!res.ok) {
    const text = await res
      .clone()
      .text()
      .catch(() => "");
    let current: UpdateBase | undefined;
    try {
      current = (JSON.parse(text) as { current?: UpdateBase }).current;
    } catch {
      /* not ours */
    }
    const err = await errorFromResponse(res);
    throw new UpdateError({ ...err.toJSON(), ...(current ? { current } : {}) });
  }
  return (await res.json()) as { request: ShownRequest; object?: K8sObject };
}

/** One mutation per CloneSet page; the live stream brings the new object into the cache. */
export function useUpdateMutation(cluster: string, ns: string, name: string) {
  return useMutation<{ request: ShownRequest; object?: K8sObject }, UpdateError, UpdateIntentBody>({
    mutationFn: (intent) => postUpdateIntent(cluster, ns, name, intent),
  });
}

export const accessKeys = {
  patch: (cluster: string, ns: string, name: string) => ["access", cluster, ns, "clonesets", name, "patch"] as const,
};

export function accessOptions(cluster: string, ns: string, name: string) {
  return queryOptions<{ patch: { allowed: boolean; reason?: string } }, ApiError>({
    queryKey: accessKeys.patch(cluster, ns, name),
    queryFn: () => apiFetch(api.access(cluster, ns, name)),
    staleTime: 60_000,
  });
}

/** May the kubeconfig user patch this CloneSet? (SelfSubjectAccessReview on the server) */
export function usePatchAccess(
  cluster: string,
  ns: string,
  name: string,
): { allowed: boolean | undefined; reason?: string } {
  const q = useQuery(accessOptions(cluster, ns, name));
  if (q.error) return { allowed: undefined, reason: `could not check permissions: ${q.error.message}` };
  return { allowed: q.data?.patch.allowed, reason: q.data?.patch.reason };
}
