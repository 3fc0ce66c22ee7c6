import { DEFAULT_BACKOFF } from "./backoff";
import { Scope } from "./scope";
import type { HubOptions, Listener, ScopeKey, ScopeStats, Upstream } from "./types";

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  idleStopMs: 30_000,
  pageSize: 500,
  maxObjects: 20_000,
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

  /** Subscribes to a scope (creating its upstream watch if needed); returns the unsubscribe function. */
  subscribe(key: ScopeKey, listener: Listener): () => void {
    const id = scopeId(key);
    let scope = this.scopes.get(id);
    if (!scope) {
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
