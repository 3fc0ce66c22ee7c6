"use client";
// A workload's update intents from the browser: POST …/<resource>/<name>/update (partition, pause, resume, limits,
// rollback), answered with the write contract's outcome (lib/k8s/wire.ts).
import { useMutation } from "@tanstack/react-query";
import type { UpdateBody } from "../contract/bodies";
import type { IntentOutcome, ResourceName } from "../k8s/wire";
import { api } from "../urls";
import { postJson, type ApiError } from "./api";

export type { UpdateBody };

/** One mutation per control; the live stream brings the new object into the cache. */
export function useUpdateMutation(cluster: string, ns: string, resource: ResourceName, name: string) {
  return useMutation<IntentOutcome, ApiError, UpdateBody>({
    mutationFn: (body, ctx) =>
      postJson<IntentOutcome>(ctx.client, api.write(cluster, ns, resource, name, "update"), body),
  });
}
