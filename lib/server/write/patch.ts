import "server-only";
import { CoreV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import type { K8sObject } from "@/lib/k8s/wire";
import { kubePath } from "@/lib/urls";
import type { Actor } from "../auth/actor";
import { HttpError, toApiErrorBody } from "../errors";
import { RESOURCES } from "../resources";
import { exactCall } from "./exact";

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

export interface WriteTarget {
  resource: "clonesets" | "pods";
  namespace: string;
  name: string;
}
export interface WireRequest {
  contentType: string;
  body: string;
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
  const d = RESOURCES[target.resource];
  const q = new URLSearchParams({ fieldManager: opts.manager ?? FIELD_MANAGER });
  if (opts.dryRun) q.set("dryRun", "All");
  if (opts.force) q.set("force", "true");
  return `${kubePath(d.prefix, d.name, target.namespace, target.name)}?${q}`;
}

/**
 * PATCH one object through client-node with the request's EXPLICIT content type and exact body,
 * fieldManager "kruise-console", `dryRun=All` when asked. CRs refuse strategic merge (415,
 * apiserver pkg/endpoints/handlers/patch.go); that answer is passed on, not papered over.
 * Throws HttpError carrying the API's Status (code, reason, message, details.causes).
 */
export async function sendPatch(
  actor: Actor,
  target: WriteTarget,
  request: WireRequest,
  opts: SendOptions = {},
): Promise<K8sObject> {
  if (!PATCH_TYPES.has(request.contentType)) {
    throw new HttpError({
      code: 415,
      reason: "UnsupportedMediaType",
      message: `unsupported patch content type ${JSON.stringify(request.contentType)}`,
    });
  }
  const kc = actor.client.kc;
  const common = {
    namespace: target.namespace,
    name: target.name,
    body: {},
    fieldManager: fieldManagerFor(actor),
    ...(opts.dryRun ? { dryRun: "All" } : {}),
    ...(opts.force ? { force: true } : {}),
  };
  try {
    return await exactCall<K8sObject>(request.contentType, request.body, (o) => {
      if (target.resource === "pods") return kc.makeApiClient(CoreV1Api).patchNamespacedPod(common, o);
      const d = RESOURCES.clonesets;
      return kc
        .makeApiClient(CustomObjectsApi)
        .patchNamespacedCustomObject({ group: d.group, version: d.version, plural: d.name, ...common }, o);
    });
  } catch (e) {
    throw new HttpError(toApiErrorBody(e, `cluster "${actor.cluster}"`));
  }
}
