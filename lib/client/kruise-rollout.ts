"use client";
// Kruise Rollout actions from the CloneSet page: POST …/rollouts/<name>/action, answered with the write contract's
// outcome (lib/k8s/wire.ts).
import { useMutation } from "@tanstack/react-query";
import type { KruiseRolloutBody } from "../contract/bodies";
import type { IntentOutcome } from "../k8s/wire";
import { api } from "../urls";
import { postJson, type ApiError } from "./api";

export type { KruiseRolloutBody };

export function useKruiseRolloutAction(cluster: string, ns: string, rollout: string) {
  return useMutation<IntentOutcome, ApiError, KruiseRolloutBody>({
    mutationFn: (body, ctx) => postJson<IntentOutcome>(ctx.client, api.kruiseRolloutAction(cluster, ns, rollout), body),
  });
}
