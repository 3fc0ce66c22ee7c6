import "server-only";
import type { WriteOutcome } from "@/lib/k8s/wire";
import { accessAttributes, KINDS, needsAccess, type AccessNeed } from "@/lib/kinds";
import { isObject } from "@/lib/patch/json";
import { actorFor, asCaller, asWriter, explainForbidden } from "../auth";
import { httpErrors, toApiErrorBody } from "../errors";
import type { Runtime } from "../runtime";
import { validateNamespace, validateObjectName, validateResource } from "../validate";
import { canI } from "./access";
import { auditedWrite } from "./audited";
import { WRITE_HANDLERS } from "./handlers";
import { answer, failureOf } from "./outcome";
import type { WriteTarget } from "./patch";

// Logic behind app/api/c/<cluster>/ns/<ns>/<resource>/<name>/{<write>,access}; the route files stay one-liners.

/** The object of a write or review: a kind the registry knows and DNS-1123 names (400 otherwise). */
function targetOf(rt: Runtime, cluster: string, resource: string, ns: string, name: string): WriteTarget {
  rt.clusters.name(cluster);
  return { resource: validateResource(resource), namespace: validateNamespace(ns), name: validateObjectName(name) };
}

/**
 * POST …/<resource>/<name>/<write>: one of the writes the kind's home offers (update, action, edit, …), through the
 * one gate (docs/architecture.md §5: same-origin JSON with the anti-CSRF header, acting as the caller, audited) and
 * the one contract (§4): every answer is a WriteOutcome, a cluster's refusal included (denied, deleted, stale,
 * invalid), with its status from lib/server/write/outcome.ts.
 */
export function postWrite(
  rt: Runtime,
  req: Request,
  cluster: string,
  ns: string,
  resource: string,
  name: string,
  write: string,
): Promise<Response> {
  const audited = auditedWrite(resource, write, ns, name);
  return asWriter(rt, req, cluster, audited, async (ctx) => {
    const target = targetOf(rt, cluster, resource, ns, name);
    const handler = Object.hasOwn(KINDS.get(target.resource).writes, write) ? WRITE_HANDLERS[write] : undefined;
    if (!handler)
      throw httpErrors.notFound(`${KINDS.get(target.resource).kind} offers no write named ${JSON.stringify(write)}`);
    ctx.summary = handler.summary(isObject(ctx.body) ? ctx.body : {});
    let outcome: WriteOutcome;
    try {
      outcome = await handler.run(ctx, target);
    } catch (e) {
      const failure = failureOf(toApiErrorBody(explainForbidden(e, audited, `cluster "${cluster}"`)));
      if (!failure) throw e;
      outcome = failure;
    }
    ctx.outcome = outcome.kind;
    return answer(outcome);
  });
}

const READ_ONLY = { allowed: false, reason: "this console runs in read-only mode" };
const VERBS = new Set<string>(["get", "list", "watch", "create", "update", "patch", "delete"]);

/**
 * GET …/<resource>/<name>/access?verb=<verb>[&subresource=<sub>] — may the caller do this to this object? One
 * SelfSubjectAccessReview as them (`kubectl auth can-i`), for a permission the kind's home lists (its reads and what
 * its writes need); always no in read-only mode. Answers { allowed, reason? }.
 */
export function getAccess(
  rt: Runtime,
  req: Request,
  cluster: string,
  ns: string,
  resource: string,
  name: string,
): Promise<Response> {
  return asCaller(rt, req, cluster, async (caller) => {
    const t = targetOf(rt, cluster, resource, ns, name);
    const q = new URL(req.url).searchParams;
    const verb = q.get("verb") ?? "";
    const subresource = q.get("subresource") || undefined;
    const home = KINDS.get(t.resource);
    const need = { verb, ...(subresource ? { subresource } : {}) } as AccessNeed;
    if (!VERBS.has(verb) || !needsAccess(home, need))
      throw httpErrors.badRequest(
        `no control on ${home.kind} needs ${verb || "(no verb)"}${subresource ? ` on ${subresource}` : ""}: ask for a verb its writes need`,
        "verb",
      );
    const answer = rt.config.readOnly
      ? READ_ONLY
      : await canI(actorFor(rt.clusters, caller, cluster), accessAttributes(home, need, t.namespace, t.name));
    return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
  });
}
