import "server-only";

/**
 * Failed sign-ins per client within a sliding window. Token guessing is hopeless against real
 * tokens, but each guess costs the cluster a TokenReview: past the limit we answer 429 ourselves.
 */
export class FailureThrottle {
  private failures = new Map<string, number[]>();
  constructor(
    private max = 10,
    private windowMs = 5 * 60_000,
    private now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return Math.ceil((recent[0] + this.windowMs - this.now()) / 1000);
  }
  fail(key: string): void {
    if (this.failures.size > 10_000) this.failures.clear(); // bounded: a flood of addresses cannot grow memory
    this.failures.set(key, [...this.recent(key), this.now()]);
  }
  succeed(key: string): void {
    this.failures.delete(key);
  }
  private recent(key: string): number[] {
    const t = this.now();
    return (this.failures.get(key) ?? []).filter((x) => t - x < this.windowMs);
  }
}

const g = globalThis as typeof globalThis & { __kruiseConsoleSignInThrottle?: FailureThrottle };
export const signInThrottle = () => (g.__kruiseConsoleSignInThrottle ??= new FailureThrottle());
