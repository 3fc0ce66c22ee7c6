import "server-only";
import { AuthenticationV1Api } from "@kubernetes/client-node";
import { clientFor, listClusters } from "../clusters";
import { errorResponse, HttpError, httpErrors, toApiErrorBody } from "../errors";
import { assertSameOrigin, readMutation } from "../write/mutation";
import { exactCall } from "../write/exact";
import { resolveCaller, SESSION_COOKIE, sessionIdOf } from "./caller";
import { consoleConfig } from "./config";
import { peerOf } from "./peer";
import { sessionStore, type UserInfo } from "./sessions";
import { signInThrottle } from "./throttle";

const NO_STORE = { "Cache-Control": "no-store" };

interface TokenReviewAnswer {
  status?: { authenticated?: boolean; user?: { username?: string; groups?: string[] }; error?: string };
}

/**
 * Who a bearer token belongs to, asked of the cluster with the console's own identity: a TokenReview
 * (authentication.k8s.io/v1, kubernetes pkg/registry/authentication/tokenreview/storage.go), which
 * runs the API server's own authenticators. Throws 401 when the cluster does not accept the token.
 */
export async function reviewToken(cluster: string, token: string): Promise<UserInfo> {
  const kc = clientFor(cluster).kc;
  const body = JSON.stringify({ apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token } });
  let r: TokenReviewAnswer;
  try {
    r = await exactCall<TokenReviewAnswer>("application/json", body, (o) =>
      kc.makeApiClient(AuthenticationV1Api).createTokenReview({ body: { spec: {} } }, o),
    );
  } catch (e) {
    const err = toApiErrorBody(e, `cluster "${cluster}"`);
    // Never echo the request: the token must not reach a log or the browser.
    throw new HttpError({
      code: 502,
      reason: err.reason,
      message: `could not check the token with cluster "${cluster}": ${err.message}`,
    });
  }
  const name = r.status?.user?.username;
  if (!r.status?.authenticated || !name) {
    throw new HttpError({
      code: 401,
      reason: "Unauthorized",
      message: `cluster "${cluster}" did not accept this token: check that it is complete, not expired, and issued for this cluster${r.status?.error ? ` (${r.status.error.replace(token, "…")})` : ""}`,
    });
  }
  return { name, groups: r.status.user?.groups ?? [] };
}

function cookie(value: string, maxAgeS: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}${secure ? "; Secure" : ""}`;
}

/** POST /api/auth/signin {token, cluster?} — token mode only; the cookie is the browser's only credential. */
export async function postSignIn(req: Request): Promise<Response> {
  try {
    const cfg = consoleConfig();
    if (cfg.mode !== "token")
      throw new HttpError({
        code: 404,
        reason: "NotFound",
        message: `sign-in is for token mode; this console runs in ${cfg.mode} mode`,
      });
    const raw = await readMutation(req); // same-origin, JSON, size: a cross-site page cannot sign you in as someone else
    const { token, cluster } = (raw && typeof raw === "object" ? raw : {}) as { token?: unknown; cluster?: unknown };
    if (typeof token !== "string" || !token.trim() || token.length > 16_384 || /\s/.test(token.trim())) {
      throw httpErrors.badRequest("paste your Kubernetes bearer token (one line, no spaces)", "token");
    }
    const clusters = listClusters();
    const target =
      typeof cluster === "string" && cluster ? cluster : (clusters.find((c) => c.current) ?? clusters[0])?.name;
    if (!target) throw httpErrors.badRequest("no cluster is configured to sign in to", "cluster");
    const client = peerOf(req.headers)?.address ?? "direct";
    const wait = signInThrottle().retryAfter(client);
    if (wait > 0) {
      return Response.json(
        {
          code: 429,
          reason: "TooManyRequests",
          message: `too many failed sign-ins from ${client}: try again in ${wait} s`,
        },
        { status: 429, headers: { ...NO_STORE, "Retry-After": String(wait) } },
      );
    }
    let user: UserInfo;
    try {
      user = await reviewToken(target, token.trim());
    } catch (e) {
      if (e instanceof HttpError && e.body.code === 401) signInThrottle().fail(client);
      throw e;
    }
    signInThrottle().succeed(client);
    const store = sessionStore();
    store.delete(sessionIdOf(req.headers));
    const { id, session } = store.create(user, token.trim(), cfg.sessionTtlMs);
    const secure = !!peerOf(req.headers)?.tls || new URL(req.url).protocol === "https:";
    return Response.json(
      { user: session.user, expiresAt: new Date(session.expires).toISOString() },
      { headers: { ...NO_STORE, "Set-Cookie": cookie(id, Math.floor(cfg.sessionTtlMs / 1000), secure) } },
    );
  } catch (e) {
    return errorResponse(e);
  }
}

/** POST /api/auth/signout — ends the server-side session and clears the cookie. */
export async function postSignOut(req: Request): Promise<Response> {
  try {
    assertSameOrigin(req);
    sessionStore().delete(sessionIdOf(req.headers));
    const secure = !!peerOf(req.headers)?.tls;
    return Response.json({ signedOut: true }, { headers: { ...NO_STORE, "Set-Cookie": cookie("", 0, secure) } });
  } catch (e) {
    return errorResponse(e);
  }
}

/** GET /api/auth/session — who the browser is acting as, its anti-CSRF token and the console's mode. */
export function getSession(req: Request): Response {
  const cfg = consoleConfig();
  try {
    const c = resolveCaller(req.headers, req.url);
    return Response.json(
      {
        mode: cfg.mode,
        readOnly: cfg.readOnly,
        signedIn: true,
        user: c.mode === "local" ? null : c.user,
        csrf: c.csrf,
        ...(c.session ? { expiresAt: new Date(c.session.expires).toISOString() } : {}),
      },
      { headers: NO_STORE },
    );
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 401) {
      return Response.json(
        { mode: cfg.mode, readOnly: cfg.readOnly, signedIn: false, user: null, message: e.body.message },
        { status: 401, headers: NO_STORE },
      );
    }
    return errorResponse(e);
  }
}
