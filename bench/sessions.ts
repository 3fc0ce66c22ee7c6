// Benchmark (not a test): what a session check costs with each session store. A session check is what
// every token-mode request does first (lib/server/auth/token-caller.ts: the browser's entry for the cluster,
// marked as used); an open stream's re-check asks isLive. Memory is one Map lookup; Redis is one round trip
// to a local redis-server (Debian's, started here on a free loopback port) plus the AES-GCM unseal.
// Prints p50/p95 side by side. Run: npx tsx --conditions=react-server bench/sessions.ts [--checks 5000] [--concurrency 16]
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { MemorySessionStore } from "../lib/server/auth/memory-sessions";
import { RedisConnection } from "../lib/server/auth/redis/connection";
import { RedisSessionStore } from "../lib/server/auth/redis/redis-sessions";
import { TokenCipher } from "../lib/server/auth/redis/token-crypto";
import type { SessionStore } from "../lib/server/auth/sessions";
import { pct, sleep } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const CHECKS = arg("checks", 5000),
  CONCURRENCY = arg("concurrency", 16),
  SESSIONS = 200;
const LIMITS = { ttlMs: 3600_000, idleMs: 3600_000, maxPerUser: 5 };
const TOKEN = `eyJ${randomBytes(600).toString("base64url")}`; // about the size of a ServiceAccount JWT

async function freePort(): Promise<number> {
  const s = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => s.once("listening", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-redis-"));
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--dir", dir], {
    stdio: "ignore",
  });
  process.once("exit", () => child.kill());
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill() };
}

interface Figures {
  p50: number;
  p95: number;
  perSec: number;
}

/** `CHECKS` session checks, `concurrency` in flight at once; latency of each. */
async function measure(store: SessionStore, ids: string[], concurrency: number, live: boolean): Promise<Figures> {
  const lat: number[] = [];
  let next = 0;
  const sessions = live ? await Promise.all(ids.map((id) => store.get(id, "dev", LIMITS.idleMs))) : [];
  const started = performance.now();
  const worker = async () => {
    for (let i = next++; i < CHECKS; i = next++) {
      const t = performance.now();
      const ok = live
        ? await store.isLive(sessions[i % ids.length]!, LIMITS.idleMs)
        : await store.get(ids[i % ids.length], "dev", LIMITS.idleMs, { use: true });
      lat.push(performance.now() - t);
      if (!ok) throw new Error("a session check failed: the benchmark measures a broken store");
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const total = performance.now() - started;
  return { p50: pct(lat, 0.5), p95: pct(lat, 0.95), perSec: (CHECKS / total) * 1000 };
}

async function main() {
  const redis = await startRedis();
  const conn = new RedisConnection({ url: redis.url });
  for (let i = 0; !conn.ready; i++) {
    if (i > 100) throw new Error("redis-server did not start (is it installed? test/setup/system-deps.sh)");
    await sleep(100);
  }
  const stores: [string, SessionStore][] = [
    ["memory", new MemorySessionStore()],
    ["redis", new RedisSessionStore(conn, new TokenCipher([randomBytes(32)]))],
  ];
  const figures = new Map<string, Record<string, Figures>>();
  for (const [name, store] of stores) {
    const ids: string[] = [];
    for (let i = 0; i < SESSIONS; i++)
      ids.push((await store.signIn(undefined, "dev", { name: `user-${i}`, groups: ["dev"] }, TOKEN, LIMITS)).id);
    await measure(store, ids, CONCURRENCY, false); // warm-up (JIT, connection)
    for (const [what, conc, live] of [
      ["get+use, 1 at a time", 1, false],
      [`get+use, ${CONCURRENCY} in flight`, CONCURRENCY, false],
      ["isLive (stream re-check)", 1, true],
    ] as const) {
      const row = figures.get(what) ?? {};
      row[name] = await measure(store, ids, conc, live);
      figures.set(what, row);
    }
  }
  console.log(`session checks: ${CHECKS} per row over ${SESSIONS} sessions, redis-server on loopback\n`);
  const head = ["check", "memory p50", "p95", "redis p50", "p95", "memory/s", "redis/s"];
  const rows = [...figures].map(([what, f]) => [
    what,
    `${f.memory.p50.toFixed(3)} ms`,
    `${f.memory.p95.toFixed(3)} ms`,
    `${f.redis.p50.toFixed(3)} ms`,
    `${f.redis.p95.toFixed(3)} ms`,
    Math.round(f.memory.perSec).toString(),
    Math.round(f.redis.perSec).toString(),
  ]);
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ");
  for (const r of [head, ...rows]) console.log(line(r));
  await conn.quit();
  redis.stop();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
