import "server-only";
import { createHmac } from "node:crypto";
import { HttpError } from "../errors";
import { peerOf } from "./peer";
import { sessionIdOf } from "./cookie";
import { proxiedUser } from "./proxy";
import type { Caller, ResolveOptions } from "./identity";
import { secretEquals } from "./sessions";
import type { AuthState } from "./state";
import { tokenCaller } from "./token-caller";

export { SESSION_COOKIE, sessionIdOf } from "./cookie";
export const CSRF_HEADER = "x-csrf-token";

interface HeaderSource {
  get(name: string): string | null;
}

export type { Caller, ResolveOptions } from "./identity";

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/**
 * Resolves the caller (docs/architecture.md §5). local: loopback only (a non-loopback Host is refused, which also
 * defeats DNS rebinding); token: the session cookie's entry for the cluster asked about (token-caller.ts); proxy:
 * the user/group headers, trusted only from the auth proxy proven by its client certificate (proxy.ts). Throws 401
 * with what to do otherwise.
 */
export async function resolveCaller(
  rt: AuthState,
  h: HeaderSource,
  url?: string,
  o: ResolveOptions = {},
): Promise<Caller> {
  const cfg = rt.config;
  if (cfg.mode === "local") {
    const host = h.get("host") ?? (url ? new URL(url).host : "");
    const peer = peerOf(h, cfg.stamp);
    if (!LOOPBACK_HOST.test(host) || (peer && !/^(127\.|::1$|::ffff:127\.)/.test(peer.address))) {
      throw new HttpError({
        code: 403,
        reason: "Forbidden",
        message: `local mode serves loopback only (Host ${JSON.stringify(host.slice(0, 100))}): start with --mode token or --mode proxy to serve a network`,
      });
    }
    const csrf = createHmac("sha256", await rt.shared.secret())
      .update("local")
      .digest("base64url");
    return { mode: "local", user: { name: "", groups: [] }, csrf, limitKey: "local", userKey: "local" };
  }
  if (cfg.mode === "token") return tokenCaller(rt, sessionIdOf(h), o);
  // Proxy mode: the identity is the proxy's and holds for every cluster the console serves (each cluster
  // then decides, through impersonation, what that name may do); no per-cluster sign-in exists here.
  const user = proxiedUser(h, cfg.proxy, cfg.stamp);
  // The secret is the shared store's, so every replica derives the same token for this user.
  const csrf = createHmac("sha256", await rt.shared.secret())
    .update(JSON.stringify(user))
    .digest("base64url");
  return { mode: "proxy", user, csrf, limitKey: `proxy:${JSON.stringify(user)}`, userKey: `proxy-user:${user.name}` };
}

/** Mutations must echo the caller's anti-CSRF token (a cross-site page can neither read nor guess it). */
export function assertCsrf(h: HeaderSource, caller: Caller): void {
  const sent = h.get(CSRF_HEADER);
  if (!sent || !secretEquals(sent, caller.csrf)) {
    throw new HttpError({
      code: 403,
      reason: "Forbidden",
      message: "write refused: missing or wrong X-CSRF-Token header (reload the page to get a fresh one)",
    });
  }
}
