/**
 * A counting HTTP reverse proxy for hub tests: sits between client-node and a plain-http test
 * cluster, counts LIST and WATCH requests per path (to prove N subscribers make one upstream watch),
 * can cut every open watch connection, and can refuse new connections (a network outage).
 */
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";

export interface ProxiedRequest {
  method: string;
  path: string;
  watch: boolean;
  /** the resourceVersion query parameter, or null when unset (a quorum read) */
  resourceVersion: string | null;
  /** each Impersonate-Group header as sent, one entry per header */
  impersonateGroups: string[];
}

export interface CountingProxy {
  url: string;
  requests: ProxiedRequest[];
  watches(pathPart: string): number;
  lists(pathPart: string): number;
  openWatches(pathPart?: string): number;
  /** destroys every open watch connection (client side sees a dropped stream) */
  dropWatches(): void;
  /** while blocked, new requests get their socket destroyed */
  setBlocked(b: boolean): void;
  close(): Promise<void>;
}

/** `caData` (base64 PEM) lets the proxy speak TLS to an https cluster while serving plain http itself. */
export async function startCountingProxy(target: string, caData?: string): Promise<CountingProxy> {
  const up = new URL(target);
  const secure = up.protocol === "https:";
  const ca = caData ? Buffer.from(caData, "base64").toString("utf8") : undefined;
  const requests: ProxiedRequest[] = [];
  const open = new Map<Socket, string>();
  const sockets = new Set<Socket>();
  let blocked = false;
  const server = http.createServer((req, res) => {
    if (blocked) return req.socket.destroy();
    const u = new URL(req.url ?? "/", "http://x");
    const watch = u.searchParams.get("watch") === "true" || u.searchParams.get("watch") === "1";
    requests.push({
      method: req.method ?? "GET",
      path: u.pathname,
      watch,
      resourceVersion: u.searchParams.get("resourceVersion"),
      impersonateGroups: req.headersDistinct["impersonate-group"] ?? [],
    });
    const opts = {
      host: up.hostname,
      port: up.port,
      method: req.method,
      path: req.url,
      // headersDistinct keeps a repeated header (one Impersonate-Group per group) repeated, not comma-joined.
      headers: { ...req.headersDistinct, host: up.host },
    };
    const onRes = (pres: http.IncomingMessage) => {
      res.writeHead(pres.statusCode ?? 502, pres.headers);
      res.flushHeaders(); // a watch may stay silent for a long time: let the client see the 200 now
      pres.pipe(res);
    };
    const preq = secure ? https.request({ ...opts, ca }, onRes) : http.request(opts, onRes);
    preq.on("error", () => res.destroy());
    if (watch) {
      open.set(req.socket, u.pathname);
      res.on("close", () => {
        open.delete(req.socket);
        preq.destroy();
      });
    }
    req.pipe(preq);
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const count = (pathPart: string, watch: boolean) =>
    requests.filter((r) => r.watch === watch && r.method === "GET" && r.path.includes(pathPart)).length;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    watches: (p) => count(p, true),
    lists: (p) => count(p, false),
    openWatches: (p = "") => Array.from(open.values()).filter((x) => x.includes(p)).length,
    dropWatches: () => {
      for (const s of Array.from(open.keys())) s.destroy();
    },
    setBlocked: (b) => {
      blocked = b;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
