// De-duplicating work queue with per-key exponential backoff and delayed re-adds, driven by the
// injected clock. Up to `workers` different keys run at once; one key never runs twice at a time.
import type { Clock } from "./clock";

export class WorkQueue {
  private queued = new Set<string>();
  private order: string[] = [];
  private delayed = new Map<string, { at: number; timer: unknown }>();
  private failures = new Map<string, number>();
  private active = new Set<string>();
  private stopped = false;

  constructor(
    private clock: Clock,
    private work: (key: string) => Promise<void>,
    private log?: (m: string) => void,
    private workers = 4,
  ) {}

  add(key: string): void {
    if (this.stopped) return;
    if (!this.queued.has(key)) {
      this.queued.add(key);
      this.order.push(key);
    }
    this.kick();
  }

  /** Adds the key after `ms`, keeping the earliest pending deadline. */
  addAfter(key: string, ms: number): void {
    if (this.stopped) return;
    const at = this.clock.now() + ms;
    const cur = this.delayed.get(key);
    if (cur && cur.at <= at) return;
    if (cur) this.clock.clearTimeout(cur.timer);
    const timer = this.clock.setTimeout(() => {
      this.delayed.delete(key);
      this.add(key);
    }, ms);
    this.delayed.set(key, { at, timer });
  }

  /** Backoff after a failure: 100 ms doubling to 60 s. */
  retry(key: string): void {
    const n = (this.failures.get(key) ?? 0) + 1;
    this.failures.set(key, n);
    this.addAfter(key, Math.min(100 * 2 ** (n - 1), 60_000));
  }

  forget(key: string): void {
    this.failures.delete(key);
  }

  stop(): void {
    this.stopped = true;
    for (const d of this.delayed.values()) this.clock.clearTimeout(d.timer);
    this.delayed.clear();
  }

  idle(): boolean {
    return this.active.size === 0 && this.order.length === 0;
  }

  private kick(): void {
    while (!this.stopped && this.active.size < this.workers) {
      const i = this.order.findIndex((k) => !this.active.has(k));
      if (i < 0) return;
      const [key] = this.order.splice(i, 1);
      this.queued.delete(key);
      this.active.add(key);
      this.work(key)
        .catch((e) => {
          this.log?.(`reconcile ${key} failed: ${e instanceof Error ? e.message : String(e)}`);
          this.retry(key);
        })
        .finally(() => {
          this.active.delete(key);
          this.kick();
        });
    }
  }
}
