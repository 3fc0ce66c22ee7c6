import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export interface UserInfo {
  name: string;
  groups: string[];
}

export interface Session {
  user: UserInfo;
  /** the user's bearer token: server memory only, never serialised to the browser or a log */
  readonly token: string;
  /** per-session anti-CSRF token the browser sends as X-CSRF-Token on every mutation */
  csrf: string;
  created: number;
  lastSeen: number;
  expires: number;
}

const digest = (id: string) => createHash("sha256").update(id).digest("base64url");

/** Equal-length constant-time comparison for secrets from a request. */
export function secretEquals(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Server-side sessions (token mode). The browser holds only a random id in an HttpOnly cookie; the
 * store is keyed by the id's SHA-256, so nothing in memory can be replayed as a cookie.
 */
export class SessionStore {
  private sessions = new Map<string, Session>();
  constructor(private now: () => number = Date.now) {}

  create(user: UserInfo, token: string, ttlMs: number): { id: string; session: Session } {
    this.sweep();
    const id = randomBytes(32).toString("base64url");
    const t = this.now();
    const session: Session = {
      user,
      token,
      csrf: randomBytes(24).toString("base64url"),
      created: t,
      lastSeen: t,
      expires: t + ttlMs,
    };
    this.sessions.set(digest(id), session);
    return { id, session };
  }

  /** The live session for a cookie value; expired (absolute or idle) sessions are dropped. */
  get(id: string | undefined, idleMs: number): Session | undefined {
    if (!id || id.length > 200) return undefined;
    const key = digest(id);
    const s = this.sessions.get(key);
    if (!s) return undefined;
    const t = this.now();
    if (t >= s.expires || t - s.lastSeen >= idleMs) {
      this.sessions.delete(key);
      return undefined;
    }
    s.lastSeen = t;
    return s;
  }

  /** Whether this session is still in the store and unexpired, without counting as use (open streams ask). */
  isLive(session: Session): boolean {
    return this.now() < session.expires && [...this.sessions.values()].includes(session);
  }

  delete(id: string | undefined): void {
    if (id) this.sessions.delete(digest(id));
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(): void {
    const t = this.now();
    for (const [k, s] of this.sessions) if (t >= s.expires) this.sessions.delete(k);
  }
}

const g = globalThis as typeof globalThis & { __kruiseConsoleSessions?: SessionStore };

/** The process-wide store (on globalThis so every route bundle shares it, like the hub). */
export function sessionStore(): SessionStore {
  return (g.__kruiseConsoleSessions ??= new SessionStore());
}
