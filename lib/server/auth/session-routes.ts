import "server-only";
import { errorResponse, HttpError } from "../errors";
import { assertSameOrigin, readMutation } from "../mutation";
import { resolveCaller } from "./caller";
import { sessionCookie, sessionIdOf } from "./cookie";
import { csrfFor, type Session } from "./sessions";
import { NO_STORE } from "./signin";
import type { AuthState } from "./state";

const signedInTo = (s: Session) => ({ cluster: s.cluster, user: s.user, expiresAt: new Date(s.expires).toISOString() });

/**
 * POST /api/auth/signout {cluster?} — ends the browser's session for that cluster, or all of them
 * without one; the cookie is cleared once no cluster is left.
 */
export async function postSignOut(rt: AuthState, req: Request): Promise<Response> {
  try {
    assertSameOrigin(req);
    const body = await readMutation(req).catch(() => ({}));
    const cluster = (body as { cluster?: unknown } | null)?.cluster;
    const id = sessionIdOf(req.headers);
    const store = rt.shared.sessions;
    await store.end(id, typeof cluster === "string" && cluster ? cluster : undefined);
    const left = await store.list(id, rt.config.sessionIdleMs);
    return Response.json(
      { signedOut: true, signedIn: left.map(signedInTo) },
      { headers: { ...NO_STORE, ...(left.length ? {} : { "Set-Cookie": sessionCookie("", 0) }) } },
    );
  } catch (e) {
    return errorResponse(e);
  }
}

/**
 * POST /api/auth/activity — the page's heartbeat: sent only while it is visible AND the person
 * interacted with it since the last one (lib/client/activity.ts). It counts as use of every session of
 * the browser; an open live stream does not, so a forgotten tab's stream ends at the idle timeout.
 */
export async function postActivity(rt: AuthState, req: Request): Promise<Response> {
  try {
    assertSameOrigin(req);
    const cfg = rt.config;
    if (cfg.mode !== "token") return Response.json({ mode: cfg.mode, active: 0 }, { headers: NO_STORE });
    const active = await rt.shared.sessions.markUse(sessionIdOf(req.headers), cfg.sessionIdleMs);
    if (!active)
      throw new HttpError({ code: 401, reason: "Unauthorized", message: "sign in: no session, or it expired" });
    return Response.json({ mode: cfg.mode, active }, { headers: NO_STORE });
  } catch (e) {
    return errorResponse(e);
  }
}

/**
 * GET /api/auth/session[?cluster=<name>] — who the browser acts as (on that cluster, in token mode),
 * which clusters it is signed in to, its anti-CSRF token and the console's mode. Asking is not use.
 */
export async function getSession(rt: AuthState, req: Request): Promise<Response> {
  const cfg = rt.config;
  const cluster = new URL(req.url).searchParams.get("cluster");
  const id = sessionIdOf(req.headers);
  let token = {};
  try {
    // Inside the try: an unreachable shared store answers 503 with its message, like every other check.
    const all = cfg.mode === "token" ? await rt.shared.sessions.list(id, cfg.sessionIdleMs) : [];
    if (cfg.mode === "token")
      token = { clusters: all.map(signedInTo), ...(id && all.length ? { csrf: csrfFor(id) } : {}) };
    const c = await resolveCaller(rt, req.headers, req.url, { cluster, use: false });
    return Response.json(
      {
        mode: cfg.mode,
        readOnly: cfg.readOnly,
        signedIn: true,
        user: c.mode === "local" ? null : c.user,
        csrf: c.csrf,
        ...token,
        ...(c.session ? { cluster: c.session.cluster, expiresAt: new Date(c.session.expires).toISOString() } : {}),
      },
      { headers: NO_STORE },
    );
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 401) {
      return Response.json(
        { mode: cfg.mode, readOnly: cfg.readOnly, signedIn: false, user: null, message: e.body.message, ...token },
        { status: 401, headers: NO_STORE },
      );
    }
    return errorResponse(e);
  }
}
