/**
 * The network of the failover spec, on loopback: a round-robin HTTP proxy in front of the console replicas
 * (what a Service does: each request to the next replica, and a replica that refuses connections is
 * skipped), and a counting HTTPS proxy in front of the sandbox's API server, so the spec knows exactly which
 * writes reached the cluster and how often.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { issueCert, makeCa } from "../support/certs";

export interface Served {
  upstream: string;
  method: string;
  path: string;
  status: number;
  at: number;
  /** the response is still streaming (a live SSE stream) */
  open: boolean;
}

const listen = async (s: http.Server) => {
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  return (s.address() as AddressInfo).port;
};

/** Round robin over `upstreams` (origins); `served` lists which one answered what. */
export async function roundRobin(upstreams: string[]) {
  const served: Served[] = [];
  let next = 0;
  const forward = (req: http.IncomingMessage, body: Buffer, res: http.ServerResponse, tries: number) => {
    const upstream = upstreams[next++ % upstreams.length];
    const out = http.request(
      `${upstream}${req.url}`,
      { method: req.method, headers: req.headers, agent: false },
      (up) => {
        const entry = {
          upstream,
          method: req.method!,
          path: req.url!,
          status: up.statusCode!,
          at: Date.now(),
          open: true,
        };
        served.push(entry);
        res.writeHead(up.statusCode!, up.headers);
        res.flushHeaders(); // as a TCP-level balancer would: the head is not held back for the first bytes
        up.pipe(res);
        up.on("close", () => {
          entry.open = false;
          // the replica cut the connection mid-response: so does the balancer, as a TCP-level one would
          if (!up.complete) res.destroy();
        });
        res.on("close", () => {
          entry.open = false;
          up.destroy();
        });
      },
    );
    out.on("error", (e: NodeJS.ErrnoException) => {
      // A replica that is gone refuses the connection: the request has not been sent, try the next one.
      if (e.code === "ECONNREFUSED" && tries < upstreams.length) return forward(req, body, res, tries + 1);
      if (!res.headersSent) res.writeHead(502).end(`no replica answered: ${e.message}`);
      else res.destroy();
    });
    out.end(body);
  };
  // The body is read whole first: a request retried on the next replica must carry it again (a piped one would
  // arrive there empty, and the replica would wait for it for ever).
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => forward(req, Buffer.concat(chunks), res, 1));
  });
  const port = await listen(server);
  const close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { url: `http://127.0.0.1:${port}`, served, close };
}

/** An HTTPS front for the API server at `target` that records every request's method and path. */
export async function countingApiServer(target: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kc-count-"));
  const cert = issueCert(makeCa(dir, "count"), dir, "serving", "127.0.0.1", "server");
  const seen: { method: string; path: string }[] = [];
  const server = https.createServer({ cert: readFileSync(cert.cert), key: readFileSync(cert.key) }, (req, res) => {
    seen.push({ method: req.method!, path: req.url! });
    const out = https.request(
      new URL(req.url!, target),
      { method: req.method, headers: req.headers, rejectUnauthorized: false, agent: false },
      (up) => {
        res.writeHead(up.statusCode!, up.headers);
        // Pass the head on at once, as the API server sends it: a watch's client treats the response head as
        // "established" (the hub's scope turns live then), and Node would hold it until the first event.
        res.flushHeaders();
        up.pipe(res);
        res.on("close", () => up.destroy());
      },
    );
    out.on("error", () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(out);
  });
  const port = await listen(server);
  return {
    url: `https://127.0.0.1:${port}`,
    /**
     * Requests that change something: not get/list/watch, and not the access and token reviews a replica asks
     * (a POST that stores nothing; a survivor whose access cache expired asks again).
     */
    writes: () =>
      seen.filter(
        (r) =>
          !["GET", "HEAD", "OPTIONS"].includes(r.method) &&
          !/^\/apis\/authentication\.k8s\.io\/|^\/apis\/authorization\.k8s\.io\//.test(r.path),
      ),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
