import "server-only";
import { createHmac, randomBytes } from "node:crypto";
import { HttpError } from "../errors";
import { consoleConfig, type AuthMode } from "./config";
import { peerOf } from "./peer";
import { proxiedUser } from "./proxy";
import { secretEquals, sessionStore, type Session, type UserInfo } from "./sessions";

export const SESSION_COOKIE = "kruise_console_session";
export const CSRF_HEADER = "x-csrf-token";

interface HeaderSource {
  get(name: string): string | null;
}

/** Who is asking, resolved once per request. */
export interface Caller {
  mode: AuthMode;
  /** local mode: the kubeconfig's user, named per cluster by the Actor */
  user: UserInfo;
  /** the value the browser must echo in X-CSRF-Token on mutations */
  csrf: string;
  /** token mode: the server-side session (holds the user's bearer token) */
  session?: Session;
  /** what per-session limits count against */
  limitKey: string;
}

const g = globalThis as typeof globalThis & { __kruiseConsoleSecret?: Buffer };
const processSecret = () => (g.__kruiseConsoleSecret ??= randomBytes(32));

const unauthorized = (message: string) => new HttpError({ code: 401, reason: "Unauthorized", message });

/** The session id from the Cookie header, if any. */
export function sessionIdOf(h: HeaderSource): string | undefined {
  for (const part of (h.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === SESSION_COOKIE) return part.slice(i + 1).trim();
  }
  return undefined;
}

const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/**
 * Resolves the caller (docs/architecture.md §5). local: loopback only (a non-loopback Host is refused, which also
 * defeats DNS rebinding); token: the session cookie; proxy: the user/group headers, trusted only from
 * the auth proxy proven by its client certificate (proxy.ts). Throws 401 with what to do otherwise.
 */
export function resolveCaller(h: HeaderSource, url?: string): Caller {
  const cfg = consoleConfig();
  if (cfg.mode === "local") {
    const host = h.get("host") ?? (url ? new URL(url).host : "");
    const peer = peerOf(h);
    if (!LOOPBACK_HOST.test(host) || (peer && !/^(127\.|::1$|::ffff:127\.)/.test(peer.address))) {
      throw new HttpError({
        code: 403,
        reason: "Forbidden",
        message: `local mode serves loopback only (Host ${JSON.stringify(host.slice(0, 100))}): start with --mode token or --mode proxy to serve a network`,
      });
    }
    const csrf = createHmac("sha256", processSecret()).update("local").digest("base64url");
    return { mode: "local", user: { name: "", groups: [] }, csrf, limitKey: "local" };
  }
  if (cfg.mode === "token") {
    const session = sessionStore().get(sessionIdOf(h), cfg.sessionIdleMs);
    if (!session) throw unauthorized("sign in with your Kubernetes bearer token: no session, or it expired");
    return { mode: "token", user: session.user, csrf: session.csrf, session, limitKey: `session:${session.csrf}` };
  }
  const user = proxiedUser(h, cfg.proxy);
  const csrf = createHmac("sha256", processSecret()).update(JSON.stringify(user)).digest("base64url");
  return { mode: "proxy", user, csrf, limitKey: `proxy:${JSON.stringify(user)}` };
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
