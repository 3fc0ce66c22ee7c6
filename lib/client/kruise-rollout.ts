"use client";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch, errorFromResponse } from "./api";
import { mutationHeaders, signInAgain } from "./session";
import { api } from "../urls";
import type { KruiseRolloutAction, KruiseRolloutBase, KruiseRolloutOutcome, WireRequest } from "../k8s/wire";
import type { Rollout } from "../k8s/objects";

// Kruise Rollout actions from the CloneSet page: POST …/rollouts/<name>/action, and the access review behind them.

export interface KruiseRolloutActionBody {
  action: KruiseRolloutAction;
  cloneSet: string;
  base: KruiseRolloutBase;
  to?: number;
  preview?: boolean;
}

export type KruiseRolloutAnswer = KruiseRolloutOutcome & { request: WireRequest; effect?: string };

/** What the page showed of the Rollout, sent as the action's guard. */
export function kruiseRolloutBase(r: Rollout): KruiseRolloutBase {
  const step = r.status?.canaryStatus?.currentStepIndex ?? r.status?.currentStepIndex ?? 0;
  const base: KruiseRolloutBase = { generation: r.metadata.generation ?? 0, step };
  if (typeof r.spec.strategy.paused === "boolean") base.paused = r.spec.strategy.paused;
  if (typeof r.spec.disabled === "boolean") base.disabled = r.spec.disabled;
  return base;
}

export async function postKruiseRolloutAction(
  cluster: string,
  ns: string,
  rollout: string,
  body: KruiseRolloutActionBody,
): Promise<KruiseRolloutAnswer> {
  let res: Response;
  try {
    res = await fetch(api.rolloutAction(cluster, ns, rollout), {
      method: "POST",
      credentials: "same-origin",
      headers: await mutationHeaders(),
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError({
      code: 0,
      reason: "NetworkError",
      message: `the dashboard server is unreachable: ${(e as Error).message}`,
    });
  }
  if (res.status === 401) signInAgain();
  if (!res.ok) throw await errorFromResponse(res);
  return (await res.json()) as KruiseRolloutAnswer;
}

export function useKruiseRolloutAction(cluster: string, ns: string, rollout: string) {
  return useMutation<KruiseRolloutAnswer, ApiError, KruiseRolloutActionBody>({
    mutationFn: (body) => postKruiseRolloutAction(cluster, ns, rollout, body),
  });
}

type Answer = { allowed: boolean; reason?: string };
interface AccessAnswer {
  patch: Answer;
  rollout?: { spec: Answer; status: Answer };
}

export function rolloutAccessOptions(cluster: string, ns: string, cloneSet: string, rollout: string) {
  return queryOptions<AccessAnswer, ApiError>({
    queryKey: ["access", cluster, ns, "clonesets", cloneSet, "rollout", rollout] as const,
    queryFn: () => apiFetch(api.access(cluster, ns, cloneSet, rollout)),
    staleTime: 60_000,
  });
}

export interface RolloutAccess {
  /** may patch the Rollout's spec (pause, resume, disable) */
  spec: { allowed: boolean | undefined; reason?: string };
  /** may patch rollouts/status (approve, jump) */
  status: { allowed: boolean | undefined; reason?: string };
}

/** SelfSubjectAccessReviews for the Rollout's spec and /status, as the user. */
export function useRolloutAccess(cluster: string, ns: string, cloneSet: string, rollout: string): RolloutAccess {
  const q = useQuery(rolloutAccessOptions(cluster, ns, cloneSet, rollout));
  if (q.error) {
    const reason = `could not check permissions: ${q.error.message}`;
    return { spec: { allowed: undefined, reason }, status: { allowed: undefined, reason } };
  }
  return {
    spec: { allowed: q.data?.rollout?.spec.allowed, reason: q.data?.rollout?.spec.reason },
    status: { allowed: q.data?.rollout?.status.allowed, reason: q.data?.rollout?.status.reason },
  };
}
