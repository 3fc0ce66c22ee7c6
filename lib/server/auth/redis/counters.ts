import "server-only";
import { randomBytes } from "node:crypto";
import type { StreamLimit, StreamSlots } from "../../stream/slots";
import { digest } from "../sessions";
import type { SignInCounter, ThrottleLimits } from "../throttle";
import type { RedisConnection } from "./connection";

// The sign-in throttle's sliding windows and the stream caps as Redis sorted sets (member = one event or
// one open stream, score = its time or lease end), changed only inside Lua scripts or MULTI so two
// replicas counting at once never lose a count.

/**
 * ARGV: key, now, max, window, add ('1'), member → seconds until the oldest of the last `max` events leaves the
 * window (0 = may go on; with add, the event is then counted)
 */
const WINDOW = `
local k, now, max, win = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', k, '-inf', now - win)
local c = redis.call('ZCARD', k)
if c >= max then
  local oldest = tonumber(redis.call('ZRANGE', k, c - max, c - max, 'WITHSCORES')[2])
  if oldest + win > now then return math.ceil((oldest + win - now) / 1000) end
end
if ARGV[5] == '1' then
  redis.call('ZADD', k, now, ARGV[6])
  redis.call('PEXPIRE', k, win)
end
return 0
`;

/** ARGV: P, now, lease, slot id, then (key digest, max) pairs → 0, or the 1-based index of the full limit */
const ACQUIRE = `
local P, now, lease, id = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
for i = 5, #ARGV, 2 do
  local k = P .. 's:' .. ARGV[i]
  redis.call('ZREMRANGEBYSCORE', k, '-inf', now)
  if redis.call('ZCARD', k) >= tonumber(ARGV[i + 1]) then return (i - 3) / 2 end
end
for i = 5, #ARGV, 2 do
  local k = P .. 's:' .. ARGV[i]
  redis.call('ZADD', k, now + lease, id)
  redis.call('PEXPIRE', k, lease)
end
return 0
`;

/** Sign-in counts kept across replicas (throttle.ts has the rules; this is where they are kept). */
export class RedisSignInCounter implements SignInCounter {
  constructor(
    private conn: RedisConnection,
    private limits: () => ThrottleLimits,
    private prefix = "kruise-console:",
    private now: () => number = Date.now,
  ) {}

  addressWait(address: string): Promise<number> {
    return this.window(`${this.prefix}t:f:${digest(address)}`, this.limits().perAddress, false);
  }

  async slowdown(): Promise<number> {
    const { global, windowMs, slowdownMs } = this.limits();
    const t = this.now();
    const n = await this.conn.run((r) => r.zCount(`${this.prefix}t:all`, t - windowMs + 1, "+inf"));
    return n >= global ? slowdownMs : 0;
  }

  async fail(address: string): Promise<void> {
    const { windowMs, global } = this.limits();
    const t = this.now();
    const member = `${t}-${randomBytes(6).toString("base64url")}`;
    const fk = `${this.prefix}t:f:${digest(address)}`;
    const all = `${this.prefix}t:all`;
    await this.conn.run((r) =>
      r
        .multi()
        .zAdd(fk, { score: t, value: member })
        .pExpire(fk, windowMs)
        .zAdd(all, { score: t, value: member })
        .zRemRangeByRank(all, 0, -(2 * Math.max(1, global)) - 1)
        .pExpire(all, windowMs)
        .exec(),
    );
  }

  admitUser(user: string): Promise<number> {
    return this.window(`${this.prefix}t:u:${digest(user)}`, this.limits().perUser, true);
  }

  private async window(key: string, max: number, add: boolean): Promise<number> {
    const t = this.now();
    const args = [key, t, max, this.limits().windowMs, add ? "1" : "0", `${t}-${randomBytes(6).toString("base64url")}`];
    return Number(await this.conn.run((r) => r.eval(WINDOW, { arguments: args.map(String) })));
  }
}

/** A stream holds its slot for this long unless renewed: a replica that dies frees its slots by then. */
const LEASE_MS = 60_000;

/** Per-session and per-user stream caps counted across replicas (leases renewed while the stream is open). */
export class RedisStreamSlots implements StreamSlots {
  constructor(
    private conn: RedisConnection,
    private prefix = "kruise-console:",
    private now: () => number = Date.now,
  ) {}

  async acquire(limits: readonly StreamLimit[]): Promise<{ release: () => void } | { full: StreamLimit }> {
    const id = randomBytes(12).toString("base64url");
    const keys = limits.map((l) => digest(l.key));
    const args = [this.prefix, this.now(), LEASE_MS, id, ...limits.flatMap((l, i) => [keys[i], l.max])].map(String);
    const full = Number(await this.conn.run((r) => r.eval(ACQUIRE, { arguments: args })));
    if (full > 0) return { full: limits[full - 1] };
    const renew = setInterval(() => {
      const until = this.now() + LEASE_MS;
      void this.conn
        .run((r) =>
          Promise.all(keys.map((k) => r.zAdd(`${this.prefix}s:${k}`, { score: until, value: id }, { XX: true }))),
        )
        .catch(() => {}); // the store is down: the lease runs out at worst, and the stream's own checks end it
    }, LEASE_MS / 3);
    renew.unref();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        clearInterval(renew);
        void this.conn.run((r) => Promise.all(keys.map((k) => r.zRem(`${this.prefix}s:${k}`, id)))).catch(() => {});
      },
    };
  }
}
