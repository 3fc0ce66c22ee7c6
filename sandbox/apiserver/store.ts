import { errors } from "./status";
import type { Obj } from "./types";

export type EventType = "ADDED" | "MODIFIED" | "DELETED";
/** One committed change. `old` is the previous state (for selector transitions in watches). */
export interface StoreEvent {
  type: EventType;
  rv: number;
  gr: string;
  obj: Obj;
  old?: Obj;
}

class History {
  /** Kept events are `buf[head..]`; evicting moves `head`, and the array is compacted only now and then. */
  private buf: StoreEvent[] = [];
  private head = 0;
  evicted = false;
  constructor(
    public capacity: number,
    public startRV: number,
  ) {}

  get length(): number {
    return this.buf.length - this.head;
  }

  push(e: StoreEvent) {
    this.buf.push(e);
    if (this.length > this.capacity) this.trim();
  }

  // Evicting one event per write by splicing the front of a 10,000-event array cost O(capacity) per write.
  trim() {
    const extra = this.length - this.capacity;
    if (extra > 0) {
      this.head += extra;
      this.evicted = true;
    }
    if (this.head > this.capacity) {
      this.buf = this.buf.slice(this.head);
      this.head = 0;
    }
  }

  /** The kept events after `rv` (they are in rv order, so the search starts from the end). */
  since(rv: number): StoreEvent[] {
    let i = this.buf.length;
    while (i > this.head && this.buf[i - 1].rv > rv) i--;
    return this.buf.slice(i);
  }

  /** The oldest RV a watch can resume from minus one, as kube's watch cache computes it. */
  oldestMinusOne(): number {
    if (!this.evicted || this.length === 0) return this.startRV;
    return this.buf[this.head].rv - 1;
  }
}

const key = (ns: string | undefined, name: string) => `${ns ?? ""}/${name}`;

/**
 * In-memory object store with one global resourceVersion counter and a bounded per-resource event
 * history for watch resumption (apiserver `pkg/storage/cacher/watch_cache.go`: a too-old RV is 410).
 * Stored objects are never mutated after commit; readers must copy before changing them.
 */
export class Store {
  private rv = 0;
  private tables = new Map<string, Map<string, Obj>>();
  private histories = new Map<string, History>();
  private listeners = new Set<(e: StoreEvent) => void>();
  private resetRV = 0;

  constructor(private capacity = 10000) {}

  currentRV(): number {
    return this.rv;
  }

  get(gr: string, ns: string | undefined, name: string): Obj | undefined {
    return this.tables.get(gr)?.get(key(ns, name));
  }

  /** All objects of a resource (optionally one namespace), sorted by namespace/name like etcd keys. */
  list(gr: string, ns?: string): Obj[] {
    const t = this.tables.get(gr);
    if (!t) return [];
    const out: [string, Obj][] = [];
    for (const [k, o] of t) if (ns === undefined || o.metadata?.namespace === ns) out.push([k, o]);
    out.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    return out.map((e) => e[1]);
  }

  count(gr: string): number {
    return this.tables.get(gr)?.size ?? 0;
  }

  /** Stores a new or changed object, assigning the next resourceVersion. Returns the stored object. */
  put(gr: string, obj: Obj): Obj {
    const rv = ++this.rv;
    obj.metadata.resourceVersion = String(rv);
    const t = this.tables.get(gr) ?? new Map<string, Obj>();
    this.tables.set(gr, t);
    const k = key(obj.metadata.namespace, obj.metadata.name);
    const old = t.get(k);
    t.set(k, obj);
    this.emit({ type: old ? "MODIFIED" : "ADDED", rv, gr, obj, old });
    return obj;
  }

  /** Removes an object; the DELETED event carries its last state with a fresh resourceVersion, as etcd3 does. */
  remove(gr: string, obj: Obj): Obj {
    const t = this.tables.get(gr);
    const k = key(obj.metadata.namespace, obj.metadata.name);
    const old = t?.get(k);
    if (!t || !old) return obj;
    t.delete(k);
    const rv = ++this.rv;
    const last = { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rv) } };
    this.emit({ type: "DELETED", rv, gr, obj: last, old });
    return last;
  }

  /** Drops a whole resource table (CRD deletion) emitting DELETED for each object. */
  dropTable(gr: string) {
    for (const o of this.list(gr)) this.remove(gr, o);
    this.tables.delete(gr);
  }

  subscribe(fn: (e: StoreEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Events of a resource after `since`; throws 410 Expired worded like the watch cache
   * (`too old resource version: X (Y)`) when `since` is older than the kept window.
   */
  eventsSince(gr: string, since: number): StoreEvent[] {
    const h = this.history(gr);
    const oldest = h.oldestMinusOne();
    if (since < oldest) throw errors.expired(`too old resource version: ${since} (${oldest})`);
    return h.since(since);
  }

  setHistoryCapacity(n: number) {
    this.capacity = Math.max(1, n);
    for (const h of this.histories.values()) {
      h.capacity = this.capacity;
      h.trim();
    }
  }

  historyCapacity(): number {
    return this.capacity;
  }

  /** Simulated restart: the watch cache is rebuilt, so nothing older than now can be resumed. */
  resetHistory() {
    this.resetRV = this.rv;
    this.histories.clear();
  }

  private history(gr: string): History {
    let h = this.histories.get(gr);
    if (!h) {
      // After a reset the window starts at the reset RV: any older RV is too old.
      h = new History(this.capacity, this.resetRV);
      this.histories.set(gr, h);
    }
    return h;
  }

  private emit(e: StoreEvent) {
    this.history(e.gr).push(e);
    for (const l of this.listeners) l(e);
  }
}
