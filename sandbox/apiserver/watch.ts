import type { ServerResponse } from "node:http";
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
}

export interface WatchOptions {
  bookmarkIntervalMs: number;
  defaultTimeoutSeconds: number;
}

/** One event line, serialized once per served version and shared by all plain-JSON watchers. */
class Line {
  private cache = new Map<string, string>();
  constructor(
    private type: string,
    private obj: Obj,
  ) {}
  get(rt: ResourceType): string {
    const v = apiVersionOf(rt);
    let s = this.cache.get(v);
    if (s === undefined) {
      s = `{"type":"${this.type}","object":${encodeServed(this.obj, v, rt.kind)}}\n`;
      this.cache.set(v, s);
    }
    return s;
  }
}

/**
 * WATCH: newline-delimited JSON events filtered by namespace and selectors, with the watch cache's
 * selector-transition rules (`pkg/storage/cacher/cache_watcher.go` convertToWatchEvent: an object that
 * stops matching is sent as DELETED with its previous content and the new resourceVersion).
 */
export class WatchHub {
  private watchers = new Set<Watcher>();
  private unsubscribe: () => void;
  /** watchers with events written since the last flush */
  private corked = new Set<Watcher>();

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
    const w: Watcher = { rt, gr, ns: rt.namespaced ? ns : undefined, match, res, encode, close: () => {} };
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
      if (this.watchers.delete(w) && !w.res.writableEnded) w.res.end();
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
    w.res.write(`{"type":"BOOKMARK","object":${JSON.stringify(obj)}}\n`);
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
    if (!this.corked.has(w)) {
      // Events committed in the same tick leave in one chunk per watcher instead of one write each, all
      // watchers flushed by one callback (not one per watcher: 100 watches made 100 callbacks per event).
      if (!this.corked.size) setImmediate(() => this.flush());
      this.corked.add(w);
      w.res.cork();
    }
    if (w.encode) w.res.write(`${JSON.stringify({ type, object: w.encode(type, obj) })}\n`);
    else w.res.write((line ?? new Line(type, obj)).get(w.rt));
  }

  private flush() {
    const ws = [...this.corked];
    this.corked.clear();
    for (const w of ws) w.res.uncork();
  }

  private dispatch(e: StoreEvent) {
    let shared: Map<string, Line> | undefined;
    for (const w of this.watchers) {
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
