// "Don't act on a stale cache": after a write, the controller waits until its informers show the
// result (kruise clonesetutils ScaleExpectations / ResourceVersionExpectations), with a timeout.
import type { Clock } from "../clock";

export class CacheExpectations {
  /** cloneSetKey → names of pods expected to appear/disappear (with a deadline). */
  private pending = new Map<string, Map<string, number>>();
  /** object key → resourceVersion expected in the cache. */
  private rvs = new Map<string, { rv: string; deadline: number }>();

  constructor(
    private clock: Clock,
    private timeoutMs = 30_000,
  ) {}

  expect(owner: string, item: string): void {
    let m = this.pending.get(owner);
    if (!m) this.pending.set(owner, (m = new Map()));
    m.set(item, this.clock.now() + this.timeoutMs);
  }

  observe(owner: string, item: string): void {
    this.pending.get(owner)?.delete(item);
  }

  /**
   * Expect `rv` in the cache unless the cache already has it: the watch event can arrive before the
   * write's response. resourceVersions are opaque, but both etcd and the sandbox use integers, so a
   * numerically newer cached value also counts.
   */
  expectRV(key: string, rv: string | undefined, cachedRv?: string): void {
    if (!rv || rv === cachedRv) return;
    if (cachedRv && /^\d+$/.test(rv) && /^\d+$/.test(cachedRv) && BigInt(cachedRv) >= BigInt(rv)) return;
    this.rvs.set(key, { rv, deadline: this.clock.now() + this.timeoutMs });
  }

  observeRV(key: string, rv: string | undefined): void {
    const e = this.rvs.get(key);
    if (!e || !rv) return;
    if (e.rv === rv || (/^\d+$/.test(rv) && /^\d+$/.test(e.rv) && BigInt(rv) >= BigInt(e.rv))) this.rvs.delete(key);
  }

  /**
   * True when nothing is outstanding for this owner and the objects `covers` names (expired entries are dropped).
   * It walks the outstanding resourceVersions (a write's worth), not the owner's objects (all n pods).
   */
  satisfied(owner: string, covers: (key: string) => boolean): boolean {
    const now = this.clock.now();
    const m = this.pending.get(owner);
    if (m) for (const [k, d] of m) if (d < now) m.delete(k);
    if (m?.size) return false;
    for (const [k, e] of this.rvs) {
      if (!covers(k)) continue;
      if (e.deadline < now) this.rvs.delete(k);
      else return false;
    }
    return true;
  }
}
