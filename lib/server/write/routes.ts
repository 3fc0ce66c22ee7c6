import "server-only";
import { actorFor, asCaller, asWriter, consoleConfig } from "../auth";
import { clientFor } from "../clusters";
import { validateNamespace, validateObjectName } from "../validate";
import { canI } from "./access";
import { applyKruiseRollout } from "./kruise-rollout";
import { applyUpdate } from "./update";

// Logic behind app/api/c/<cluster>/ns/<ns>/clonesets/<name>/{rollout,access}; the route files stay one-liners.

function target(cluster: string, ns: string, name: string) {
  clientFor(cluster);
  return { resource: "clonesets" as const, namespace: validateNamespace(ns), name: validateObjectName(name) };
}

/**
 * POST …/update — a same-origin JSON intent with the anti-CSRF header, acting as the caller
 * (docs/architecture.md §4, §5).
 */
export function postUpdate(req: Request, cluster: string, ns: string, name: string): Promise<Response> {
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
      return applyUpdate(ctx.actor, t, ctx.body);
    },
  );
}

/**
 * POST …/rollouts/<name>/action — an action on a Kruise Rollout (approve, pause, resume, jump, disable), through
 * the same gate as every write (docs/architecture.md §4, §5; docs/kruise-rollouts.md §5).
 */
export function postKruiseRollout(req: Request, cluster: string, ns: string, name: string): Promise<Response> {
  return asWriter(
    req,
    cluster,
    { verb: "patch", resource: "rollouts.rollouts.kruise.io", namespace: ns, name },
    async (ctx) => {
      clientFor(cluster);
      const namespace = validateNamespace(ns);
      const rollout = validateObjectName(name);
      const b = (ctx.body && typeof ctx.body === "object" ? ctx.body : {}) as Record<string, unknown>;
      ctx.summary = {
        intent: b.action,
        cloneSet: b.cloneSet,
        ...(b.to !== undefined ? { to: b.to } : {}),
        ...(b.preview === true ? { preview: true } : {}),
      };
      return applyKruiseRollout(ctx.actor, namespace, rollout, ctx.body);
    },
  );
}

const READ_ONLY = { allowed: false, reason: "this console runs in read-only mode" };

/**
 * GET …/access[?rollout=<name>] — may the caller patch the CloneSet, and (with a Rollout) patch the Rollout's
 * spec (pause, resume, jump's neighbour actions, disable) and its /status (approve, jump)?
 * SelfSubjectAccessReviews as them; always no in read-only mode.
 */
export function getAccess(req: Request, cluster: string, ns: string, name: string): Promise<Response> {
  return asCaller(req, cluster, async (caller) => {
    const t = target(cluster, ns, name);
    const rolloutName = new URL(req.url).searchParams.get("rollout");
    const rollout = rolloutName ? validateObjectName(rolloutName) : undefined;
    const readOnly = consoleConfig().readOnly;
    const actor = actorFor(caller, cluster);
    const ask = (group: string, resource: string, objectName: string, subresource?: string) =>
      readOnly
        ? Promise.resolve(READ_ONLY)
        : canI(actor, { verb: "patch", group, resource, namespace: t.namespace, name: objectName, subresource });
    const [patch, rolloutSpec, rolloutStatus] = await Promise.all([
      ask("apps.kruise.io", "clonesets", t.name),
      rollout ? ask("rollouts.kruise.io", "rollouts", rollout) : undefined,
      rollout ? ask("rollouts.kruise.io", "rollouts", rollout, "status") : undefined,
    ]);
    const body = {
      patch,
      ...(rolloutSpec && rolloutStatus ? { rollout: { spec: rolloutSpec, status: rolloutStatus } } : {}),
    };
    return Response.json(body, { headers: { "Cache-Control": "no-store" } });
  });
}
