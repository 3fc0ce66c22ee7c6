import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { ScriptedBrowser } from "./browser";
import { baseOf, KINDS, NS, unique, useConsole } from "./harness";

// Errors stay bounded and honest. A value nested 400,000 deep is a 400 with a short message (never a 500 that
// stringified it until the stack ran out); with the session store down or refusing (full under maxmemory), every
// request that needs it answers 503 "session store unreachable", sign-in included.
const DEPTH = 400_000;
const deep = (depth = DEPTH) => "[".repeat(depth) + "]".repeat(depth);

describe.each(KINDS)("a 400,000-deep value in a rollout intent (%s)", (kind) => {
  const con = useConsole(kind, { KRUISE_CONSOLE_MODE: "token" });

  it("answers 400 with a short message naming the field, and a short audit line", async () => {
    const name = unique("deep");
    const cs = await con.createCloneSet(name);
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens.deployer)).status).toBe(200);
    const base = JSON.stringify(baseOf(cs));
    const bodies = [
      `{"action":"partition","base":${base},"value":${deep()}}`,
      `{"action":"limits","base":${base},"value":{"maxSurge":${deep()}}}`,
      `{"action":"partition","base":{"generation":1,"partition":${deep()}},"value":1}`,
    ];
    for (const body of bodies) {
      const res = await b.rollout("admin", NS, name, body);
      const text = await res.text();
      expect(res.status, text.slice(0, 200)).toBe(400);
      expect(text.length).toBeLessThan(400);
      expect(text).not.toMatch(/call stack/i);
      expect(JSON.parse(text).message).toMatch(
        /^(value|value\.maxSurge|base\.partition) must be a non-negative integer or a percentage like "25%" \(got a list\)$/,
      );
      expect(JSON.stringify(con.audit.at(-1)).length).toBeLessThan(2048);
    }
    expect(((await con.get(name)).spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(4);
  });

  it("a rollback whose base.template nests 150,000 deep (within the 1 MiB body) is refused as too deep (413), before anything walks it", async () => {
    const name = unique("deep-template");
    const cs = await con.createCloneSet(name);
    const b = new ScriptedBrowser();
    await b.signIn(con.c.tokens.deployer);
    const template = '{"a":'.repeat(150_000) + "1" + "}".repeat(150_000);
    const res = await b.rollout(
      "admin",
      NS,
      name,
      `{"action":"rollback","base":{"generation":${cs.metadata.generation},"template":${template}},"value":"r1"}`,
    );
    const text = await res.text();
    expect(res.status, text.slice(0, 200)).toBe(413);
    expect(text.length).toBeLessThan(400);
    expect(JSON.parse(text).message).toMatch(/base\.template.*64/);
  });
});

describe.each(KINDS)("the session store down or refusing (%s)", (kind) => {
  let redis: TestRedis;
  const env: Record<string, string> = { KRUISE_CONSOLE_MODE: "token" };
  beforeAll(async () => {
    redis = await startRedis();
    const keyFile = path.join(mkdtempSync(path.join(os.tmpdir(), "kc-key-")), "session.key");
    writeFileSync(keyFile, randomBytes(32).toString("base64") + "\n", { mode: 0o600 });
    Object.assign(env, { KRUISE_CONSOLE_SESSION_STORE: redis.url, KRUISE_CONSOLE_SESSION_KEY_FILE: keyFile });
  });
  const con = useConsole(kind, env);
  afterAll(async () => {
    await redis?.close();
  });
  const unreachable = () =>
    new RegExp(`^session store unreachable: redis://127\\.0\\.0\\.1:${redis.port}( \\(\\w+\\))?$`);

  /** Every kind of request that needs the store, from a browser that had signed in. */
  async function everyRequest(b: ScriptedBrowser): Promise<[string, Response][]> {
    return [
      ["sign-in", await new ScriptedBrowser().signIn(con.c.tokens.viewer)],
      ["wrong token", await new ScriptedBrowser().signIn("not-a-token")],
      ["session", await b.session()],
      ["clusters", await b.clusters()],
      ["object", await b.object("admin", NS, "pods", "x")],
      ["access", await b.access("admin", NS, "x")],
      ["stream", await b.stream("admin", "r=pods")],
      ["write", await b.rollout("admin", NS, "x", { action: "pause", base: { generation: 1 } })],
      ["activity", await b.activity()],
      ["sign-out", await b.signOut()],
    ];
  }

  it("full (maxmemory reached, noeviction): sign-in and every store write answer 503, not 500", async () => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens.viewer)).status).toBe(200);
    redis.cli("CONFIG", "SET", "maxmemory-policy", "noeviction");
    redis.cli("CONFIG", "SET", "maxmemory", "1");
    try {
      for (const res of [await new ScriptedBrowser().signIn(con.c.tokens.viewer), await b.activity()]) {
        expect(res.status).toBe(503);
        expect((await res.json()).message).toMatch(/^session store unreachable: redis:\/\/127\.0\.0\.1:\d+ \(OOM\)$/);
      }
    } finally {
      redis.cli("CONFIG", "SET", "maxmemory", "0");
    }
    expect((await b.session()).status).toBe(200);
  });

  it("stopped: every request that needs it answers 503 'session store unreachable', none 500", async () => {
    const b = new ScriptedBrowser();
    expect((await b.signIn(con.c.tokens.viewer)).status).toBe(200);
    b.csrf = (await (await b.session()).json()).csrf;
    await redis.stop();
    try {
      for (const [what, res] of await everyRequest(b)) {
        expect(res.status, what).toBe(503);
        expect((await res.json()).message, what).toMatch(unreachable());
      }
    } finally {
      await redis.start();
    }
  });
});
