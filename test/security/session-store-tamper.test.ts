import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealedFor } from "@/lib/server/auth/redis/redis-sessions";
import { TokenCipher } from "@/lib/server/auth/redis/token-crypto";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { readSse, ScriptedBrowser } from "./browser";
import { baseOf, KINDS, NS, unique, useConsole } from "./harness";

// Write access to the session store is not a way in. Each entry's token is sealed with associated data naming
// what the entry grants (browser session, cluster, user, groups, extras, lifetime): an entry whose groups are
// edited, or that is copied under the digest of a cookie id the attacker chose, does not open and is dropped.
// Someone who also holds the session key can seal an entry anew, but the stream then asks the cluster's own
// TokenReview first, and a session the cluster does not confirm as exactly that identity shows nothing and ends.
const COOKIE = "__Host-kruise_console_session";
const digest = (s: string) => createHash("sha256").update(s).digest("base64url");
const P = "kruise-console:";

describe.each(KINDS)("token mode on Redis, with someone writing to Redis (%s)", (kind) => {
  let redis: TestRedis;
  const key = randomBytes(32);
  const env: Record<string, string> = { KRUISE_CONSOLE_MODE: "token", KRUISE_CONSOLE_ACCESS_CACHE_SECONDS: "2" };
  beforeAll(async () => {
    redis = await startRedis();
    const keyFile = path.join(mkdtempSync(path.join(os.tmpdir(), "kc-key-")), "session.key");
    writeFileSync(keyFile, key.toString("base64") + "\n", { mode: 0o600 });
    Object.assign(env, { KRUISE_CONSOLE_SESSION_STORE: redis.url, KRUISE_CONSOLE_SESSION_KEY_FILE: keyFile });
  });
  const con = useConsole(kind, env);
  afterAll(async () => {
    await redis?.close();
  });

  const entryOf = (b: ScriptedBrowser) => `${P}e:${digest(b.cookie!.split("=")[1])}:admin`;
  const fields = (k: string) => {
    const flat = redis.cli("HGETALL", k).trim().split("\n");
    return Object.fromEntries(flat.flatMap((v, i) => (i % 2 ? [] : [[v, flat[i + 1]]])));
  };

  it("an entry whose groups are edited to add system:masters no longer opens: 401 everywhere, and the entry is gone", async () => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens["shop-reader"])).status).toBe(200);
    const k = entryOf(b);
    const u = JSON.parse(fields(k).u) as { name: string; groups: string[] };
    redis.cli("HSET", k, "u", JSON.stringify({ ...u, groups: [...u.groups, "system:masters"] }));
    expect((await b.session()).status).toBe(401);
    const stream = await b.stream("admin", "r=pods");
    expect(stream.status).toBe(401);
    expect(await stream.text()).not.toContain("snapshot");
    expect(redis.cli("EXISTS", k).trim()).toBe("0");
  });

  it("a victim's entry copied under an attacker-chosen cookie id is no session and writes nothing, before or after the victim signs out", async () => {
    const name = unique("copied");
    const cs = await con.createCloneSet(name);
    const victim = new ScriptedBrowser();
    expect((await victim.signIn(con.c.tokens.deployer)).status).toBe(200);
    const chosen = randomBytes(32).toString("base64url");
    const copy = `${P}e:${digest(chosen)}:admin`;
    const own = entryOf(victim);
    const f = fields(own);
    redis.cli("HSET", copy, ...Object.entries(f).flat());
    redis.cli("SADD", `${P}b:${digest(chosen)}`, "admin");
    const attacker = new ScriptedBrowser();
    attacker.cookie = `${COOKIE}=${chosen}`;
    attacker.csrf = createHash("sha256").update(`kruise-console csrf\u0000${chosen}`).digest("base64url");
    const write = await attacker.rollout("admin", NS, name, { action: "partition", base: baseOf(cs), value: 1 });
    expect(write.status).toBe(401);
    expect(((await con.get(name)).spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(4);
    expect((await attacker.session()).status).toBe(401);
    expect(redis.cli("EXISTS", copy).trim()).toBe("0");
    // the victim is unaffected, then signs out: no entry of that sign-in is left anywhere in Redis
    expect((await victim.session()).status).toBe(200);
    // copied again before the sign-out: the copy still does not open afterwards, and is dropped when tried
    redis.cli("HSET", copy, ...Object.entries(f).flat());
    redis.cli("SADD", `${P}b:${digest(chosen)}`, "admin");
    await victim.signOut();
    expect(redis.cli("EXISTS", own).trim()).toBe("0");
    expect((await attacker.session()).status).toBe(401);
    expect((await attacker.access("admin", NS, name)).status).toBe(401);
    expect(redis.cli("EXISTS", copy).trim()).toBe("0");
  });

  it("with the session key too, an entry sealed anew with system:masters is stopped by the cluster's TokenReview: the stream shows nothing and the session ends", async () => {
    const outside = unique("outside-shop");
    await con.c
      .kubeConfig()
      .makeApiClient(CoreV1Api)
      .createNamespacedPod({
        namespace: "payments",
        body: { metadata: { name: outside }, spec: { containers: [{ name: "app", image: "nginx" }] } },
      });
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens["shop-reader"])).status).toBe(200);
    const browser = digest(b.cookie!.split("=")[1]);
    const k = entryOf(b);
    const f = fields(k);
    const u = JSON.parse(f.u) as { name: string; groups: string[] };
    const widened = { ...u, groups: [...u.groups, "system:masters"] };
    const token = new TokenCipher([key]).decrypt(f.t, sealedFor(browser, "admin", u, Number(f.cr), Number(f.ex)))!;
    const resealed = new TokenCipher([key]).encrypt(
      token,
      sealedFor(browser, "admin", widened, Number(f.cr), Number(f.ex)),
    );
    redis.cli("HSET", k, "u", JSON.stringify(widened), "t", resealed);
    const stream = await b.stream("admin", "r=pods");
    const text = await readSse(stream, (t) => t.includes("no longer confirms"), 10_000);
    expect(text).toMatch(/sign in to \\"admin\\" again: the cluster no longer confirms this session's token/);
    expect(text).not.toContain(outside);
    expect(text).not.toContain("event: snapshot");
    expect((await b.session()).status).toBe(401);
  });
});
