import "server-only";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import type { Actor } from "../auth/actor";
import { HttpError, toApiErrorBody } from "../errors";
import { objectPath } from "../resources";
import { exactCall } from "../exact";

/** Every write is attributed to this field manager (managedFields, `kubectl get --show-managed-fields`). */
export const FIELD_MANAGER = "kruise-console";

/**
 * The field manager for a write: "kruise-console" in local mode; in shared modes "kruise-console/<user>",
 * so managedFields name the person who changed a field (apiserver caps fieldManager at 128 printable
 * characters: pkg/apis/meta/v1/validation ValidateFieldManager).
 */
export function fieldManagerFor(actor: Pick<Actor, "caller" | "user">): string {
  if (actor.caller.mode === "local") return FIELD_MANAGER;
  const user = actor.user.replace(/[^\x20-\x7e]/g, "?");
  return `${FIELD_MANAGER}/${user}`.slice(0, 128);
}

/** The object a write patches, or its `/status` (a Kruise Rollout's approve and jump). */
export interface WriteTarget {
  resource: ResourceName;
  namespace: string;
  name: string;
  subresource?: "status";
}
export interface SendOptions {
  dryRun?: boolean;
  /** server-side apply only: take over conflicting fields (kubectl apply --server-side --force-conflicts) */
  force?: boolean;
  /** field manager (default "kruise-console"; see fieldManagerFor) */
  manager?: string;
}

const PATCH_TYPES = new Set([
  "application/json-patch+json",
  "application/merge-patch+json",
  "application/strategic-merge-patch+json",
  "application/apply-patch+yaml",
]);

/** The URL path (with query) a PATCH goes to, for "Show request" and for logs. */
export function patchPath(target: WriteTarget, opts: SendOptions = {}): string {
  const q = new URLSearchParams({ fieldManager: opts.manager ?? FIELD_MANAGER });
  if (opts.dryRun) q.set("dryRun", "All");
  if (opts.force) q.set("force", "true");
  return `${objectPath(KINDS.get(target.resource), target.namespace, target.name, target.subresource)}?${q}`;
}

/**
 * PATCH one object (or its /status) through client-node with the request's EXPLICIT content type and exact body,
 * fieldManager "kruise-console", `dryRun=All` when asked. CRs refuse strategic merge (415, apiserver
 * pkg/endpoints/handlers/patch.go); that answer is passed on, not papered over. Throws HttpError carrying the API's
 * Status (code, reason, message, details.causes).
 */
export async function sendPatch(
  actor: Actor,
  target: WriteTarget,
  request: { contentType: string; body: string },
  opts: SendOptions = {},
): Promise<K8sObject> {
  if (!PATCH_TYPES.has(request.contentType)) {
    throw new HttpError({
      code: 415,
      reason: "UnsupportedMediaType",
      message: `unsupported patch content type ${JSON.stringify(request.contentType)}`,
    });
  }
  const query = {
    fieldManager: fieldManagerFor(actor),
    ...(opts.dryRun ? { dryRun: "All" as const } : {}),
    ...(opts.force ? { force: true } : {}),
    ...(target.subresource ? { subresource: target.subresource } : {}),
  };
  try {
    return await exactCall<K8sObject>(request.contentType, request.body, (o) =>
      actor.client.patch(KINDS.get(target.resource), target.namespace, target.name, query, o),
    );
  } catch (e) {
    throw new HttpError(toApiErrorBody(e, `cluster "${actor.cluster}"`));
  }
}
