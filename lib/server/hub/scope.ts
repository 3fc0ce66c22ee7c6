import type { ApiErrorBody, ConnectionState, K8sObject, WatchEventType } from "@/lib/k8s/wire";
import { explainCollectionError, toApiErrorBody } from "../errors";
import type { ResourceDef } from "../resources";
import { backoffDelay } from "./backoff";
import { ObjectCache } from "./cache";
import { Frame } from "./frame";
import { listAll, tooManyStatus } from "./list";
import type { HubOptions, Listener, ScopeKey, ScopeStats, Upstream } from "./types";

type WatchOutcome = { kind: "closed" } | { kind: "expired" } | { kind: "failed"; error: unknown };

// Codes where retrying soon will not help and the user must act (RBAC, credentials, missing CRD).
const PERMANENT = new Set([400, 401, 403, 404, 405, 406, 415, 422]);

/**
 * One upstream LIST+WATCH for a (cluster, resource, namespace) scope, shared by all subscribers —
 * the reflector pattern of client-go (tools/cache/reflector.go: ListAndWatch): list in pages, watch
 * from the list's resourceVersion with bookmarks, on 410 Expired relist, on a dropped connection
 * re-watch from the last seen resourceVersion after an exponential backoff with jitter.
 */
export class Scope {
  readonly def: ResourceDef;
  private cache: ObjectCache;
  private rv = "";
  private listedOnce = false;
  private synced = false;
  private status: ConnectionState = { state: "connecting" };
  private subs = new Set<Listener>();
  private stopped = false;
  private started = false;
  private abort?: AbortController;
  private wake?: () => void;
  private sleepTimer?: unknown;
  private idleTimer?: unknown;
  private attempt = 0;
  private snapshotMemo?: { version: number; frame: Frame };
  readonly stats = { lists: 0, listPages: 0, watches: 0 };

  constructor(
    readonly key: ScopeKey,
    private up: Upstream,
    private opts: HubOptions,
    private onStopped: () => void,
  ) {
    this.def = opts.kinds.get(key.resource);
    this.cache = new ObjectCache(this.def);
  }

  /** Adds a subscriber: it gets the current status, the snapshot if one exists, then every change. */
  subscribe(listener: Listener): () => void {
    this.subs.add(listener);
    if (this.idleTimer !== undefined) this.opts.clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    listener(this.statusFrame());
    if (this.synced) listener(this.snapshotFrame());
    if (!this.started) {
      this.started = true;
      void this.run();
    }
    return () => this.unsubscribe(listener);
  }

  snapshot(): { synced: boolean; resourceVersion: string; items: K8sObject[]; status: ConnectionState } {
    return { synced: this.synced, resourceVersion: this.rv, items: this.cache.items(), status: { ...this.status } };
  }

  getStats(): ScopeStats {
    return { ...this.stats, state: this.status.state, objects: this.cache.size, subscribers: this.subs.size };
  }

  /** Stops the upstream watch now and forgets the cache. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.idleTimer !== undefined) this.opts.clearTimeout(this.idleTimer);
    this.abort?.abort();
    this.wake?.();
    this.cache.clear();
    this.onStopped();
  }

  private unsubscribe(listener: Listener): void {
    if (!this.subs.delete(listener) || this.subs.size > 0 || this.stopped) return;
    this.idleTimer = this.opts.setTimeout(() => {
      this.idleTimer = undefined;
      if (this.subs.size === 0) this.stop();
    }, this.opts.idleStopMs);
  }

  private async run(): Promise<void> {
    let needList = true;
    while (!this.stopped) {
      try {
        if (needList) {
          await this.relist();
          needList = false;
        }
        if (this.stopped) return;
        const outcome = await this.watchOnce();
        if (this.stopped) return;
        if (outcome.kind === "failed") throw outcome.error;
        this.setDown("reconnecting");
        if (outcome.kind === "expired")
          needList = true; // 410: our RV is gone, relist right away
        else await this.backoff();
      } catch (e) {
        if (this.stopped) return;
        const err = explainCollectionError(
          toApiErrorBody(e, `cluster "${this.key.cluster}"`),
          this.def,
          this.key.cluster,
        );
        if (err.code === 410) {
          // a continue token expired mid-list: start the list over
          needList = true;
          await this.backoff();
          continue;
        }
        if (err.reason === "TooManyObjects") return this.giveUp(err);
        if (err.code === 404 && this.def.optional) {
          // The CRD is not installed (or was removed): nothing to show, and nothing wrong. Look again later.
          this.absent();
          needList = true;
          await this.backoff();
          continue;
        }
        this.setDown(PERMANENT.has(err.code) || !this.synced ? "error" : "stale", err);
        await this.backoff();
      }
    }
  }

  /** The reflector's LIST: the first from the API server's cache, a relist after 410 from the latest state. */
  private async relist(): Promise<void> {
    this.stats.lists++;
    const got = await listAll(this.up, this.def, this.key.namespace, {
      pageSize: this.opts.pageSize,
      maxObjects: this.opts.maxObjects,
      fromCache: !this.listedOnce,
      stopped: () => this.stopped,
    });
    if (got === null) return;
    if (got === "too-many") throw this.tooMany();
    this.stats.listPages += got.pages;
    this.listedOnce = true;
    this.cache.replace(got.items);
    this.rv = got.resourceVersion;
    this.synced = true;
    this.broadcast(this.snapshotFrame());
  }

  private watchOnce(): Promise<WatchOutcome> {
    return new Promise<WatchOutcome>((resolve) => {
      let established = false;
      let expired = false;
      let failure: unknown;
      let events = 0;
      const since = this.opts.now().getTime();
      const done = (err: unknown) => {
        if (events > 0 || this.opts.now().getTime() - since >= this.opts.healthyAfterMs) this.attempt = 0;
        if (failure !== undefined) resolve({ kind: "failed", error: failure });
        else if (expired) resolve({ kind: "expired" });
        else if (!established && err) resolve({ kind: "failed", error: err });
        else resolve({ kind: "closed" });
      };
      const onEvent = (type: string, obj: K8sObject) => {
        events++;
        if (type === "ERROR") {
          // An ERROR event carries a metav1.Status, not an object: 410 Gone means the resourceVersion expired.
          if (obj.code === 410) expired = true;
          else failure = obj;
          this.abort?.abort();
          return;
        }
        this.apply(type, obj);
      };
      this.stats.watches++;
      this.up.watch(this.def, this.key.namespace, this.rv, onEvent, done).then(
        (ctl) => {
          this.abort = ctl;
          if (this.stopped) return ctl.abort();
          if (ctl.signal.aborted) return; // done() already ran: the request failed or ended at once
          established = true;
          this.setLive();
        },
        (e: unknown) => resolve({ kind: "failed", error: e }),
      );
    });
  }

  private apply(type: string, obj: K8sObject): void {
    const rv = obj?.metadata?.resourceVersion;
    if (type === "BOOKMARK") {
      if (rv) this.rv = rv;
      return;
    }
    if (type !== "ADDED" && type !== "MODIFIED" && type !== "DELETED") return;
    const kept = type === "DELETED" ? this.cache.remove(obj) : this.cache.upsert(obj);
    this.snapshotMemo = undefined; // outdated now; don't keep its serialised bytes alive
    if (rv) this.rv = rv;
    if (this.cache.size > this.opts.maxObjects) {
      this.giveUp(toApiErrorBody(this.tooMany()));
      return;
    }
    const data = {
      resource: this.key.resource,
      namespace: this.key.namespace,
      type: type as WatchEventType,
      object: kept,
    };
    this.broadcast(new Frame({ event: "change", data }));
  }

  private tooMany() {
    return tooManyStatus(this.def, this.key, this.opts.maxObjects);
  }

  /** Over the cap: stop watching for good and free the memory; a later subscriber starts afresh. */
  private giveUp(err: ApiErrorBody): void {
    this.cache.clear();
    this.synced = false;
    this.abort?.abort();
    this.setDown("error", err);
    this.stopped = true;
    this.onStopped();
  }

  /** An optional resource the cluster does not serve: an empty, live list (docs/kruise-rollouts.md §1). */
  private absent(): void {
    const had = !this.synced || this.cache.size > 0;
    this.cache.replace([]);
    this.snapshotMemo = undefined;
    this.rv = "";
    this.synced = true;
    if (had) this.broadcast(this.snapshotFrame());
    if (this.status.state !== "live") this.setLive();
  }

  private setLive(): void {
    this.status = { state: "live" };
    this.broadcast(this.statusFrame());
  }

  /** Leaving live: `since` stays at the moment data stopped being current. */
  private setDown(state: "reconnecting" | "stale" | "error", error?: ApiErrorBody): void {
    const since =
      this.status.state === "live" || this.status.state === "connecting" || !this.status.since
        ? this.opts.now().toISOString()
        : this.status.since;
    this.status = error ? { state, since, error } : { state, since };
    this.broadcast(this.statusFrame());
  }

  private statusFrame(): Frame {
    return new Frame({
      event: "status",
      data: { resource: this.key.resource, namespace: this.key.namespace, ...this.status },
    });
  }

  private snapshotFrame(): Frame {
    const v = this.cache.version;
    if (this.snapshotMemo?.version !== v) {
      const data = {
        resource: this.key.resource,
        namespace: this.key.namespace,
        resourceVersion: this.rv,
        items: this.cache.items(),
      };
      this.snapshotMemo = { version: v, frame: new Frame({ event: "snapshot", data }) };
    }
    return this.snapshotMemo.frame;
  }

  private broadcast(frame: Frame): void {
    for (const l of this.subs) {
      try {
        l(frame);
      } catch {
        // one broken subscriber (e.g. a stream closed under it) must not starve the others
      }
    }
  }

  /** Waits the next exponential-with-jitter delay; a healthy watch resets `attempt` to 0. */
  private backoff(): Promise<void> {
    return this.sleep(backoffDelay(this.attempt++, this.opts.backoff, this.opts.random));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopped) return resolve();
      this.wake = () => {
        if (this.sleepTimer !== undefined) this.opts.clearTimeout(this.sleepTimer);
        resolve();
      };
      this.sleepTimer = this.opts.setTimeout(resolve, ms);
    });
  }
}
