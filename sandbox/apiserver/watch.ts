import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Cluster } from "./cluster";
import { selectorFor } from "./list";
import { ApiError, errors } from "./status";
import { encodeServed } from "./encoded";
import type { StoreEvent } from "./store";
import { apiVersionOf, grKey, type Obj, type ResourceType } from "./types";

export type Encoder = (type: string, obj: Obj) => Obj;

interface Watcher {
  rt: ResourceType;
  gr: string;
  ns?: string;
  match: (o: Obj) => boolean;
  res: ServerResponse;
  encode?: Encoder;
  close: () => void;
  /** lines waiting for the next flush, in order (events, and bookmarks so they never overtake an event) */
  pending: Pending[];
}

type Pending = Line | string;

export interface WatchOptions {
  bookmarkIntervalMs: number;
  defaultTimeoutSeconds: number;
}

/**
 * One event line, serialized once per served version and shared by all plain-JSON watchers. It is kept as its
 * parts (the object's encoding is the one the write's response sent), joined only into the chunk a flush writes.
 */
class Line {
  private cache = new Map<string, Buffer[]>();
  constructor(
    private type: string,
    private obj: Obj,
  ) {}
  parts(rt: ResourceType): Buffer[] {
    const v = apiVersionOf(rt);
    let b = this.cache.get(v);
    if (b === undefined) {
      b = [lineHead(this.type), encodeServed(this.obj, v, rt.kind), LINE_END];
      this.cache.set(v, b);
    }
    return b;
  }
}

const LINE_END = Buffer.from("}\n");
const heads = new Map<string, Buffer>();
/** `{"type":"<type>","object":` (one per event type) */
function lineHead(type: string): Buffer {
  let b = heads.get(type);
  if (!b) heads.set(type, (b = Buffer.from(`{"type":${JSON.stringify(type)},"object":`)));
  return b;
}

/** The bytes of a batch of lines, in one buffer; with `chunked`, framed as one HTTP/1.1 chunk. */
function batchBytes(lines: Pending[], rt: ResourceType, chunked: boolean): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const p of lines) {
    for (const b of typeof p === "string" ? [Buffer.from(p)] : p.parts(rt)) {
      parts.push(b);
      size += b.length;
    }
  }
  if (!chunked) return Buffer.concat(parts, size);
  const head = Buffer.from(`${size.toString(16)}\r\n`);
  return Buffer.concat([head, ...parts, CRLF], head.length + size + CRLF.length);
}
const CRLF = Buffer.from("\r\n");

/**
 * The socket of a chunked response whose head has been written and that has nothing queued, so a chunk framed once
 * for every watcher can go straight to it (the response would frame the same bytes itself, in four socket writes
 * per watcher). Anything else (a response waiting behind another on its connection, HTTP/1.0) goes through it.
 */
function directSocket(res: ServerResponse): Socket | undefined {
  const r = res as ServerResponse & { chunkedEncoding?: boolean; outputData?: unknown[] };
  if (!r.headersSent || !r.chunkedEncoding || r.outputData?.length || !res.socket?.writable) return undefined;
  return res.socket;
}

/** The same lines, in the same order, served at the same version: the same bytes. */
function sameBatch(a: Pending[], ra: ResourceType, b: Pending[] | undefined, rb: ResourceType | undefined): boolean {
  if (!b || !rb || a.length !== b.length || apiVersionOf(ra) !== apiVersionOf(rb) || ra.kind !== rb.kind) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] || typeof a[i] === "string") return false;
  return true;
}

/**
 * WATCH: newline-delimited JSON events filtered by namespace and selectors, with the watch cache's
 * selector-transition rules (`pkg/storage/cacher/cache_watcher.go` convertToWatchEvent: an object that
 * stops matching is sent as DELETED with its previous content and the new resourceVersion).
 */
export class WatchHub {
  private watchers = new Set<Watcher>();
  /** the watchers of each resource, so an event visits only the watchers of its resource */
  private byResource = new Map<string, Set<Watcher>>();
  private unsubscribe: () => void;
  /** watchers with pending lines, flushed together once the current batch of I/O has been handled */
  private queued: Watcher[] = [];

  constructor(
    private c: Cluster,
    private opts: WatchOptions,
  ) {
    this.unsubscribe = c.store.subscribe((e) => this.dispatch(e));
  }

  count(): number {
    return this.watchers.size;
  }

  /** Validates the request (errors thrown here become normal error responses), then streams. */
  open(rt: ResourceType, ns: string | undefined, q: URLSearchParams, res: ServerResponse, encode?: Encoder): void {
    const match = selectorFor(rt, q);
    const rvParam = q.get("resourceVersion") ?? "";
    if (rvParam && !/^\d+$/.test(rvParam)) throw errors.badRequest(`invalid resource version: ${rvParam}`);
    const gr = grKey(rt);
    const w: Watcher = { rt, gr, ns: rt.namespaced ? ns : undefined, match, res, encode, close: () => {}, pending: [] };
    res.writeHead(200, {
      "Content-Type": "application/json",
      "Cache-Control": "no-cache, private",
      "Transfer-Encoding": "chunked",
    });
    res.flushHeaders(); // clients wait for the response head before the first event
    let initial: { type: string; obj: Obj }[];
    try {
      initial =
        rvParam === "" || rvParam === "0"
          ? this.c.store
              .list(gr, w.ns)
              .filter(match)
              .map((obj) => ({ type: "ADDED", obj }))
          : this.c.store.eventsSince(gr, Number(rvParam)).flatMap((e) => this.convert(w, e));
    } catch (e) {
      // A too-old resourceVersion is still HTTP 200: one ERROR event, then the stream ends.
      if (e instanceof ApiError) {
        res.end(`{"type":"ERROR","object":${JSON.stringify(e.status)}}\n`);
        return;
      }
      throw e;
    }
    for (const ev of initial) this.send(w, ev.type, ev.obj);
    this.watchers.add(w);
    let peers = this.byResource.get(gr);
    if (!peers) this.byResource.set(gr, (peers = new Set()));
    peers.add(w);
    this.arm(w, q);
  }

  private arm(w: Watcher, q: URLSearchParams) {
    const timeout = Number(q.get("timeoutSeconds") ?? this.opts.defaultTimeoutSeconds);
    const bookmarks = q.get("allowWatchBookmarks") === "true";
    const timer = setTimeout(
      () => {
        if (bookmarks) this.bookmark(w);
        w.close();
      },
      Math.max(0, timeout) * 1000,
    );
    const tick = bookmarks ? setInterval(() => this.bookmark(w), this.opts.bookmarkIntervalMs) : undefined;
    w.close = () => {
      clearTimeout(timer);
      if (tick) clearInterval(tick);
      this.byResource.get(w.gr)?.delete(w);
      if (this.watchers.delete(w) && !w.res.writableEnded) {
        // What was committed before the close still goes out, ahead of the end of the stream.
        if (w.pending.length) w.res.write(batchBytes(w.pending, w.rt, false));
        w.res.end();
      }
      w.pending = [];
    };
    w.res.on("close", w.close);
  }

  /** BOOKMARK: only kind, apiVersion and metadata.resourceVersion (the newest RV; nothing older is pending). */
  private bookmark(w: Watcher) {
    const obj = {
      kind: w.rt.kind,
      apiVersion: apiVersionOf(w.rt),
      metadata: { resourceVersion: String(this.c.store.currentRV()) },
    };
    this.enqueue(w, `{"type":"BOOKMARK","object":${JSON.stringify(obj)}}\n`);
  }

  private convert(w: Watcher, e: StoreEvent): { type: string; obj: Obj }[] {
    if (e.gr !== w.gr) return [];
    if (w.ns !== undefined && e.obj.metadata?.namespace !== w.ns) return [];
    const now = e.type !== "DELETED" && w.match(e.obj);
    const before = !!e.old && w.match(e.old);
    if (e.type === "DELETED") return before ? [{ type: "DELETED", obj: e.obj }] : [];
    if (now && before) return [{ type: "MODIFIED", obj: e.obj }];
    if (now) return [{ type: "ADDED", obj: e.obj }];
    if (before)
      return [{ type: "DELETED", obj: { ...e.old!, metadata: { ...e.old!.metadata, resourceVersion: String(e.rv) } } }];
    return [];
  }

  private send(w: Watcher, type: string, obj: Obj, line?: Line) {
    if (w.res.writableEnded) return;
    this.enqueue(
      w,
      w.encode ? `${JSON.stringify({ type, object: w.encode(type, obj) })}\n` : (line ?? new Line(type, obj)),
    );
  }

  /**
   * Lines committed in the same turn of the event loop leave in one chunk per watcher, all watchers flushed by one
   * callback (as kube-apiserver's watch handler flushes when its queue is empty). Watchers that get the same lines
   * get the same bytes: one buffer per batch, written to each response.
   */
  private enqueue(w: Watcher, p: Pending) {
    if (!w.pending.length) {
      if (!this.queued.length) setImmediate(() => this.flush());
      this.queued.push(w);
    }
    w.pending.push(p);
  }

  private flush() {
    const ws = this.queued;
    this.queued = [];
    let last: Pending[] | undefined, lastRt: ResourceType | undefined;
    let framed: Buffer | undefined, plain: Buffer | undefined;
    for (const w of ws) {
      const lines = w.pending;
      w.pending = [];
      if (!lines.length || w.res.writableEnded) continue;
      if (!sameBatch(lines, w.rt, last, lastRt)) {
        last = lines;
        lastRt = w.rt;
        framed = plain = undefined;
      }
      const socket = directSocket(w.res);
      if (socket) socket.write((framed ??= batchBytes(lines, w.rt, true)));
      else w.res.write((plain ??= batchBytes(lines, w.rt, false)));
    }
  }

  private dispatch(e: StoreEvent) {
    const peers = this.byResource.get(e.gr);
    if (!peers) return;
    let shared: Map<string, Line> | undefined;
    for (const w of peers) {
      for (const ev of this.convert(w, e)) {
        shared ??= new Map();
        const key = ev.type + (ev.obj === e.obj ? "" : "#prev");
        let line = shared.get(key);
        if (!line) {
          line = new Line(ev.type, ev.obj);
          shared.set(key, line);
        }
        this.send(w, ev.type, ev.obj, line);
      }
    }
  }

  /** Closes every open watch (fault injection / shutdown); returns how many were closed. */
  dropAll(): number {
    const n = this.watchers.size;
    for (const w of [...this.watchers]) w.close();
    return n;
  }

  stop() {
    this.dropAll();
    this.unsubscribe();
  }
}
