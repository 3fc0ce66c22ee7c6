import "server-only";
import type { Rollout } from "@/lib/k8s/objects";
import type { K8sObject } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import type { PatchRequest } from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { HttpError, toApiErrorBody } from "../errors";
import { fieldManagerFor, patchPath, sendPatch, type WriteTarget } from "./patch";

// Sends one PATCH to a Rollout, its spec or its /status subresource, exactly as previewed (docs/architecture.md §4).

export interface RolloutTarget {
  namespace: string;
  name: string;
  /** true: the /status subresource (approve, jump) */
  status: boolean;
}

const target = (t: RolloutTarget): WriteTarget => ({
  resource: "rollouts",
  namespace: t.namespace,
  name: t.name,
  ...(t.status ? { subresource: "status" as const } : {}),
});

/** The URL path (with query) the PATCH goes to, for "Show request". */
export function rolloutPatchPath(actor: Pick<Actor, "caller" | "user">, t: RolloutTarget): string {
  return patchPath(target(t), { manager: fieldManagerFor(actor) });
}

/** PATCH the Rollout with the request's explicit content type and exact body, as the user. */
export function sendRolloutPatch(actor: Actor, t: RolloutTarget, request: PatchRequest): Promise<K8sObject> {
  return sendPatch(actor, target(t), request);
}

/** GET the Rollout as the user; a 404 says which Rollout is missing. */
export async function readRollout(actor: Actor, namespace: string, name: string): Promise<Rollout> {
  try {
    return await actor.client.get(KINDS.get("rollouts"), namespace, name);
  } catch (e) {
    const body = toApiErrorBody(e, `cluster "${actor.cluster}"`);
    if (body.code === 404)
      throw new HttpError({
        code: 404,
        reason: "NotFound",
        message: `there is no Rollout ${name} in namespace ${namespace} (or the rollouts.kruise.io CRD is not installed)`,
      });
    throw new HttpError(body);
  }
}
