"use client";
// A CloneSet rollback from the browser: POST …/clonesets/<name>/rollback (the template, and for every pod partition 0
// in the same request), answered with the write contract's outcome (lib/k8s/wire.ts).
import { useMutation } from "@tanstack/react-query";
import type { RollbackBody } from "../contract/bodies";
import type { IntentOutcome } from "../k8s/wire";
import { api } from "../urls";
import { postJson, type ApiError } from "./api";

export type { RollbackBody };

export function useRollbackMutation(cluster: string, ns: string, name: string) {
  return useMutation<IntentOutcome, ApiError, RollbackBody>({
    mutationFn: (body, ctx) =>
      postJson<IntentOutcome>(ctx.client, api.write(cluster, ns, "clonesets", name, "rollback"), body),
  });
}
