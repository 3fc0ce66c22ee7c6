import { describe, expect, it, vi } from "vitest";
vi.mock("server-only", () => ({}));

import type { Caller } from "./caller";
import { ListAccess, type ReviewQuestion } from "./list-access";

const caller = (name: string, groups: string[] = []): Caller => ({
  mode: "token",
  user: { name, groups },
  csrf: "c",
  limitKey: `session:${name}`,
  userKey: `user:${name}`,
});

/** A review function answering from a mutable grant list, counting the questions it got. */
function fakeCluster(grants: string[]) {
  const asked: ReviewQuestion[] = [];
  const review = async (q: ReviewQuestion) => {
    asked.push(q);
    return { allowed: grants.includes(`${q.user.name}:${q.verb}:${q.resource}:${q.namespace ?? "*"}`) };
  };
  return { asked, review, grants };
}

describe("ListAccess: may the user list and watch a resource in a namespace", () => {
  it("allows only when the cluster grants both list and watch, asking about the user's name, groups and namespace", async () => {
    const c = fakeCluster(["ann:list:pods:shop", "ann:watch:pods:shop", "ann:list:pods:payments"]);
    const access = new ListAccess({ review: c.review, now: () => 0, ttlMs: () => 10_000 });
    expect(await access.mayList(caller("ann", ["team"]), "prod", "pods", "shop")).toEqual({ allowed: true });
    expect(await access.mayList(caller("ann", ["team"]), "prod", "pods", "payments")).toEqual({ allowed: false }); // list but no watch
    expect(await access.mayList(caller("ann"), "prod", "pods", null)).toEqual({ allowed: false });
    expect(c.asked[0]).toEqual({
      cluster: "prod",
      user: { name: "ann", groups: ["team"] },
      verb: "list",
      group: "",
      resource: "pods",
      namespace: "shop",
    });
    expect(c.asked.map((q) => q.verb).sort()).toEqual(["list", "list", "list", "watch", "watch", "watch"]);
  });

  it("asks about the resource's API group (clonesets are apps.kruise.io)", async () => {
    const c = fakeCluster([]);
    await new ListAccess({ review: c.review, ttlMs: () => 10_000 }).mayList(caller("ann"), "prod", "clonesets", "shop");
    expect(c.asked[0]).toMatchObject({ group: "apps.kruise.io", resource: "clonesets" });
  });

  it("reuses an answer within the cache time, and a revoked permission takes effect once it has passed", async () => {
    const c = fakeCluster(["bob:list:pods:shop", "bob:watch:pods:shop"]);
    let now = 1_000;
    const access = new ListAccess({ review: c.review, now: () => now, ttlMs: () => 10_000 });
    expect((await access.mayList(caller("bob"), "prod", "pods", "shop")).allowed).toBe(true);
    c.grants.splice(0); // RoleBinding deleted
    now += 9_999;
    expect((await access.mayList(caller("bob"), "prod", "pods", "shop")).allowed).toBe(true);
    expect(c.asked).toHaveLength(2);
    now += 1;
    expect((await access.mayList(caller("bob"), "prod", "pods", "shop")).allowed).toBe(false);
    expect(c.asked).toHaveLength(4);
  });

  it("keeps users apart: one user's answer is never reused for another", async () => {
    const c = fakeCluster(["ann:list:pods:shop", "ann:watch:pods:shop"]);
    const access = new ListAccess({ review: c.review, now: () => 0, ttlMs: () => 10_000 });
    expect((await access.mayList(caller("ann"), "prod", "pods", "shop")).allowed).toBe(true);
    expect((await access.mayList(caller("eve"), "prod", "pods", "shop")).allowed).toBe(false);
    expect((await access.mayList(caller("ann", ["system:masters"]), "prod", "pods", "payments")).allowed).toBe(false);
  });

  it("shares one review between concurrent questions", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let calls = 0;
    const access = new ListAccess({
      now: () => 0,
      ttlMs: () => 10_000,
      review: async () => {
        calls++;
        await gate;
        return { allowed: true };
      },
    });
    const answers = Promise.all(
      Array.from({ length: 20 }, () => access.mayList(caller("ann"), "prod", "pods", "shop")),
    );
    release();
    expect((await answers).every((a) => a.allowed)).toBe(true);
    expect(calls).toBe(2); // one list, one watch
  });

  it("bounds the cache: the oldest answers are dropped and asked again", async () => {
    const c = fakeCluster([]);
    const access = new ListAccess({ review: c.review, now: () => 0, maxEntries: 4, ttlMs: () => 10_000 });
    for (const ns of ["a", "b", "c"]) await access.mayList(caller("ann"), "prod", "pods", ns);
    expect(c.asked).toHaveLength(6);
    await access.mayList(caller("ann"), "prod", "pods", "c"); // still cached
    expect(c.asked).toHaveLength(6);
    await access.mayList(caller("ann"), "prod", "pods", "a"); // dropped: asked again
    expect(c.asked).toHaveLength(8);
  });

  it("a review that fails is a refusal that says what to fix", async () => {
    const access = new ListAccess({
      ttlMs: () => 10_000,
      review: async () => {
        throw new Error("connect ECONNREFUSED");
      },
    });
    const d = await access.mayList(caller("ann"), "prod", "pods", "shop");
    expect(d.allowed).toBe(false);
    expect(d.failure).toContain("ECONNREFUSED");
  });

  it("local mode is always allowed and asks nothing", async () => {
    const c = fakeCluster([]);
    const access = new ListAccess({ review: c.review, ttlMs: () => 10_000 });
    const local: Caller = {
      mode: "local",
      user: { name: "", groups: [] },
      csrf: "c",
      limitKey: "local",
      userKey: "local",
    };
    expect(await access.mayList(local, "prod", "pods", null)).toEqual({ allowed: true });
    expect(c.asked).toHaveLength(0);
  });
});
