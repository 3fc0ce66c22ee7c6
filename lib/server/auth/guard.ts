import "server-only";
import { errorResponse, HttpError, toApiErrorBody } from "../errors";
import { readMutation } from "../mutation";
import { actorFor, type Actor } from "./actor";
import { assertCsrf, resolveCaller, type Caller } from "./caller";
import type { AuthState } from "./state";

export interface WriteTarget {
  verb: string;
  resource: string;
  namespace: string;
  name: string;
}

/** What a write handler reports back for the audit line. */
export interface WriteContext {
  actor: Actor;
  body: unknown;
  summary: Record<string, unknown>;
  /** how a successful answer ended, when it says more than its status (edit: saved, conflict, preview, …) */
  outcome?: string;
}

/**
 * A cluster's 403 (`… is forbidden: User "x" cannot patch resource …`) said the way the user needs
 * it: "you may not patch clonesets.apps.kruise.io in shop", keeping Kubernetes' own words after it.
 */
export function explainForbidden(
  e: unknown,
  t: Pick<WriteTarget, "verb" | "resource" | "namespace">,
  what: string,
): unknown {
  const body = toApiErrorBody(e, what);
  if (body.code !== 403 || !/ is forbidden: /.test(body.message)) return e;
  // Proxy mode: the cluster refused the console's impersonation of this user or group, not the user's action.
  if (/ cannot impersonate resource /.test(body.message))
    return new HttpError({
      ...body,
      message:
        "the console may not act as you on this cluster: an operator must list your user name and groups in its " +
        `impersonation ClusterRole (deploy/overlays/proxy/impersonation.yaml) (Kubernetes: ${body.message})`,
    });
  return new HttpError({
    ...body,
    message: `you may not ${t.verb} ${t.resource} in ${t.namespace} (Kubernetes: ${body.message})`,
  });
}

/**
 * Runs a read route as the caller (401 without one). With a cluster, token mode needs the browser's
 * session FOR that cluster; `use: false` (the live stream) does not count as use for the idle timeout.
 */
export async function asCaller(
  rt: AuthState,
  req: Request,
  cluster: string | null,
  fn: (caller: Caller) => Promise<Response> | Response,
  o: { use?: boolean } = {},
): Promise<Response> {
  try {
    return await fn(await resolveCaller(rt, req.headers, req.url, { cluster, ...o }));
  } catch (e) {
    return errorResponse(e, cluster ? `cluster "${cluster}"` : undefined);
  }
}

/**
 * The one way into a write (docs/architecture.md §5): caller (401), read-only mode (403), same-origin + JSON + size
 * (readMutation: 403/415/413), anti-CSRF header (403), then the handler acting as the user; a 403
 * from the cluster is explained. Every attempt, refused or not, writes one audit line.
 */
export async function asWriter(
  rt: AuthState,
  req: Request,
  cluster: string,
  t: WriteTarget,
  fn: (ctx: WriteContext) => Promise<Response>,
): Promise<Response> {
  // Shutdown waits for this to finish (and its audit line): a write is never cut off half-way.
  return rt.shutdown.trackWrite(() => runWrite(rt, req, cluster, t, fn));
}

async function runWrite(
  rt: AuthState,
  req: Request,
  cluster: string,
  t: WriteTarget,
  fn: (ctx: WriteContext) => Promise<Response>,
): Promise<Response> {
  const what = `cluster "${cluster}"`;
  let caller: Caller | undefined;
  let ctx: WriteContext | undefined;
  let res: Response;
  try {
    caller = await resolveCaller(rt, req.headers, req.url, { cluster });
    if (rt.config.readOnly)
      throw new HttpError({
        code: 403,
        reason: "Forbidden",
        message: "this console runs in read-only mode: writes are disabled for everyone",
      });
    const body = await readMutation(req);
    assertCsrf(req.headers, caller);
    ctx = { actor: actorFor(rt.clusters, caller, cluster), body, summary: {} };
    res = await fn(ctx);
  } catch (e) {
    res = errorResponse(explainForbidden(e, t, what), what);
  }
  await auditResult(rt, res, { cluster, t, caller, ctx });
  return res;
}

/**
 * Who the audit line names: the acting user; for a write refused before it acted (a 413 body, a missing CSRF header)
 * the caller, and in local mode (whose caller has no name) the kubeconfig's user a write would have acted as.
 */
function auditUser(rt: AuthState, a: { cluster: string; caller?: Caller; ctx?: WriteContext }): string | null {
  if (a.ctx) return a.ctx.actor.user;
  if (!a.caller) return null;
  if (a.caller.user.name || a.caller.mode !== "local") return a.caller.user.name;
  try {
    return actorFor(rt.clusters, a.caller, a.cluster).user;
  } catch {
    return a.caller.user.name; // an unknown cluster: refused (400) before any user could act
  }
}

async function auditResult(
  rt: AuthState,
  res: Response,
  a: { cluster: string; t: WriteTarget; caller?: Caller; ctx?: WriteContext },
): Promise<void> {
  // Only error bodies are read back (small Status JSON); a success may carry a whole object.
  let reason = a.ctx?.outcome;
  let message: string | undefined;
  if (res.status >= 400) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { reason?: string; message?: string };
    reason = body.reason;
    message = body.message?.slice(0, 500);
  }
  rt.audit.record({
    time: new Date().toISOString(),
    user: auditUser(rt, a),
    groups: a.ctx?.actor.groups ?? a.caller?.user.groups ?? [],
    mode: rt.config.mode,
    cluster: a.cluster,
    verb: a.t.verb,
    object: { resource: a.t.resource, namespace: a.t.namespace, name: a.t.name },
    request: a.ctx?.summary ?? {},
    result: { code: res.status, ...(reason ? { reason } : {}), ...(message ? { message } : {}) },
  });
}
