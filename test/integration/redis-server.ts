/**
 * A real redis-server (Debian's, installed by test/setup/system-deps.sh) on a free loopback port, in a
 * temp dir, with no persistence: stop() and start() again on the same port simulate an outage.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { armWatchdog, freePort, startChild, stopChild, waitUntil, type Child } from "../support/proc";

export interface TestRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** redis-cli against it (security tests scan every key) */
  cli(...args: string[]): string;
  close(): Promise<void>;
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, "127.0.0.1", () => s.write("PING\r\n"));
    s.once("data", (d) => {
      s.destroy();
      resolve(d.toString().startsWith("+PONG"));
    });
    s.once("error", () => resolve(false));
  });
}

export async function startRedis(): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kc-redis-"));
  const port = await freePort();
  let child: Child | undefined;
  let disarm = () => {};
  const start = async () => {
    child = startChild(
      "redis-server",
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
      path.join(dir, "redis.log"),
    );
    disarm = armWatchdog([child.proc.pid!], [dir]);
    await waitUntil(`redis-server on ${port}`, () => ping(port), child, 20_000);
  };
  const stop = async () => {
    if (child) await stopChild(child, 5000);
    disarm();
    child = undefined;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    cli: (...args) => execFileSync("redis-cli", ["-p", String(port), "--raw", ...args], { encoding: "utf8" }),
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
