import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";

export interface UserInfo {
  name: string;
  groups: string[];
  /** what the cluster's TokenReview returned as user.extra (scopes, the pod a token is bound to, …), when any */
  extra?: Record<string, string[]>;
}

/**
 * One browser's sign-in to ONE cluster (token mode): the identity that cluster's own TokenReview
 * vouched for. Another cluster never reads or writes with it; it has its own entry or none.
 */
export interface Session {
  /** the store's key for this entry: the cookie id's digest and the cluster (no secret in it); a sign-in elsewhere rotates it */
  key: string;
  readonly cluster: string;
  readonly user: UserInfo;
  /** the user's bearer token: server memory only, never serialised to the browser or a log */
  readonly token: string;
  readonly created: number;
  lastSeen: number;
  readonly expires: number;
}

export interface SignInLimits {
  /** absolute lifetime of the new entry */
  ttlMs: number;
  /** the idle timeout (expired entries are swept at sign-in) */
  idleMs: number;
  /** entries of the same (cluster, user) kept at most: the oldest are ended beyond it */
  maxPerUser: number;
}

/**
 * Where sessions live. Async so a shared store (one TTL'd key per entry, a per-user index, counters)
 * can stand behind it. Keys: `digest(cookie id)` per browser, `cluster` per entry within it; the
 * per-user cap counts entries by (cluster, user name). "Use" (what the idle timeout measures) is
 * marked by `get(…, { use: true })` and `markUse`; open streams only look (`isLive`).
 */
export interface SessionStore {
  /**
   * A new entry for `cluster` under a FRESH cookie id; `previous` (the browser's old id, if any) is
   * ended and its other clusters' entries move over, so a cookie planted before sign-in is worth nothing.
   */
  signIn(
    previous: string | undefined,
    cluster: string,
    user: UserInfo,
    token: string,
    limits: SignInLimits,
  ): Promise<{ id: string; session: Session; ended: number }>;
  /** The browser's live entry for `cluster`; expired (absolute or idle) entries are dropped. */
  get(id: string | undefined, cluster: string, idleMs: number, o?: { use?: boolean }): Promise<Session | undefined>;
  /** Every live entry of the browser (which clusters it is signed in to), without counting as use. */
  list(id: string | undefined, idleMs: number): Promise<Session[]>;
  /** The person is here (page heartbeat): every live entry of the browser counts as used now. */
  markUse(id: string | undefined, idleMs: number): Promise<number>;
  /** Still stored, unexpired and not idle (open streams ask; asking is not use). */
  isLive(session: Session, idleMs: number): Promise<boolean>;
  /** Sign-out: one cluster's entry, or all of the browser's when `cluster` is omitted. */
  end(id: string | undefined, cluster?: string): Promise<void>;
  /** Ends one entry (its token was refused on a re-check). */
  endSession(session: Session): Promise<void>;
}

/** SHA-256 (base64url) of a secret: how ids and tokens are keyed without being held. */
export const digest = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/**
 * The browser's anti-CSRF token: derived from the cookie id (one-way), so every cluster's entry and
 * every replica agree on it without storing it, and knowing it gives nothing towards the cookie.
 */
export const csrfFor = (id: string) => digest(`kruise-console csrf\u0000${id}`);

/** Equal-length constant-time comparison for secrets from a request. */
export function secretEquals(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// The process's store (memory, or Redis shared by every replica) is built by lib/server/runtime/shared-state.ts.
