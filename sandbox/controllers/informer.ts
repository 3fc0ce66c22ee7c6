// A small shared-informer: LIST, then WATCH from the list's resourceVersion; a 410 Expired (or a
// broken stream) triggers a re-LIST after a backoff, diffed against the cache so handlers see
// ADDED/MODIFIED/DELETED just once. All I/O goes through client-node (Watch + the list function).
import { Watch, type KubeConfig } from "@kubernetes/client-node";
import type { Clock } from "./clock";

export interface Meta {
  metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
}
export type EventType = "ADDED" | "MODIFIED" | "DELETED";
export type Handler<T> = (type: EventType, obj: T, old?: T) => void;

export interface InformerOptions<T> {
  kc: KubeConfig;
  /** Watch path, e.g. /api/v1/pods or /apis/apps.kruise.io/v1alpha1/clonesets */
  path: string;
  list: () => Promise<{ items: T[]; metadata?: { resourceVersion?: string } }>;
  clock: Clock;
  log?: (msg: string) => void;
}

export function keyOf(o: Meta): string {
  return `${o.metadata?.namespace ?? ""}/${o.metadata?.name ?? ""}`;
}

export class Informer<T extends Meta> {
  private cache = new Map<string, T>();
  private handlers: Handler<T>[] = [];
  private rv = "";
  private abort?: AbortController;
  private stopped = false;
  private backoffMs = 250;
  private timer: unknown;
  private started?: Promise<void>;

  constructor(private o: InformerOptions<T>) {}

  on(h: Handler<T>): void {
    this.handlers.push(h);
  }

  get(key: string): T | undefined {
    return this.cache.get(key);
  }

  items(): T[] {
    return [...this.cache.values()];
  }

  /** Resolves after the first successful LIST; an informer shared by several controllers starts once. */
  start(): Promise<void> {
    this.started ??= this.relist().then(
      () => void this.watch(),
      (e: unknown) => {
        this.started = undefined; // a failed first LIST may be tried again
        throw e;
      },
    );
    return this.started;
  }

  stop(): void {
    this.stopped = true;
    this.abort?.abort();
    if (this.timer !== undefined) this.o.clock.clearTimeout(this.timer);
  }

  private emit(type: EventType, obj: T, old?: T): void {
    for (const h of this.handlers) {
      try {
        h(type, obj, old);
      } catch (e) {
        this.o.log?.(`informer handler failed: ${String(e)}`);
      }
    }
  }

  private async relist(): Promise<void> {
    const res = await this.o.list();
    const seen = new Set<string>();
    for (const item of res.items) {
      const k = keyOf(item);
      seen.add(k);
      const old = this.cache.get(k);
      this.cache.set(k, item);
      if (!old) this.emit("ADDED", item);
      else if (old.metadata?.resourceVersion !== item.metadata?.resourceVersion) this.emit("MODIFIED", item, old);
    }
    for (const [k, old] of [...this.cache]) {
      if (!seen.has(k)) {
        this.cache.delete(k);
        this.emit("DELETED", old);
      }
    }
    this.rv = res.metadata?.resourceVersion ?? "";
  }

  private retry(relist: boolean): void {
    if (this.stopped) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, 10_000);
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = undefined;
      const step = relist ? this.relist() : Promise.resolve();
      step.then(
        () => this.watch(),
        (e) => {
          this.o.log?.(`relist ${this.o.path} failed: ${String(e)}`);
          this.retry(true);
        },
      );
    }, wait);
  }

  private async watch(): Promise<void> {
    if (this.stopped) return;
    let expired = false;
    const onEvent = (type: string, obj: T & { code?: number }) => {
      if (type === "ERROR") {
        expired = obj.code === 410;
        return;
      }
      if (type === "BOOKMARK") {
        this.rv = obj.metadata?.resourceVersion ?? this.rv;
        return;
      }
      this.backoffMs = 250;
      this.rv = obj.metadata?.resourceVersion ?? this.rv;
      const k = keyOf(obj),
        old = this.cache.get(k);
      if (type === "DELETED") {
        this.cache.delete(k);
        this.emit("DELETED", obj, old);
      } else {
        this.cache.set(k, obj);
        this.emit(old ? "MODIFIED" : "ADDED", obj, old);
      }
    };
    const done = (err: unknown) => {
      if (this.stopped) return;
      if (err) this.o.log?.(`watch ${this.o.path} ended: ${String(err)}`);
      this.retry(expired || !!err);
    };
    try {
      this.abort = await new Watch(this.o.kc).watch(
        this.o.path,
        { resourceVersion: this.rv, allowWatchBookmarks: true },
        onEvent,
        done,
      );
    } catch (e) {
      done(e);
    }
  }
}
