import "server-only";

export interface ThrottleLimits {
  /** failed sign-ins one key may make within the window */
  perKey: number;
  /** failed sign-ins everyone together may make within the window (each costs the cluster a TokenReview) */
  global: number;
  windowMs: number;
}

const MAX_KEYS = 10_000;

/** The throttle's counts, in this process (SignInThrottle) or shared by every replica (redis/counters.ts). */
export interface SignInCounter {
  /** Seconds until `key` may try again, or 0. */
  retryAfter(key: string): number | Promise<number>;
  /** Whether the global ceiling (not this key's own count) is what holds `key` back. */
  globalCeilingReached(): boolean | Promise<boolean>;
  fail(key: string): void | Promise<void>;
  succeed(key: string): void | Promise<void>;
}

/**
 * Failed sign-ins within a sliding window, per key (the claimed identity's hash plus the client, see
 * signin-key.ts) and overall. Token guessing is hopeless against real tokens, but each guess costs the
 * cluster a TokenReview: past a limit we answer 429 ourselves. A success clears only its own key, so
 * one user signing in never lifts the limit for a guesser behind the same ingress; keys that signed in
 * successfully within the last hour are not held back by the global ceiling (a spray of guesses cannot
 * lock out people whose tokens work). A shared store maps each key onto a counter with the window as TTL.
 */
export class SignInThrottle implements SignInCounter {
  private failures = new Map<string, number[]>();
  private all: number[] = [];
  private good = new Map<string, number>();

  constructor(
    private limits: () => ThrottleLimits,
    private now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0. */
  retryAfter(key: string): number {
    const { perKey, global, windowMs } = this.limits();
    const t = this.now();
    const mine = this.recent(key);
    let until = mine.length >= perKey ? mine[mine.length - perKey] + windowMs : 0;
    this.all = this.all.filter((x) => t - x < windowMs);
    const trusted = t - (this.good.get(key) ?? -Infinity) < 3600_000;
    if (!trusted && this.all.length >= global) until = Math.max(until, this.all[this.all.length - global] + windowMs);
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  /** Whether the global ceiling (not this key's own count) is what holds `key` back. */
  globalCeilingReached(): boolean {
    const { global, windowMs } = this.limits();
    const t = this.now();
    return this.all.filter((x) => t - x < windowMs).length >= global;
  }

  fail(key: string): void {
    const t = this.now();
    const before = this.recent(key);
    this.failures.delete(key); // re-inserted last: Map order = age order for the size bound
    this.failures.set(key, [...before, t]);
    while (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
    this.all.push(t);
    const { global } = this.limits();
    if (this.all.length > 2 * global) this.all = this.all.slice(-global);
  }

  succeed(key: string): void {
    this.failures.delete(key);
    this.good.delete(key);
    this.good.set(key, this.now());
    while (this.good.size > MAX_KEYS) this.good.delete(this.good.keys().next().value!);
  }

  private recent(key: string): number[] {
    const t = this.now();
    const { windowMs } = this.limits();
    return (this.failures.get(key) ?? []).filter((x) => t - x < windowMs);
  }
}
