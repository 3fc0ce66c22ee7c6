/**
 * Proxy mode through the console's real listening server (scripts/serve/server.ts: https, the client
 * certificate check, the stamping), with the route functions the app/api files call behind it instead of
 * Next's router, so no build is needed. Requests are real TLS connections from this process, with or
 * without a client certificate, each on a fresh connection (a full handshake every time).
 */
import fs from "node:fs";
import https from "node:https";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { getClusterList, getSession } from "@/lib/server/auth";
import { getAccess, postWrite } from "@/lib/server/write";
import { bindRefusal, consoleEnv, parseServeArgs } from "../../scripts/serve/options";
import { createConsoleServer, tlsServerOptions } from "../../scripts/serve/server";
import type { Issued } from "../support/certs";
import type { ProxyPki } from "../support/proxy-pki";
import { STAMP } from "./harness";
import { readConsoleConfig } from "@/lib/server/auth/config";
import { buildRuntime, runtime, type Runtime } from "@/lib/server/runtime";

type Route = (rt: Runtime, req: Request, m: RegExpMatchArray) => Promise<Response> | Response;
const ROUTES: [string, RegExp, Route][] = [
  ["GET", /^\/api\/clusters$/, (rt, r) => getClusterList(rt, r)],
  ["GET", /^\/api\/auth\/session$/, (rt, r) => getSession(rt, r)],
  [
    "GET",
    /^\/api\/c\/([^/]+)\/ns\/([^/]+)\/([^/]+)\/([^/]+)\/access$/,
    (rt, r, m) => getAccess(rt, r, m[1], m[2], m[3], m[4]),
  ],
  [
    "POST",
    /^\/api\/c\/([^/]+)\/ns\/([^/]+)\/clonesets\/([^/]+)\/update$/,
    (rt, r, m) => postWrite(rt, r, m[1], m[2], "clonesets", m[3], "update"),
  ],
];

async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers))
    for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = chunks.length ? Buffer.concat(chunks) : undefined;
  return new Request(`${origin}${req.url}`, { method: req.method, headers, body });
}

async function send(res: ServerResponse, r: Response): Promise<void> {
  res.writeHead(r.status, Object.fromEntries(r.headers));
  res.end(Buffer.from(await r.arrayBuffer()));
}

export interface Answer {
  status: number;
  body: { message?: string; csrf?: string; [k: string]: unknown };
}

export interface CallOptions {
  /** the client certificate to present (none: the connection has no certificate) */
  cert?: Issued;
  /** a list is sent as that many headers of the name (how a proxy sends several groups) */
  headers?: Record<string, string | string[]>;
  /** a JSON body makes it a POST with the Origin and Content-Type a page would send */
  body?: unknown;
}

export interface ConsoleServer {
  url: string;
  call(path: string, o?: CallOptions): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * Starts the console's server with these serve flags (after `--host 127.0.0.1 --port 0`), the app's
 * environment set from them as scripts/serve.ts does. Throws the start refusal if there is one.
 */
export async function startConsoleServer(pki: ProxyPki, flags: string[]): Promise<ConsoleServer> {
  const o = parseServeArgs(["--host", "127.0.0.1", "--port", "0", ...flags]);
  const refusal = bindRefusal(o);
  if (refusal) throw new Error(refusal);
  const tls = tlsServerOptions(o);
  Object.assign(process.env, consoleEnv(o));
  // This server's console: its configuration read from the environment just set, as scripts/serve.ts hands it to the
  // app; the file's hub and audit log (the harness reads the audit lines) are shared.
  const rt = buildRuntime(readConsoleConfig(process.env), { hub: runtime().hub, audit: runtime().audit });
  let origin = "";
  const server: Server = createConsoleServer(o, { secret: STAMP, hashes: [], tls }, async (req, res) => {
    const request = await toRequest(req, origin);
    const path = new URL(request.url).pathname;
    for (const [method, re, route] of ROUTES) {
      const m = path.match(re);
      if (m && method === req.method) return send(res, await route(rt, request, m));
    }
    await send(res, Response.json({ message: "no such route in this test server" }, { status: 404 }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ca = fs.readFileSync(pki.serverCa.cert);
  const call = (p: string, c: CallOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const payload = c.body === undefined ? undefined : JSON.stringify(c.body);
      const headers: Record<string, string | string[]> = {
        ...(payload ? { origin, "content-type": "application/json" } : {}),
        ...c.headers,
      };
      const req = https.request(
        `${origin}${p}`,
        {
          method: payload ? "POST" : "GET",
          headers,
          ca,
          agent: false,
          ...(c.cert ? { cert: fs.readFileSync(c.cert.cert), key: fs.readFileSync(c.cert.key) } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (d: Buffer) => chunks.push(d));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let body: Answer["body"] = {};
            try {
              body = JSON.parse(text) as Answer["body"];
            } catch {
              body = { message: text };
            }
            resolve({ status: res.statusCode ?? 0, body });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  return {
    url: origin,
    call,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
