/**
 * Raw HTTP(S) to a test cluster with a bearer token, for the cases where exact bytes matter
 * (bad bodies, discovery documents, watch streams). https is pinned to the cluster's CA.
 */
import http from "node:http";
import https from "node:https";
import type { TestCluster, TestUser } from "../../support/clusters";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RawRequest {
  method?: string;
  path: string;
  user?: TestUser | null; // null: no Authorization header
  token?: string; // overrides user
  headers?: Record<string, string>;
  body?: string | Buffer;
}

function requestOptions(c: TestCluster, r: RawRequest): https.RequestOptions {
  const headers: Record<string, string> = { Accept: "application/json", ...r.headers };
  const token = r.token ?? (r.user === null ? undefined : c.tokens[r.user ?? "admin"]);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (r.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(r.body));
  const opts: https.RequestOptions = { method: r.method ?? "GET", headers };
  if (c.caData) opts.ca = Buffer.from(c.caData, "base64");
  return opts;
}

function send(c: TestCluster, r: RawRequest): http.ClientRequest {
  const url = new URL(r.path, c.server);
  return (url.protocol === "https:" ? https : http).request(url, requestOptions(c, r));
}

/** One request, whole response body. */
export function raw(c: TestCluster, r: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = send(c, r);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(r.body);
  });
}

export interface WatchEvent {
  type: string;
  object: Record<string, unknown> & { metadata?: Record<string, unknown> };
}

/**
 * An open watch: events are collected as they arrive; `next(pred)` waits (polling, generous timeout)
 * for the first not-yet-consumed event matching pred. `ended` resolves when the server closes.
 */
export interface WatchStream {
  status: number;
  events: WatchEvent[];
  next(pred?: (e: WatchEvent) => boolean, timeoutMs?: number): Promise<WatchEvent>;
  ended: Promise<void>;
  close(): void;
}

export function watch(c: TestCluster, path: string, user: TestUser = "admin"): Promise<WatchStream> {
  return new Promise((resolve, reject) => {
    const req = send(c, { path, user });
    req.on("response", (res) => {
      const events: WatchEvent[] = [];
      let buf = "";
      let consumed = 0;
      const ended = new Promise<void>((done) => {
        res.on("end", done);
        res.on("close", done);
      });
      res.setEncoding("utf8");
      res.on("error", () => {}); // close() aborts the stream on purpose
      res.on("data", (d: string) => {
        buf += d;
        let i: number;
        while ((i = buf.indexOf("\n")) >= 0) {
          const line = buf.slice(0, i).trim();
          buf = buf.slice(i + 1);
          if (line) events.push(JSON.parse(line));
        }
      });
      const next = async (pred: (e: WatchEvent) => boolean = () => true, timeoutMs = 30_000) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          for (let k = consumed; k < events.length; k++) {
            if (pred(events[k])) {
              consumed = k + 1;
              return events[k];
            }
          }
          if (Date.now() > deadline)
            throw new Error(`no matching watch event; got ${JSON.stringify(events.map((e) => e.type))}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      resolve({ status: res.statusCode ?? 0, events, next, ended, close: () => req.destroy() });
    });
    req.on("error", (e) => reject(e));
    req.end();
  });
}
