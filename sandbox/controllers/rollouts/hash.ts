// Hashes the Rollout system compares (docs/kruise-rollouts.md §3, §6). Simplification: upstream hashes Go's
// json.Marshal output (struct field order); the sandbox hashes JSON with sorted keys. Both controllers here use
// the same function, so the comparisons behave as upstream's; the digits differ.
import { createHash } from "node:crypto";
import type { ReleasePlan, Rollout } from "@/lib/k8s/objects";

/** JSON with sorted keys and undefined members dropped (for hashing and comparing specs). */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.keys(v)
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const SAFE = "bcdfghjklmnpqrstvwxz2456789";

/** `rollouts.kruise.io/hash`: the canary strategy without failureThreshold and step pauses, safe-encoded. */
export function rolloutHash(r: Rollout): string {
  const canary = r.spec.strategy?.canary ?? r.spec.strategy?.blueGreen ?? {};
  const data = {
    ...canary,
    failureThreshold: undefined,
    steps: (canary.steps ?? []).map((s) => ({ ...s, pause: {} })),
  };
  return [...sha256(stableJson(data))].map((c) => SAFE[c.charCodeAt(0) % SAFE.length]).join("");
}

/** `HashReleasePlanBatches`: the whole release plan, batchPartition included. */
export function releasePlanHash(plan: ReleasePlan): string {
  return sha256(stableJson(plan));
}
