import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { readSse, ScriptedBrowser } from "./browser";
import { STAMP, useConsole } from "./harness";

// Token mode on a Redis session store: what a person who can read Redis (a backup, a shared instance,
// MONITOR) learns. Never a bearer token or a cookie id: ids are SHA-256 digests, tokens AES-256-GCM sealed.
describe("token mode with a Redis session store: nothing replayable at rest", () => {
  let redis: TestRedis;
  const env: Record<string, string> = { KRUISE_CONSOLE_MODE: "token" };
  beforeAll(async () => {
    redis = await startRedis();
    const keyFile = path.join(mkdtempSync(path.join(os.tmpdir(), "kc-key-")), "session.key");
    writeFileSync(keyFile, randomBytes(32).toString("base64") + "\n", { mode: 0o600 });
    Object.assign(env, { KRUISE_CONSOLE_SESSION_STORE: redis.url, KRUISE_CONSOLE_SESSION_KEY_FILE: keyFile });
  });
  const con = useConsole("sandbox", env);
  afterAll(async () => {
    await redis?.close();
  });

  /** Every key with every value in it, whatever its type. */
  const dump = () => {
    const keys = redis.cli("--scan").split("\n").filter(Boolean);
    return keys.map((k) => {
      const type = redis.cli("TYPE", k).trim();
      const read: Record<string, string[]> = {
        string: ["GET", k],
        hash: ["HGETALL", k],
        set: ["SMEMBERS", k],
        zset: ["ZRANGE", k, "0", "-1", "WITHSCORES"],
      };
      return `${type} ${k}\n${read[type] ? redis.cli(...read[type]) : ""}`;
    });
  };

  it("after sign-in, a failed guess and an open stream, no key or value in Redis and no command sent to it holds the token or the cookie", async () => {
    const monitor = spawn("redis-cli", ["-p", String(redis.port), "monitor"]);
    let sent = "";
    monitor.stdout.on("data", (c: Buffer) => (sent += c.toString()));
    await new Promise((r) => setTimeout(r, 300)); // MONITOR is attached
    const token = con.c.tokens.deployer;
    const b = new ScriptedBrowser();
    expect((await b.signIn(token)).status).toBe(200);
    const guesser = new ScriptedBrowser({ "x-kruise-console-stamp": STAMP, "x-kruise-console-peer": "192.0.2.44" });
    expect((await guesser.signIn(`${token}x`)).status).toBe(401);
    const stream = await b.stream("admin", "r=clonesets");
    expect(stream.status).toBe(200);
    await readSse(stream, (t) => t.includes("snapshot"), 10_000);
    await new Promise((r) => setTimeout(r, 300));
    monitor.kill();

    const cookieId = b.cookie!.split("=")[1];
    const everything = dump().join("\n");
    expect(everything).toContain(createHash("sha256").update(cookieId).digest("base64url")); // the entry is there…
    expect(everything).toMatch(/v1\.[\w-]{8}\.[\w-]+\.[\w-]+/); // …with its token sealed
    for (const secret of [token, `${token}x`, cookieId]) {
      expect(everything).not.toContain(secret);
      expect(sent).not.toContain(secret);
    }
    expect(sent).toMatch(/"EVAL"/); // MONITOR did see the store's traffic
    expect(con.logs.join("\n")).not.toContain(token);
  });
});
