import "server-only";
import { AuthenticationV1Api } from "@kubernetes/client-node";
import type { Clusters } from "../clusters";
import { errorResponse, HttpError, httpErrors, toApiErrorBody } from "../errors";
import { readMutation } from "../mutation";
import { exactCall } from "../exact";
import { viaTls } from "./client-address";
import { browserKeepsSecureCookie, sessionCookie, sessionIdOf } from "./cookie";
import type { UserInfo } from "./sessions";
import { NO_STORE, throttledReview } from "./signin-guard";
import type { AuthState } from "./state";

export { NO_STORE };

interface TokenReviewAnswer {
  status?: {
    authenticated?: boolean;
    user?: { username?: string; groups?: string[]; extra?: Record<string, string[]> };
    error?: string;
  };
}

/**
 * Who a bearer token belongs to, asked of the cluster with the console's own identity: a TokenReview
 * (authentication.k8s.io/v1, kubernetes pkg/registry/authentication/tokenreview/storage.go), which
 * runs the API server's own authenticators. Throws 401 when the cluster does not accept the token.
 */
export async function reviewToken(clusters: Clusters, cluster: string, token: string): Promise<UserInfo> {
  const kc = clusters.client(cluster).kc;
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
  const extra = r.status.user?.extra;
  return { name, groups: r.status.user?.groups ?? [], ...(extra && Object.keys(extra).length ? { extra } : {}) };
}

/** The session cookie is Secure (cookie.ts): refuse a sign-in whose browser would drop it, saying why. */
function assertCookieKept(req: Request, stamp: string | undefined, trusted: readonly string[]): void {
  const url = new URL(req.url);
  const tls = viaTls(req.headers, stamp, trusted) || url.protocol === "https:";
  if (browserKeepsSecureCookie(tls, req.headers.get("host") ?? url.host)) return;
  throw new HttpError({
    code: 403,
    reason: "Forbidden",
    message:
      "sign-in needs https: the session cookie is Secure, so a browser on plain http would drop it (and the token " +
      "would cross the network in clear). Serve with --tls-cert/--tls-key, or put the console behind a TLS ingress " +
      "listed in --trusted-proxies so its X-Forwarded-Proto: https is believed",
  });
}

/**
 * The cluster a sign-in is for: the one named (it must be a configured context), else the current one. Whoever
 * asks is not signed in yet: an unknown name is said to be unknown, and nothing else about the contexts is.
 */
function targetCluster(all: Clusters, cluster: unknown): string {
  const clusters = all.list();
  if (typeof cluster === "string" && cluster) {
    if (clusters.some((c) => c.name === cluster)) return cluster;
    throw httpErrors.badRequest(`unknown cluster ${JSON.stringify(cluster.slice(0, 100))}`, "cluster");
  }
  const target = (clusters.find((c) => c.current) ?? clusters[0])?.name;
  if (!target) throw httpErrors.badRequest("no cluster is configured to sign in to", "cluster");
  return target;
}

/**
 * POST /api/auth/signin {token, cluster?} — token mode only. The token is checked by THAT cluster's
 * TokenReview and the session entry is for that cluster alone; the cookie is the browser's only
 * credential and is re-issued (a fresh id) at every sign-in, carrying the browser's other clusters over.
 */
export async function postSignIn(rt: AuthState, req: Request): Promise<Response> {
  try {
    const cfg = rt.config;
    if (cfg.mode !== "token")
      throw new HttpError({
        code: 404,
        reason: "NotFound",
        message: `sign-in is for token mode; this console runs in ${cfg.mode} mode`,
      });
    const raw = await readMutation(req); // same-origin, JSON, size: a cross-site page cannot sign you in as someone else
    assertCookieKept(req, cfg.stamp, cfg.signIn.trustedProxies);
    const { token: sent, cluster } = (raw && typeof raw === "object" ? raw : {}) as {
      token?: unknown;
      cluster?: unknown;
    };
    if (typeof sent !== "string" || !sent.trim() || sent.length > 16_384 || /\s/.test(sent.trim())) {
      throw httpErrors.badRequest("paste your Kubernetes bearer token (one line, no spaces)", "token");
    }
    const token = sent.trim();
    const target = targetCluster(rt.clusters, cluster);
    const user = await throttledReview(rt, req.headers, target, () => reviewToken(rt.clusters, target, token));
    if (user instanceof Response) return user;
    const limits = { ttlMs: cfg.sessionTtlMs, idleMs: cfg.sessionIdleMs, maxPerUser: cfg.maxSessionsPerUser };
    const { id, session } = await rt.shared.sessions.signIn(sessionIdOf(req.headers), target, user, token, limits);
    return Response.json(
      { cluster: target, user: session.user, expiresAt: new Date(session.expires).toISOString() },
      { headers: { ...NO_STORE, "Set-Cookie": sessionCookie(id, Math.floor(cfg.sessionTtlMs / 1000)) } },
    );
  } catch (e) {
    return errorResponse(e);
  }
}
