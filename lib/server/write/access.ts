import "server-only";
import { AuthorizationV1Api } from "@kubernetes/client-node";
import type { Actor } from "../auth/actor";
import { HttpError, toApiErrorBody } from "../errors";
import { exactCall } from "../exact";

export interface AccessQuestion {
  verb: string;
  group: string;
  resource: string;
  namespace?: string;
  name?: string;
  subresource?: string;
}

interface ReviewAnswer {
  status?: { allowed?: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

/**
 * "Can I?" for the acting user (kubeconfig, their token, or impersonated): a SelfSubjectAccessReview (authorization.k8s.io/v1,
 * kubernetes pkg/registry/authorization/selfsubjectaccessreview/rest.go), as `kubectl auth can-i` does.
 */
export async function canI(actor: Actor, a: AccessQuestion): Promise<{ allowed: boolean; reason?: string }> {
  const kc = actor.client.kc;
  const resourceAttributes = {
    verb: a.verb,
    group: a.group,
    resource: a.resource,
    ...(a.namespace ? { namespace: a.namespace } : {}),
    ...(a.name ? { name: a.name } : {}),
    ...(a.subresource ? { subresource: a.subresource } : {}),
  };
  const body = JSON.stringify({
    apiVersion: "authorization.k8s.io/v1",
    kind: "SelfSubjectAccessReview",
    spec: { resourceAttributes },
  });
  try {
    const r = await exactCall<ReviewAnswer>("application/json", body, (o) =>
      kc.makeApiClient(AuthorizationV1Api).createSelfSubjectAccessReview({ body: { spec: {} } }, o),
    );
    const allowed = r.status?.allowed === true && r.status?.denied !== true;
    const reason = r.status?.reason || r.status?.evaluationError || undefined;
    return reason ? { allowed, reason } : { allowed };
  } catch (e) {
    throw new HttpError(toApiErrorBody(e, `cluster "${actor.cluster}"`));
  }
}
