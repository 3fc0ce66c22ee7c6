import "server-only";
import { actorFor, asCaller, asWriter, consoleConfig } from "../auth";
import { clientFor } from "../clusters";
import { validateNamespace, validateObjectName } from "../validate";
import { canI } from "./access";
import { applyRollout } from "./rollout";

// Logic behind app/api/c/<cluster>/ns/<ns>/clonesets/<name>/{rollout,access}; the route files stay one-liners.

function target(cluster: string, ns: string, name: string) {
  clientFor(cluster);
  return { resource: "clonesets" as const, namespace: validateNamespace(ns), name: validateObjectName(name) };
}

/**
 * POST …/rollout — a same-origin JSON intent with the anti-CSRF header, acting as the caller
 * (docs/architecture.md §4, §5).
 */
export function postRollout(req: Request, cluster: string, ns: string, name: string): Promise<Response> {
  return asWriter(
    req,
    cluster,
    { verb: "patch", resource: "clonesets.apps.kruise.io", namespace: ns, name },
    async (ctx) => {
      const t = target(cluster, ns, name);
      const b = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as {
        action?: unknown;
        value?: unknown;
        preview?: unknown;
      };
      ctx.summary = {
        intent: b.action,
        ...(b.value !== undefined ? { value: b.value } : {}),
        ...(b.preview === true ? { preview: true } : {}),
      };
      return applyRollout(ctx.actor, t, ctx.body);
    },
  );
}

/** GET …/access — may the caller patch the CloneSet? (SelfSubjectAccessReview as them; always no in read-only mode) */
export function getAccess(req: Request, cluster: string, ns: string, name: string): Promise<Response> {
  return asCaller(req, cluster, async (caller) => {
    const t = target(cluster, ns, name);
    const patch = consoleConfig().readOnly
      ? { allowed: false, reason: "this console runs in read-only mode" }
      : await canI(actorFor(caller, cluster), {
          verb: "patch",
          group: "apps.kruise.io",
          resource: "clonesets",
          namespace: t.namespace,
          name: t.name,
        });
    return Response.json({ patch }, { headers: { "Cache-Control": "no-store" } });
  });
}
