import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { Session, SessionStore, SignInLimits, UserInfo } from "./sessions";

const hash = (id: string) => createHash("sha256").update(id).digest("base64url");
const userKey = (cluster: string, name: string) => JSON.stringify([cluster, name]);

/**
 * The in-process session store: browsers by the SHA-256 of their cookie id (nothing in memory can be
 * replayed as a cookie), each with one entry per cluster, plus an index of entries per (cluster, user)
 * for the per-user cap. A shared store maps each entry onto one key with a TTL of
 * min(expires, lastSeen + idle) and the index onto a sorted set.
 */
export class MemorySessionStore implements SessionStore {
  private browsers = new Map<string, Map<string, Session>>();
  private byUser = new Map<string, Set<Session>>();

  constructor(private now: () => number = Date.now) {}

  async signIn(
    previous: string | undefined,
    cluster: string,
    user: UserInfo,
    token: string,
    limits: SignInLimits,
  ): Promise<{ id: string; session: Session; ended: number }> {
    this.sweep(limits.idleMs);
    const id = randomBytes(32).toString("base64url");
    const browser = hash(id);
    const entries = new Map<string, Session>();
    const old = previous && previous.length <= 200 ? this.browsers.get(hash(previous)) : undefined;
    for (const s of old?.values() ?? []) {
      this.unindex(s);
      if (s.cluster === cluster) continue; // replaced by the new sign-in
      s.key = entryKey(browser, s.cluster); // same entry, new cookie: its open streams stay live
      entries.set(s.cluster, s);
      this.index(s);
    }
    if (previous) this.browsers.delete(hash(previous));
    const t = this.now();
    const session: Session = {
      key: entryKey(browser, cluster),
      cluster,
      user: { name: user.name, groups: [...user.groups], ...(user.extra ? { extra: user.extra } : {}) },
      token,
      created: t,
      lastSeen: t,
      expires: t + limits.ttlMs,
    };
    entries.set(cluster, session);
    this.browsers.set(browser, entries);
    this.index(session);
    return { id, session, ended: this.capUser(session, limits.maxPerUser) };
  }

  async get(id: string | undefined, cluster: string, idleMs: number, o: { use?: boolean } = {}) {
    const s = this.entries(id)?.get(cluster);
    if (!s) return undefined;
    if (!this.alive(s, idleMs)) {
      this.drop(s);
      return undefined;
    }
    if (o.use) s.lastSeen = this.now();
    return s;
  }

  async list(id: string | undefined, idleMs: number): Promise<Session[]> {
    const out: Session[] = [];
    for (const s of [...(this.entries(id)?.values() ?? [])]) {
      if (this.alive(s, idleMs)) out.push(s);
      else this.drop(s);
    }
    return out.sort((a, b) => a.cluster.localeCompare(b.cluster));
  }

  async markUse(id: string | undefined, idleMs: number): Promise<number> {
    const live = await this.list(id, idleMs);
    const t = this.now();
    for (const s of live) s.lastSeen = t;
    return live.length;
  }

  async isLive(session: Session, idleMs: number): Promise<boolean> {
    const [browser] = splitKey(session.key);
    const stored = this.browsers.get(browser)?.get(session.cluster);
    return !!stored && stored.created === session.created && this.alive(stored, idleMs);
  }

  async end(id: string | undefined, cluster?: string): Promise<void> {
    for (const s of [...(this.entries(id)?.values() ?? [])])
      if (cluster === undefined || s.cluster === cluster) this.drop(s);
  }

  async endSession(session: Session): Promise<void> {
    const [browser] = splitKey(session.key);
    const stored = this.browsers.get(browser)?.get(session.cluster);
    if (stored && stored.created === session.created) this.drop(stored);
  }

  /** Entries held (tests, figures). */
  get size(): number {
    let n = 0;
    for (const m of this.browsers.values()) n += m.size;
    return n;
  }

  private entries(id: string | undefined): Map<string, Session> | undefined {
    return id && id.length <= 200 ? this.browsers.get(hash(id)) : undefined;
  }

  private alive(s: Session, idleMs: number): boolean {
    const t = this.now();
    return t < s.expires && t - s.lastSeen < idleMs;
  }

  /** Ends the oldest entries of this (cluster, user) beyond `max`; returns how many. */
  private capUser(s: Session, max: number): number {
    const all = [...(this.byUser.get(userKey(s.cluster, s.user.name)) ?? [])].sort((a, b) => a.created - b.created);
    const excess = all.slice(0, Math.max(0, all.length - Math.max(1, max)));
    for (const old of excess) this.drop(old);
    return excess.length;
  }

  private index(s: Session): void {
    const k = userKey(s.cluster, s.user.name);
    let set = this.byUser.get(k);
    if (!set) this.byUser.set(k, (set = new Set()));
    set.add(s);
  }

  private unindex(s: Session): void {
    const k = userKey(s.cluster, s.user.name);
    const set = this.byUser.get(k);
    set?.delete(s);
    if (set?.size === 0) this.byUser.delete(k);
  }

  private drop(s: Session): void {
    this.unindex(s);
    const [browser] = splitKey(s.key);
    const m = this.browsers.get(browser);
    if (m?.get(s.cluster) === s) m.delete(s.cluster);
    if (m?.size === 0) this.browsers.delete(browser);
  }

  /** Drops every expired entry (absolute or idle), so abandoned browsers do not accumulate. */
  private sweep(idleMs: number): void {
    for (const m of [...this.browsers.values()])
      for (const s of [...m.values()]) if (!this.alive(s, idleMs)) this.drop(s);
  }
}

function entryKey(browser: string, cluster: string): string {
  return `${browser}/${encodeURIComponent(cluster)}`;
}

function splitKey(key: string): [string, string] {
  const i = key.indexOf("/");
  return [key.slice(0, i), decodeURIComponent(key.slice(i + 1))];
}
