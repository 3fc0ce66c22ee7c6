/**
 * A real redis-server (Debian's, installed by test/setup/system-deps.sh) on a free loopback port, in a
 * temp dir, with no persistence: stop() and start() again on the same port simulate an outage. With `tls`,
 * it serves TLS only (rediss://, the plain port off), as deploy/components/redis does; with `password`, it
 * requires it (requirepass).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { armWatchdog, freePort, startChild, stopChild, waitUntil, type Child } from "../support/proc";

export interface TestRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** freezes the server (SIGSTOP): connections stay open and nothing is answered, as a hung Redis does */
  freeze(): void;
  /** lets a frozen server go on (SIGCONT) */
  thaw(): void;
  /** redis-cli against it (security tests scan and edit keys) */
  cli(...args: string[]): string;
  close(): Promise<void>;
}

export interface RedisOptions {
  /** PEM files: the server's certificate and key, and the CA clients check it against */
  tls?: { cert: string; key: string; ca: string };
  password?: string;
  /** a fixed port (the e2e harness chooses its ports up front); default a free one */
  port?: number;
}

/** PING until PONG (over TLS when asked; an unauthenticated PING answers NOAUTH, which also means "up"). */
function ping(port: number, o: RedisOptions): Promise<boolean> {
  return new Promise((resolve) => {
    const onData = (d: Buffer) => {
      s.destroy();
      resolve(/^(\+PONG|-NOAUTH)/.test(d.toString()));
    };
    const s: net.Socket = o.tls
      ? tls.connect({ port, host: "127.0.0.1", ca: readFileSync(o.tls.ca), servername: "localhost" }, () =>
          s.write("PING\r\n"),
        )
      : net.connect(port, "127.0.0.1", () => s.write("PING\r\n"));
    s.once("data", onData);
    s.once("error", () => resolve(false));
  });
}

export async function startRedis(o: RedisOptions = {}): Promise<TestRedis> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kc-redis-"));
  const port = o.port ?? (await freePort());
  let child: Child | undefined;
  let disarm = () => {};
  const listen = o.tls
    ? [
        ...["--port", "0", "--tls-port", String(port), "--tls-auth-clients", "no"],
        ...["--tls-cert-file", o.tls.cert, "--tls-key-file", o.tls.key, "--tls-ca-cert-file", o.tls.ca],
      ]
    : ["--port", String(port)];
  const start = async () => {
    child = startChild(
      "redis-server",
      "redis-server",
      [
        ...listen,
        ...["--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
        ...(o.password ? ["--requirepass", o.password] : []),
      ],
      path.join(dir, "redis.log"),
    );
    disarm = armWatchdog([child.proc.pid!], [dir]);
    await waitUntil(`redis-server on ${port}`, () => ping(port, o), child, 20_000);
  };
  const stop = async () => {
    if (child) await stopChild(child, 5000);
    disarm();
    child = undefined;
  };
  await start();
  const cliArgs = [
    ...["-h", "127.0.0.1", "-p", String(port), "--raw"],
    ...(o.tls ? ["--tls", "--cacert", o.tls.ca, "--sni", "localhost"] : []),
    ...(o.password ? ["--no-auth-warning", "-a", o.password] : []),
  ];
  return {
    url: `${o.tls ? "rediss" : "redis"}://127.0.0.1:${port}`,
    port,
    start,
    stop,
    freeze: () => void child?.proc.kill("SIGSTOP"),
    thaw: () => void child?.proc.kill("SIGCONT"),
    cli: (...args) => execFileSync("redis-cli", [...cliArgs, ...args], { encoding: "utf8" }),
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
