import "server-only";
import type { UpdateIntent } from "@/lib/contract/bodies";
import { KINDS, type StrategyShape } from "@/lib/kinds";
import { isControlledBy } from "@/lib/kruise/core/owner";
import { guardObject } from "@/lib/kruise/core/update-base";
import {
  asJsonObject,
  partitionPatch,
  pausePatch,
  replicasPatch,
  rollbackEveryPodPatch,
  rollbackPatch,
  rollingLimitsPatch,
  type JsonObject,
  type PatchRequest,
} from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { httpErrors } from "../errors";
import type { WriteTarget } from "./patch";

export const show = (v: unknown) =>
  v === undefined || v === null ? "unset" : typeof v === "string" ? v : JSON.stringify(v);

/** The revision to roll back to: one this workload controls (docs/kruise-rules.md §8.5), never a namesake's. */
export async function readRevision(actor: Actor, t: WriteTarget, name: string, field = "value"): Promise<JsonObject> {
  const home = KINDS.get(t.resource);
  const [w, rev] = await Promise.all([
    actor.client.get(home, t.namespace, t.name),
    actor.client.get(KINDS.get("controllerrevisions"), t.namespace, name),
  ]);
  if (!isControlledBy(rev, w.metadata.uid))
    throw httpErrors.badRequest(`ControllerRevision ${name} does not belong to ${home.kind} ${t.name}`, field);
  return asJsonObject(rev);
}

/** The lib/patch request for an update intent, guarded by what the page showed, and the Event that will describe it. */
export async function buildUpdate(
  actor: Actor,
  t: WriteTarget,
  shape: StrategyShape,
  i: UpdateIntent,
): Promise<{ request: PatchRequest; event: { reason: string; message: string } }> {
  const at = { at: shape.path };
  const base = guardObject(i.base, shape.path);
  switch (i.action) {
    case "partition":
      return {
        request: partitionPatch(base, i.value, at),
        event: { reason: "PartitionChanged", message: `partition ${show(i.base.partition)} → ${show(i.value)}` },
      };
    case "pause":
    case "resume": {
      const paused = i.action === "pause";
      return {
        request: pausePatch(base, paused, at),
        event: {
          reason: paused ? "RolloutPaused" : "RolloutResumed",
          message: paused ? "rollout paused" : "rollout resumed",
        },
      };
    }
    case "limits": {
      const parts = (["maxUnavailable", "maxSurge"] as const)
        .filter((k) => i.value[k] !== undefined)
        .map((k) => `${k} ${show(i.base[k])} → ${i.value[k] === null ? "default" : show(i.value[k])}`);
      return {
        request: rollingLimitsPatch(base, i.value, at),
        event: { reason: "RolloutLimitsChanged", message: parts.join(", ") },
      };
    }
    case "replicas":
      return {
        request: replicasPatch(base, i.value),
        event: { reason: "ReplicasChanged", message: `replicas ${show(i.base.replicas)} → ${i.value}` },
      };
    case "rollback": {
      const rev = await readRevision(actor, t, i.value);
      const n = typeof rev.revision === "number" ? ` (revision ${rev.revision})` : "";
      if (i.everyPod)
        return {
          request: rollbackEveryPodPatch(base, rev, at),
          event: {
            reason: "RolledBack",
            message: `pod template rolled back to ${i.value}${n} and partition ${show(i.base.partition ?? 0)} → 0`,
          },
        };
      return {
        request: rollbackPatch(base, rev),
        event: { reason: "RolledBack", message: `pod template rolled back to ${i.value}${n}` },
      };
    }
  }
}
