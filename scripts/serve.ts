/**
 * The console's own HTTP(S) server: hosts the built Next app in-process, so every request passes
 * through our hygiene first (client-sent x-kruise-console-* headers dropped, the real peer stamped,
 * lib/server/auth/peer.ts) and every response carries the security headers (scripts/serve/headers.ts).
 *   tsx scripts/serve.ts [--host 127.0.0.1] [--port 3000] [--mode local|token|proxy] [--read-only] …
 * Exit 2 on a usage error or a refused start (non-loopback without authentication, proxy mode without a
 * client CA; scripts/serve/proxy-options.ts). See README "Shared mode".
 */
import { randomBytes } from "node:crypto";
import { accessSync, constants, mkdirSync } from "node:fs";
import type { ServerOptions } from "node:https";
import type { Server } from "node:http";
import path from "node:path";
import { THEME_BOOT_SCRIPT } from "../components/ui/theme-script";
import { processRuntime } from "../lib/server/runtime/slot";
import { buildScriptHashes } from "./serve/hashes";
import { isLoopback } from "./serve/loopback";
import {
  bindRefusal,
  consoleEnv,
  parseServeArgs,
  SERVE_USAGE,
  UsageError,
  withAuditDefault,
  type ServeOptions,
} from "./serve/options";
import { createConsoleServer, tlsServerOptions } from "./serve/server";

const root = path.resolve(__dirname, "..");

/** The options and TLS files, checked before Next loads (a refusal exits 2 at once). */
function options(): { o: ServeOptions; tls: ServerOptions | null } {
  try {
    const o = parseServeArgs(process.argv.slice(2), process.env);
    const refusal = bindRefusal(o);
    if (refusal) throw new UsageError(refusal);
    // Secret files are read when the store is first used: a wrong path is said now, not at the first request.
    for (const [flag, file] of [
      ["--session-store-password-file", o.sessionStorePasswordFile],
      ["--session-store-ca-file", o.sessionStoreCaFile],
      ["--session-key-file", o.sessionKeyFile],
    ] as const)
      if (file && !readable(file)) throw new UsageError(`${flag} ${file}: cannot read that file`);
    return { o, tls: tlsServerOptions(o) };
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) console.error(`[kruise-console] ${e.message}`);
    console.error(`Usage: tsx scripts/serve.ts [flags]\n${SERVE_USAGE}`);
    process.exit(e.message ? 2 : 0);
  }
}

// With audit lines on stdout (a container's log pipeline), stdout carries nothing else.
const say = (line: string) =>
  /^(stdout|-)$/.test(process.env.KRUISE_CONSOLE_AUDIT_LOG ?? "") ? console.error(line) : console.log(line);

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function urlOf(o: ServeOptions, port: number): string {
  const host = o.host.includes(":") ? `[${o.host.replace(/^\[|\]$/g, "")}]` : o.host;
  return `${o.tlsCert ? "https" : "http"}://${host}:${port}/`;
}

async function main() {
  const given = options();
  const { tls } = given;
  const o = withAuditDefault(given.o, root);
  if (o.auditLog && o.auditLog !== given.o.auditLog) {
    mkdirSync(path.dirname(o.auditLog), { recursive: true });
    say(
      `[kruise-console] audit lines of writes go to ${path.relative(process.cwd(), o.auditLog)} (--audit-log to choose)`,
    );
  }
  const plainHost = /^redis:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^:/]+)/.exec(o.sessionStore)?.[1];
  if (plainHost && !isLoopback(plainHost))
    console.error(
      `[kruise-console] warning: the session store redis://${plainHost} is plain text: anyone on the way reads and ` +
        "writes its traffic (the password too). Use rediss:// (TLS) with --session-store-ca-file, as deploy/components/redis does.",
    );
  // Before Next loads: the runtime reads its configuration from these once, and peer.ts trusts only headers carrying
  // this stamp.
  Object.assign(process.env, consoleEnv(o), {
    NEXT_TELEMETRY_DISABLED: "1",
    KRUISE_CONSOLE_STAMP: randomBytes(32).toString("hex"),
  });
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, hostname: o.host, port: o.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createConsoleServer(
    o,
    { secret: process.env.KRUISE_CONSOLE_STAMP!, hashes: buildScriptHashes(root, [THEME_BOOT_SCRIPT]), tls },
    handle,
  );
  server.listen(o.port, o.host.replace(/^\[|\]$/g, ""), () => {
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : o.port;
    say(`[kruise-console] ready on ${urlOf(o, port)} mode=${o.mode}${o.readOnly ? " read-only" : ""}`);
  });
  process.on("SIGTERM", () => void shutdown(server, () => app.close()));
  process.on("SIGINT", () => void shutdown(server, () => app.close()));
}

let stopping = false;

/**
 * SIGTERM: readiness fails first (lib/server/shutdown.ts), the listener stops taking connections, live
 * streams end with a reconnect hint, writes in flight finish and the audit log is flushed, all within
 * KRUISE_CONSOLE_SHUTDOWN_SECONDS (default 20, inside Kubernetes' 30 s grace period); then whatever is
 * left is cut and the process exits.
 */
async function shutdown(server: Server, closeApp: () => Promise<void>): Promise<void> {
  if (stopping) return;
  stopping = true;
  const graceMs = Number(process.env.KRUISE_CONSOLE_SHUTDOWN_SECONDS || 20) * 1000;
  // The runtime the app's first request built (lib/server/runtime/slot.ts), if any request came: drain() marks the
  // replica not ready before anything else (synchronously), then the listener closes.
  const rt = processRuntime();
  const draining = rt?.drain(graceMs);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const drained = draining ? await draining : { streams: 0, writes: 0 };
  // Let the ended streams' last bytes (the reconnect hint) leave before the sockets are cut.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  await Promise.race([closed, new Promise((r) => setTimeout(r, 2000))]);
  clearInterval(idle);
  console.error(
    `[kruise-console] shutting down: ${drained.streams} stream(s) told to reconnect elsewhere` +
      (drained.writes ? `, ${drained.writes} write(s) still running after ${graceMs / 1000} s were cut` : ""),
  );
  server.closeAllConnections();
  await Promise.allSettled([closeApp()]);
  process.exit(0);
}

main().catch((e: unknown) => {
  console.error(`[kruise-console] ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
