/**
 * The Redis session store as two replicas see it: two processes' worth of clients (two connections,
 * two store objects) on one real redis-server. Whatever one does, the other sees; counts add up across
 * both; an outage is a 503 naming the store, and the clients come back by themselves.
 */
import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real store.
vi.mock("server-only", () => ({}));

import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpError } from "@/lib/server/errors";
import { RedisConnection } from "@/lib/server/auth/redis/connection";
import { RedisSignInCounter, RedisStreamSlots } from "@/lib/server/auth/redis/counters";
import { RedisSessionStore } from "@/lib/server/auth/redis/redis-sessions";
import { TokenCipher } from "@/lib/server/auth/redis/token-crypto";
import { waitUntil } from "../support/proc";
import { startRedis, type TestRedis } from "./redis-server";

const LIMITS = { ttlMs: 3600_000, idleMs: 600_000, maxPerUser: 2 };
const alice = { name: "alice", groups: ["dev"] };

describe("Redis session store shared by two replicas", () => {
  let redis: TestRedis;
  const conns: RedisConnection[] = [];
  const key = randomBytes(32);
  let clock = Date.now();
  const now = () => clock;
  const replica = () => {
    const conn = new RedisConnection({ url: redis.url });
    conns.push(conn);
    const prefix = "kruise-console:";
    return {
      conn,
      sessions: new RedisSessionStore(conn, new TokenCipher([key]), prefix, now),
      throttle: new RedisSignInCounter(
        conn,
        () => ({ perAddress: 3, perUser: 2, global: 5, windowMs: 60_000, slowdownMs: 700 }),
        prefix,
        now,
      ),
      streams: new RedisStreamSlots(conn, prefix, now),
    };
  };
  let a: ReturnType<typeof replica>;
  let b: ReturnType<typeof replica>;

  beforeAll(async () => {
    redis = await startRedis();
    a = replica();
    b = replica();
    await waitUntil("both clients connected", async () => a.conn.ready && b.conn.ready);
  });
  afterAll(async () => {
    await Promise.all(conns.map((c) => c.quit()));
    await redis?.close();
  });

  it("a session signed in on A is found on B, with the same user and token", async () => {
    const { id } = await a.sessions.signIn(undefined, "dev", alice, "tok-a", LIMITS);
    const s = await b.sessions.get(id, "dev", LIMITS.idleMs, { use: true });
    expect(s?.user).toEqual(alice);
    expect(s?.token).toBe("tok-a");
    expect(await b.sessions.get(id, "prod", LIMITS.idleMs)).toBeUndefined();
  });

  it("signing out through B ends the session A reads and A's open streams' liveness", async () => {
    const { id, session } = await a.sessions.signIn(undefined, "dev", alice, "tok-b", LIMITS);
    expect(await a.sessions.isLive(session, LIMITS.idleMs)).toBe(true);
    await b.sessions.end(id);
    expect(await a.sessions.get(id, "dev", LIMITS.idleMs)).toBeUndefined();
    expect(await a.sessions.isLive(session, LIMITS.idleMs)).toBe(false);
  });

  it("a second sign-in through B re-issues the cookie, carries the other cluster over and makes the old id worthless", async () => {
    const first = await a.sessions.signIn(undefined, "dev", alice, "tok-dev", LIMITS);
    const second = await b.sessions.signIn(first.id, "prod", alice, "tok-prod", LIMITS);
    expect(await a.sessions.list(first.id, LIMITS.idleMs)).toEqual([]);
    const clusters = (await a.sessions.list(second.id, LIMITS.idleMs)).map((s) => [s.cluster, s.token]);
    expect(clusters).toEqual([
      ["dev", "tok-dev"],
      ["prod", "tok-prod"],
    ]);
  });

  it("the per-user session cap counts sign-ins made on both replicas", async () => {
    const bob = { name: `bob-${randomBytes(3).toString("hex")}`, groups: [] };
    const at = (ms: number) => (clock += ms); // the oldest is the one ended
    const s1 = await a.sessions.signIn(undefined, "dev", bob, "t1", LIMITS);
    at(1);
    const s2 = await b.sessions.signIn(undefined, "dev", bob, "t2", LIMITS);
    at(1);
    const s3 = await a.sessions.signIn(undefined, "dev", bob, "t3", LIMITS);
    expect(s3.ended).toBe(1);
    expect(await b.sessions.get(s1.id, "dev", LIMITS.idleMs)).toBeUndefined();
    expect(await b.sessions.get(s2.id, "dev", LIMITS.idleMs)).toBeDefined();
    expect(await b.sessions.get(s3.id, "dev", LIMITS.idleMs)).toBeDefined();
  });

  it("an entry unused past the idle timeout is gone for both, and use on one replica keeps it for the other", async () => {
    const { id } = await a.sessions.signIn(undefined, "dev", alice, "tok-idle", LIMITS);
    clock += LIMITS.idleMs - 1000;
    expect(await b.sessions.markUse(id, LIMITS.idleMs)).toBe(1);
    clock += LIMITS.idleMs - 1000;
    expect(await a.sessions.get(id, "dev", LIMITS.idleMs)).toBeDefined();
    clock += LIMITS.idleMs;
    expect(await a.sessions.get(id, "dev", LIMITS.idleMs)).toBeUndefined();
  });

  it("sign-in failures on A and B add up per address, past the global ceiling both slow every answer, and per-user counts are shared", async () => {
    const addr = `198.51.100.${randomBytes(1)[0]}`;
    await a.throttle.fail(addr);
    await b.throttle.fail(addr);
    expect(await a.throttle.addressWait(addr)).toBe(0);
    await a.throttle.fail(addr);
    expect(await b.throttle.addressWait(addr)).toBeGreaterThan(0);
    expect(await a.throttle.addressWait("203.0.113.5")).toBe(0);
    await b.throttle.fail("203.0.113.6");
    await a.throttle.fail("203.0.113.7");
    expect(await a.throttle.slowdown()).toBe(700);
    expect(await b.throttle.slowdown()).toBe(700);
    const user = `["dev","u-${randomBytes(3).toString("hex")}"]`;
    expect(await a.throttle.admitUser(user)).toBe(0);
    expect(await b.throttle.admitUser(user)).toBe(0);
    expect(await a.throttle.admitUser(user)).toBeGreaterThan(0);
    clock += 60_000;
    expect(await b.throttle.slowdown()).toBe(0);
    expect(await b.throttle.admitUser(user)).toBe(0);
  });

  it("stream caps count streams opened on both replicas, and a release frees a slot for either", async () => {
    const limits = [{ key: `browser:${randomBytes(3).toString("hex")}`, max: 2, what: "this session" }];
    const s1 = await a.streams.acquire(limits);
    const s2 = await b.streams.acquire(limits);
    expect("release" in s1 && "release" in s2).toBe(true);
    const s3 = await a.streams.acquire(limits);
    expect(s3).toEqual({ full: limits[0] });
    if ("release" in s1) s1.release();
    await waitUntil("slot freed", async () => "release" in (await b.streams.acquire(limits)));
  });

  it("a stopped Redis answers 503 'session store unreachable: <address>', and a restarted one is used again without a restart", async () => {
    await redis.stop();
    await waitUntil("client notices", async () => !a.conn.ready);
    const err = await a.sessions.get("some-id", "dev", LIMITS.idleMs).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).body).toMatchObject({
      code: 503,
      message: `session store unreachable: redis://127.0.0.1:${redis.port}`,
    });
    await redis.start();
    await waitUntil("client reconnects", async () => a.conn.ready && b.conn.ready, undefined, 15_000);
    const { id } = await a.sessions.signIn(undefined, "dev", alice, "tok-after", LIMITS);
    expect((await b.sessions.get(id, "dev", LIMITS.idleMs))?.token).toBe("tok-after");
  });

  it("a console closed while Redis answers nothing (frozen mid-command) still closes, its request answered 503", async () => {
    const c = replica();
    await waitUntil("the third client connected", async () => c.conn.ready);
    redis.freeze();
    try {
      const err = await c.sessions.get("some-id", "dev", LIMITS.idleMs).catch((e: unknown) => e);
      expect((err as HttpError).body).toMatchObject({ code: 503, reason: "ServiceUnavailable" });
      await c.conn.quit(); // the GET's reply is still due and never comes: the close must not wait for it
      expect(c.conn.ready).toBe(false);
    } finally {
      redis.thaw();
    }
    await waitUntil("the other clients answer again", async () => {
      await a.sessions.get("some-id", "dev", LIMITS.idleMs);
      return a.conn.ready && b.conn.ready;
    });
  });
});
