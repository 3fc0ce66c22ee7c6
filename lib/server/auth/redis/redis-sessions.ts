import "server-only";
import { randomBytes } from "node:crypto";
import { digest, type Session, type SessionStore, type SignInLimits, type UserInfo } from "../sessions";
import type { RedisConnection } from "./connection";
import { END, END_SESSION, GET, LIST, SIGN_IN } from "./session-scripts";
import type { TokenCipher } from "./token-crypto";

/** What Redis holds for one entry, as the scripts return it: cluster key, c, u, t, cr, ls, ex. */
type Row = [string, string, string, string, string, string, string];

const enc = encodeURIComponent;
const validId = (id: string | undefined): id is string => !!id && id.length <= 200;
/** What a sealed token is bound to: it opens only on the entry of this cluster and user. */
const context = (cluster: string, user: string) => JSON.stringify(["kruise-console token", cluster, user]);

/**
 * The shared session store (session-scripts.ts has the layout): every replica reads and writes the same
 * entries, each one Redis hash with a TTL of min(expiry, last use + idle), so an abandoned entry vanishes
 * by itself. Browsers are keyed by the SHA-256 of their cookie id and tokens are sealed (token-crypto.ts):
 * nothing in Redis can be replayed as a cookie or a bearer token.
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
    const u = { name: user.name, groups: [...user.groups] };
    const sealed = this.cipher.encrypt(token, context(cluster, u.name));
    const index = `${this.prefix}u:${digest(JSON.stringify([cluster, u.name]))}`;
    const ended = await this.eval(SIGN_IN, [
      validId(previous) ? digest(previous) : "",
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
    ]);
    const session: Session = {
      key: `${browser}/${enc(cluster)}`,
      cluster,
      user: u,
      token,
      created: t,
      lastSeen: t,
      expires: t + limits.ttlMs,
    };
    return { id, session, ended: Number(ended) };
  }

  async get(id: string | undefined, cluster: string, idleMs: number, o: { use?: boolean } = {}) {
    if (!validId(id)) return undefined;
    const browser = digest(id);
    const row = (await this.eval(GET, [browser, enc(cluster), this.now(), idleMs, o.use ? "1" : "0"])) as Row | null;
    return row ? this.session(browser, row) : undefined;
  }

  async list(id: string | undefined, idleMs: number): Promise<Session[]> {
    return this.all(id, idleMs, false);
  }

  async markUse(id: string | undefined, idleMs: number): Promise<number> {
    return (await this.all(id, idleMs, true)).length;
  }

  async isLive(session: Session, idleMs: number): Promise<boolean> {
    const [browser] = session.key.split("/");
    const k = `${this.prefix}e:${browser}:${enc(session.cluster)}`;
    const [cr, ls, ex] = await this.conn.run((r) => r.hmGet(k, ["cr", "ls", "ex"]));
    const t = this.now();
    return cr === String(session.created) && t < Number(ex) && t - Number(ls) < idleMs;
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
    const out = rows.map((r) => this.session(browser, r)).filter((s): s is Session => !!s);
    return out.sort((a, b) => a.cluster.localeCompare(b.cluster));
  }

  /** The entry as a Session, or undefined when its token does not open (key rotated out, or altered). */
  private session(browser: string, [ce, c, u, t, cr, ls, ex]: Row): Session | undefined {
    const user = JSON.parse(u) as UserInfo;
    const token = this.cipher.decrypt(t, context(c, user.name));
    if (token === undefined) return undefined;
    return {
      key: `${browser}/${ce}`,
      cluster: c,
      user,
      token,
      created: Number(cr),
      lastSeen: Number(ls),
      expires: Number(ex),
    };
  }

  private eval(script: string, args: (string | number)[]): Promise<unknown> {
    return this.conn.run((r) => r.eval(script, { arguments: [this.prefix, ...args.map(String)] }));
  }
}
