import { vi } from "vitest";
vi.mock("server-only", () => ({}));
import { describe, expect, it } from "vitest";
import { MemorySessionStore } from "./memory-sessions";
import { csrfFor, secretEquals } from "./sessions";

const alice = { name: "alice", groups: ["dev"] };
const bob = { name: "bob", groups: [] };
const HOUR = 3600_000;
const limits = (o: Partial<{ ttlMs: number; idleMs: number; maxPerUser: number }> = {}) => ({
  ttlMs: HOUR,
  idleMs: HOUR,
  maxPerUser: 5,
  ...o,
});

function clock() {
  const c = { t: 0, now: () => c.t };
  return c;
}

describe("per-cluster sessions (in memory)", () => {
  it("a sign-in is for its cluster only: the same cookie finds nothing for another cluster", async () => {
    const store = new MemorySessionStore();
    const { id, session } = await store.signIn(undefined, "dev", alice, "tok-dev", limits());
    expect(await store.get(id, "dev", HOUR)).toBe(session);
    expect(await store.get(id, "prod", HOUR)).toBeUndefined();
    expect(session).toMatchObject({ cluster: "dev", user: alice });
    expect(session.key).not.toContain(id); // the store holds only the id's digest
    expect(await store.get(id + "x", "dev", HOUR)).toBeUndefined();
    expect(await store.get(undefined, "dev", HOUR)).toBeUndefined();
  });

  it("signing in to a second cluster issues a fresh cookie that carries the first cluster over", async () => {
    const store = new MemorySessionStore();
    const dev = await store.signIn(undefined, "dev", alice, "tok-dev", limits());
    const prod = await store.signIn(dev.id, "prod", bob, "tok-prod", limits());
    expect(prod.id).not.toBe(dev.id);
    expect(await store.get(dev.id, "dev", HOUR)).toBeUndefined(); // the old cookie is worth nothing
    expect((await store.get(prod.id, "dev", HOUR))?.user).toEqual(alice);
    expect((await store.get(prod.id, "prod", HOUR))?.user).toEqual(bob);
    expect((await store.list(prod.id, HOUR)).map((s) => s.cluster)).toEqual(["dev", "prod"]);
    expect(await store.isLive(dev.session, HOUR)).toBe(true); // streams opened before stay live
  });

  it("ends an entry at its absolute lifetime even when used all along", async () => {
    const c = clock();
    const store = new MemorySessionStore(c.now);
    const { id } = await store.signIn(undefined, "dev", alice, "t", limits({ ttlMs: 10_000 }));
    for (c.t = 1000; c.t < 10_000; c.t += 1000) expect(await store.get(id, "dev", 5000, { use: true })).toBeDefined();
    c.t = 10_000;
    expect(await store.get(id, "dev", 5000)).toBeUndefined();
  });

  it("only use moves the idle clock: looking (an open stream) does not", async () => {
    const c = clock();
    const store = new MemorySessionStore(c.now);
    const { id, session } = await store.signIn(undefined, "dev", alice, "t", limits());
    c.t = 4000;
    expect(await store.get(id, "dev", 5000)).toBeDefined(); // looked, not used
    expect(await store.isLive(session, 5000)).toBe(true);
    c.t = 5000;
    expect(await store.isLive(session, 5000)).toBe(false);
    expect(await store.get(id, "dev", 5000)).toBeUndefined();
    expect(store.size).toBe(0);
  });

  it("a heartbeat (markUse) keeps every cluster of the browser alive", async () => {
    const c = clock();
    const store = new MemorySessionStore(c.now);
    const a = await store.signIn(undefined, "dev", alice, "t1", limits());
    const b = await store.signIn(a.id, "prod", alice, "t2", limits());
    c.t = 4000;
    expect(await store.markUse(b.id, 5000)).toBe(2);
    c.t = 8000;
    expect((await store.list(b.id, 5000)).map((s) => s.cluster)).toEqual(["dev", "prod"]);
    c.t = 9000;
    expect(await store.list(b.id, 5000)).toEqual([]);
    expect(await store.markUse(b.id, 5000)).toBe(0);
  });

  it("signs out of one cluster or of all", async () => {
    const store = new MemorySessionStore();
    const a = await store.signIn(undefined, "dev", alice, "t1", limits());
    const { id, session } = await store.signIn(a.id, "prod", alice, "t2", limits());
    await store.end(id, "prod");
    expect(await store.isLive(session, HOUR)).toBe(false);
    expect((await store.list(id, HOUR)).map((s) => s.cluster)).toEqual(["dev"]);
    await store.end(id);
    expect(await store.list(id, HOUR)).toEqual([]);
  });

  it("caps entries per user and cluster, ending the oldest", async () => {
    const c = clock();
    const store = new MemorySessionStore(c.now);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      c.t = i * 1000;
      const r = await store.signIn(undefined, "dev", alice, `t${i}`, limits({ maxPerUser: 3 }));
      expect(r.ended).toBe(i < 3 ? 0 : 1);
      ids.push(r.id);
    }
    expect(await store.get(ids[0], "dev", HOUR)).toBeUndefined();
    for (const id of ids.slice(1)) expect(await store.get(id, "dev", HOUR)).toBeDefined();
    // the same name on another cluster is another user, with its own count
    expect((await store.signIn(undefined, "prod", alice, "p", limits({ maxPerUser: 3 }))).ended).toBe(0);
    expect((await store.signIn(undefined, "dev", bob, "b", limits({ maxPerUser: 3 }))).ended).toBe(0);
  });

  it("endSession ends the entry a refused token belonged to, not a newer sign-in", async () => {
    const c = clock();
    const store = new MemorySessionStore(c.now);
    const first = await store.signIn(undefined, "dev", alice, "old", limits());
    c.t = 1;
    const again = await store.signIn(first.id, "dev", alice, "new", limits());
    await store.endSession(first.session);
    expect(await store.get(again.id, "dev", HOUR)).toBe(again.session);
    await store.endSession(again.session);
    expect(await store.get(again.id, "dev", HOUR)).toBeUndefined();
  });

  it("derives one anti-CSRF token per cookie and compares secrets of any length", () => {
    expect(csrfFor("a")).toBe(csrfFor("a"));
    expect(csrfFor("a")).not.toBe(csrfFor("b"));
    expect(secretEquals("abc", "abc")).toBe(true);
    expect(secretEquals("abc", "abd")).toBe(false);
    expect(secretEquals("abc", "abcd")).toBe(false);
  });
});
