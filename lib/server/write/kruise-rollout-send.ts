import "server-only";
import { CustomObjectsApi } from "@kubernetes/client-node";
import type { K8sObject } from "@/lib/k8s/wire";
import type { PatchRequest } from "@/lib/patch";
import { kubePath } from "@/lib/urls";
import type { Actor } from "../auth/actor";
import { HttpError, toApiErrorBody } from "../errors";
import { RESOURCES } from "../resources";
import { exactCall } from "./exact";
import { fieldManagerFor } from "./patch";

// Sends one PATCH to a Rollout, its spec or its /status subresource, exactly as previewed (docs/architecture.md §4).

export interface RolloutTarget {
  namespace: string;
  name: string;
  /** true: the /status subresource (approve, jump) */
  status: boolean;
}

/** The URL path (with query) the PATCH goes to, for "Show request". */
export function rolloutPatchPath(actor: Pick<Actor, "caller" | "user">, t: RolloutTarget): string {
  const d = RESOURCES.rollouts;
  const q = new URLSearchParams({ fieldManager: fieldManagerFor(actor) });
  return `${kubePath(d.prefix, d.name, t.namespace, t.name)}${t.status ? "/status" : ""}?${q}`;
}

/** PATCH the Rollout with the request's explicit content type and exact body, as the user. */
export async function sendRolloutPatch(actor: Actor, t: RolloutTarget, request: PatchRequest): Promise<K8sObject> {
  const d = RESOURCES.rollouts;
  const params = {
    group: d.group,
    version: d.version,
    plural: d.name,
    namespace: t.namespace,
    name: t.name,
    body: {},
    fieldManager: fieldManagerFor(actor),
  };
  const api = actor.client.kc.makeApiClient(CustomObjectsApi);
  try {
    return await exactCall<K8sObject>(request.contentType, request.body, (o) =>
      t.status ? api.patchNamespacedCustomObjectStatus(params, o) : api.patchNamespacedCustomObject(params, o),
    );
  } catch (e) {
    throw new HttpError(toApiErrorBody(e, `cluster "${actor.cluster}"`));
  }
}

/** GET the Rollout as the user; a 404 says which Rollout is missing. */
export async function readRollout(actor: Actor, namespace: string, name: string): Promise<K8sObject> {
  try {
    return await actor.client.get(RESOURCES.rollouts, namespace, name);
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
