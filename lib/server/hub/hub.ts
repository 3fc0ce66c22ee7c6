import type { ApiErrorBody } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { HttpError } from "../errors";
import { DEFAULT_BACKOFF } from "./backoff";
import { Frame } from "./frame";
import { Scope } from "./scope";
import type { HubOptions, Listener, ScopeKey, ScopeStats, Upstream } from "./types";

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  kinds: KINDS,
  idleStopMs: 30_000,
  pageSize: 500,
  maxObjects: 20_000,
  // A team viewing 50 namespaces of a cluster holds 4 × 50 scopes; more is a flood, not a team.
  maxScopesPerCluster: 200,
  maxScopes: 1_000,
  backoff: DEFAULT_BACKOFF,
  healthyAfterMs: 10_000,
  now: () => new Date(),
  random: Math.random,
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.(); // never keep a process alive just for a reconnect or idle timer
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

const scopeId = (k: ScopeKey) => `${k.cluster}\u0000${k.resource}\u0000${k.namespace ?? "*"}`;

/**
 * The informer hub (docs/architecture.md §3.1): at most one upstream LIST+WATCH per (cluster, resource,
 * namespace scope), however many browsers subscribe. A scope lives while it has subscribers and
 * `idleStopMs` after the last one leaves. Clusters are isolated: each scope fails on its own.
 */
export class InformerHub {
  private scopes = new Map<string, Scope>();
  readonly opts: HubOptions;

  /** `upstreamFor` resolves a cluster name to its client-node access; it throws for unknown clusters. */
  constructor(
    private upstreamFor: (cluster: string) => Upstream,
    opts: Partial<HubOptions> = {},
  ) {
    this.opts = { ...DEFAULT_HUB_OPTIONS, ...opts, backoff: { ...DEFAULT_HUB_OPTIONS.backoff, ...opts.backoff } };
  }

  /**
   * Throws a 503 HttpError, naming the limit, when subscribing to `keys` would open more upstream
   * watches than `maxScopesPerCluster` or `maxScopes` allow. Routes call it before they answer, so
   * a refused stream is an error response, not a stream that fails.
   */
  admit(keys: readonly ScopeKey[]): void {
    const fresh = keys.filter((k) => !this.scopes.has(scopeId(k)));
    for (const k of fresh) {
      const err = this.overLimit(k.cluster, fresh.filter((f) => f.cluster === k.cluster).length);
      if (err) throw new HttpError(err);
    }
  }

  private overLimit(cluster: string, adding: number): ApiErrorBody | undefined {
    const { maxScopes, maxScopesPerCluster } = this.opts;
    let inCluster = 0;
    for (const s of this.scopes.values()) if (s.key.cluster === cluster) inCluster++;
    const what =
      inCluster + adding > maxScopesPerCluster
        ? `${maxScopesPerCluster} live watches on cluster "${cluster}" (KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER)`
        : this.scopes.size + adding > maxScopes
          ? `${maxScopes} live watches over all clusters (KRUISE_CONSOLE_MAX_WATCHES)`
          : undefined;
    if (!what) return undefined;
    return {
      code: 503,
      reason: "ServiceUnavailable",
      message: `the console already holds ${what}: close pages you no longer need, open one namespace rather than many, or ask the operator to raise the limit`,
    };
  }

  /**
   * Subscribes to a scope (creating its upstream watch if needed); returns the unsubscribe function.
   * Beyond the watch limits no scope is created: the listener gets one `error` status naming the limit.
   */
  subscribe(key: ScopeKey, listener: Listener): () => void {
    const id = scopeId(key);
    let scope = this.scopes.get(id);
    if (!scope) {
      const err = this.overLimit(key.cluster, 1);
      if (err) {
        const since = this.opts.now().toISOString();
        const data = { resource: key.resource, namespace: key.namespace, state: "error" as const, since, error: err };
        listener(new Frame({ event: "status", data }));
        return () => {};
      }
      const created: Scope = new Scope({ ...key }, this.upstreamFor(key.cluster), this.opts, () => {
        if (this.scopes.get(id) === created) this.scopes.delete(id);
      });
      scope = created;
      this.scopes.set(id, scope);
    }
    return scope.subscribe(listener);
  }

  /** Per-scope counters, for tests and the bench. */
  stats(): (ScopeKey & ScopeStats)[] {
    return Array.from(this.scopes.values(), (s) => ({ ...s.key, ...s.getStats() }));
  }

  /** Stops every upstream watch (tests, shutdown). */
  close(): void {
    for (const s of Array.from(this.scopes.values())) s.stop();
    this.scopes.clear();
  }
}
