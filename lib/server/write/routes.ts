import "server-only";
import { clientFor } from "../clusters";
import { errorResponse } from "../errors";
import { validateNamespace, validateObjectName } from "../validate";
import { canI } from "./access";
import { readMutation } from "./mutation";
import { applyRollout } from "./rollout";

// Logic behind app/api/c/<cluster>/ns/<ns>/clonesets/<name>/{rollout,access}; the route files stay one-liners.

function target(cluster: string, ns: string, name: string) {
  clientFor(cluster);
  return { resource: "clonesets" as const, namespace: validateNamespace(ns), name: validateObjectName(name) };
}

/** POST …/rollout — same-origin JSON intent (issue #5). */
export async function postRollout(req: Request, cluster: string, ns: string, name: string): Promise<Response> {
  try {
    const t = target(cluster, ns, name);
    const body = await readMutation(req);
    return await applyRollout(cluster, t, body);
  } catch (e) {
    return errorResponse(e, `cluster "${cluster}"`);
  }
}

/** GET …/access — may this kubeconfig user patch the CloneSet? (SelfSubjectAccessReview) */
export async function getAccess(cluster: string, ns: string, name: string): Promise<Response> {
  try {
    const t = target(cluster, ns, name);
    const patch = await canI(cluster, { verb: "patch", group: "apps.kruise.io", resource: "clonesets", namespace: t.namespace, name: t.name });
    return Response.json({ patch }, { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    return errorResponse(e, `cluster "${cluster}"`);
  }
}
