/**
 * The console's own HTTP(S) server: hosts the built Next app in-process, so every request passes
 * through our hygiene first (client-sent x-kruise-console-* headers dropped, the real peer stamped,
 * lib/server/auth/peer.ts) and every response carries the security headers (scripts/serve/headers.ts).
 *   tsx scripts/serve.ts [--host 127.0.0.1] [--port 3000] [--mode local|token|proxy] [--read-only] …
 * Exit 2 on a usage error or a refused bind (non-loopback without authentication). See README "Shared mode".
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { THEME_BOOT_SCRIPT } from "../components/ui/theme-script";
import { buildScriptHashes } from "./serve/hashes";
import { prepare } from "./serve/headers";
import { bindRefusal, consoleEnv, parseServeArgs, SERVE_USAGE, UsageError, type ServeOptions } from "./serve/options";

const root = path.resolve(__dirname, "..");

function options(): ServeOptions {
  try {
    const o = parseServeArgs(process.argv.slice(2), process.env);
    const refusal = bindRefusal(o);
    if (refusal) throw new UsageError(refusal);
    return o;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (e.message) console.error(`[kruise-console] ${e.message}`);
    console.error(`Usage: tsx scripts/serve.ts [flags]\n${SERVE_USAGE}`);
    process.exit(e.message ? 2 : 0);
  }
}

function urlOf(o: ServeOptions, port: number): string {
  const host = o.host.includes(":") ? `[${o.host.replace(/^\[|\]$/g, "")}]` : o.host;
  return `${o.tlsCert ? "https" : "http"}://${host}:${port}/`;
}

async function main() {
  const o = options();
  // Before Next loads: consoleConfig() reads these, and peer.ts trusts only headers carrying this stamp.
  Object.assign(process.env, consoleEnv(o), {
    NEXT_TELEMETRY_DISABLED: "1",
    KRUISE_CONSOLE_STAMP: randomBytes(32).toString("hex"),
  });
  (process.env as Record<string, string>).NODE_ENV = "production";
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: root, hostname: o.host, port: o.port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const stamp = {
    secret: process.env.KRUISE_CONSOLE_STAMP!,
    tls: Boolean(o.tlsCert),
    proxyAddresses: o.proxyAddresses,
    hashes: buildScriptHashes(root, [THEME_BOOT_SCRIPT]),
  };
  const listener: http.RequestListener = (req, res) => {
    prepare(req, res, stamp);
    handle(req, res).catch((e: unknown) => {
      console.error(`[kruise-console] ${req.method} ${req.url}: ${e instanceof Error ? e.stack : String(e)}`);
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    });
  };
  const server =
    o.tlsCert && o.tlsKey
      ? https.createServer({ cert: readFileSync(o.tlsCert), key: readFileSync(o.tlsKey) }, listener)
      : http.createServer(listener);
  server.listen(o.port, o.host.replace(/^\[|\]$/g, ""), () => {
    const addr = server.address();
    const port = typeof addr === "object" && addr ? addr.port : o.port;
    console.log(`[kruise-console] ready on ${urlOf(o, port)} mode=${o.mode}${o.readOnly ? " read-only" : ""}`);
  });
  // Live streams (SSE) never end on their own: cut every connection, then let Next finish.
  const stop = () => {
    server.close();
    server.closeAllConnections();
    // The audit log is appended asynchronously: wait for its queue before exiting.
    const flushAudit = (globalThis as { __kruiseConsoleAuditFlush?: () => Promise<void> }).__kruiseConsoleAuditFlush;
    void Promise.allSettled([app.close(), flushAudit?.()]).finally(() => process.exit(0));
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((e: unknown) => {
  console.error(`[kruise-console] ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
