import "server-only";
import { randomBytes } from "node:crypto";
import { digest, type Session, type SessionStore, type SignInLimits, type UserInfo } from "../sessions";
import type { RedisConnection } from "./connection";
import { DROP_SEALED, END, END_SESSION, GET, LIST, SIGN_IN } from "./session-scripts";
import type { TokenCipher } from "./token-crypto";

/** What Redis holds for one entry, as the scripts return it: cluster key, c, u, t, cr, ls, ex. */
type Row = [string, string, string, string, string, string, string];

const enc = encodeURIComponent;
const dec = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};
const validId = (id: string | undefined): id is string => !!id && id.length <= 200;

/**
 * Everything an entry grants, as the associated data its sealed token is bound to: the browser session (the
 * digest of its cookie id), the cluster, the user, groups and extras the cluster's TokenReview vouched for,
 * and the entry's lifetime. Change any of them in Redis, or copy the entry under another browser's key, and
 * the token no longer opens: the entry is worth nothing (and is dropped when next read).
 */
export function sealedFor(browser: string, cluster: string, user: UserInfo, created: number, expires: number): string {
  const extra = Object.entries(user.extra ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([
    "kruise-console session v2",
    browser,
    cluster,
    user.name,
    user.groups,
    extra,
    created,
    expires,
  ]);
}

/** The stored user JSON, or undefined when it is not one (someone wrote it). */
function parseUser(u: string): UserInfo | undefined {
  try {
    const v = JSON.parse(u) as UserInfo;
    const strings = (l: unknown) => Array.isArray(l) && l.every((x) => typeof x === "string");
    if (typeof v?.name !== "string" || !strings(v.groups)) return undefined;
    if (v.extra !== undefined && (typeof v.extra !== "object" || !Object.values(v.extra).every(strings)))
      return undefined;
    return v;
  } catch {
    return undefined;
  }
}

/**
 * The shared session store (session-scripts.ts has the layout): every replica reads and writes the same
 * entries, each one Redis hash with a TTL of min(expiry, last use + idle), so an abandoned entry vanishes
 * by itself. Browsers are keyed by the SHA-256 of their cookie id and tokens are sealed (token-crypto.ts) to
 * everything the entry grants (sealedFor): nothing in Redis can be replayed as a cookie or a bearer token, and
 * write access to Redis cannot widen or move a session.
 */
export class RedisSessionStore implements SessionStore {
  constructor(
    private conn: RedisConnection,
    private cipher: Pick<TokenCipher, "encrypt" | "decrypt">,
    private prefix = "kruise-console:",
    private now: () => number = Date.now,
  ) {}

  async signIn(
    previous: string | undefined,
    cluster: string,
    user: UserInfo,
    token: string,
    limits: SignInLimits,
  ): Promise<{ id: string; session: Session; ended: number }> {
    const id = randomBytes(32).toString("base64url");
    const browser = digest(id);
    const t = this.now();
    const u: UserInfo = { name: user.name, groups: [...user.groups], ...(user.extra ? { extra: user.extra } : {}) };
    const expires = t + limits.ttlMs;
    const sealed = this.cipher.encrypt(token, sealedFor(browser, cluster, u, t, expires));
    const index = `${this.prefix}u:${digest(JSON.stringify([cluster, u.name]))}`;
    const old = validId(previous) ? digest(previous) : "";
    const carried = old ? await this.reseal(old, browser, cluster) : [];
    const ended = await this.eval(SIGN_IN, [
      old,
      browser,
      enc(cluster),
      index,
      cluster,
      JSON.stringify(u),
      sealed,
      t,
      limits.ttlMs,
      limits.idleMs,
      Math.max(1, limits.maxPerUser),
      ...carried,
    ]);
    const session: Session = {
      key: `${browser}/${enc(cluster)}`,
      cluster,
      user: u,
      token,
      created: t,
      lastSeen: t,
      expires,
    };
    return { id, session, ended: Number(ended) };
  }

  async get(id: string | undefined, cluster: string, idleMs: number, o: { use?: boolean } = {}) {
    if (!validId(id)) return undefined;
    const browser = digest(id);
    const row = (await this.eval(GET, [browser, enc(cluster), this.now(), idleMs, o.use ? "1" : "0"])) as Row | null;
    return row ? this.opened(browser, row) : undefined;
  }

  async list(id: string | undefined, idleMs: number): Promise<Session[]> {
    return this.all(id, idleMs, false);
  }

  async markUse(id: string | undefined, idleMs: number): Promise<number> {
    return (await this.all(id, idleMs, true)).length;
  }

  /** Still there as the same sign-in, and still opening: an entry edited while its streams are open ends them. */
  async isLive(session: Session, idleMs: number): Promise<boolean> {
    const [browser, ce] = session.key.split("/");
    const k = `${this.prefix}e:${browser}:${ce}`;
    const [c, u, t, cr, ls, ex] = await this.conn.run((r) => r.hmGet(k, ["c", "u", "t", "cr", "ls", "ex"]));
    const now = this.now();
    if (cr !== String(session.created) || ex !== String(session.expires) || !(now - Number(ls) < idleMs)) return false;
    if (now >= session.expires) return false;
    return !!this.open(browser, [ce, c ?? "", u ?? "", t ?? "", cr, ls ?? "", ex]);
  }

  async end(id: string | undefined, cluster?: string): Promise<void> {
    if (validId(id)) await this.eval(END, [digest(id), cluster === undefined ? "" : enc(cluster)]);
  }

  async endSession(session: Session): Promise<void> {
    const [browser] = session.key.split("/");
    await this.eval(END_SESSION, [browser, enc(session.cluster), String(session.created)]);
  }

  private async all(id: string | undefined, idleMs: number, use: boolean): Promise<Session[]> {
    if (!validId(id)) return [];
    const browser = digest(id);
    const rows = (await this.eval(LIST, [browser, this.now(), idleMs, use ? "1" : "0"])) as Row[];
    const out: Session[] = [];
    for (const r of rows) {
      const s = await this.opened(browser, r);
      if (s) out.push(s);
    }
    return out.sort((a, b) => a.cluster.localeCompare(b.cluster));
  }

  /**
   * The entries of the old browser, sealed again for the new one (a sealed token is bound to its browser):
   * triples of (cluster key, sealed as read, sealed anew) for the sign-in script. Entries that do not open are
   * left out (the script drops them), and so is the cluster being signed in to (replaced).
   */
  private async reseal(old: string, browser: string, cluster: string): Promise<string[]> {
    const rows = (await this.eval(LIST, [old, this.now(), Number.MAX_SAFE_INTEGER, "0"])) as Row[];
    return rows.flatMap((row) => {
      const s = this.open(old, row);
      if (!s || s.cluster === cluster) return [];
      return [
        row[0],
        row[3],
        this.cipher.encrypt(s.token, sealedFor(browser, s.cluster, s.user, s.created, s.expires)),
      ];
    });
  }

  /** The entry as a Session; one that does not open is dropped from Redis (tampered, copied, or its key rotated out). */
  private async opened(browser: string, row: Row): Promise<Session | undefined> {
    const s = this.open(browser, row);
    if (!s) await this.eval(DROP_SEALED, [browser, row[0], row[3]]);
    return s;
  }

  private open(browser: string, [ce, c, u, t, cr, ls, ex]: Row): Session | undefined {
    const user = parseUser(u);
    const created = Number(cr);
    const expires = Number(ex);
    if (!user || c !== dec(ce) || !Number.isFinite(created) || !Number.isFinite(expires)) return undefined;
    const token = this.cipher.decrypt(t, sealedFor(browser, c, user, created, expires));
    if (token === undefined) return undefined;
    return { key: `${browser}/${ce}`, cluster: c, user, token, created, lastSeen: Number(ls), expires };
  }

  private eval(script: string, args: (string | number)[]): Promise<unknown> {
    return this.conn.run((r) => r.eval(script, { arguments: [this.prefix, ...args.map(String)] }));
  }
}
