import "server-only";

export interface ThrottleLimits {
  /** failed sign-ins one client address (an IPv6 /64) may make within the window */
  perAddress: number;
  /** sign-ins one VERIFIED user may make to one cluster within the window */
  perUser: number;
  /** failed sign-ins from everyone within the window past which every answer is slowed */
  global: number;
  windowMs: number;
  /** how long each sign-in is held back while the global count is past its ceiling */
  slowdownMs: number;
}

const MAX_KEYS = 10_000;

/**
 * The throttle's counts, in this process (SignInThrottle) or shared by every replica (redis/counters.ts).
 * Nothing is keyed by what a request merely claims: failures by the client address (clientAddress), sign-ins
 * by the user the cluster's TokenReview vouched for.
 */
export interface SignInCounter {
  /** Seconds until sign-ins from this address are tried again (its own failures), or 0. */
  addressWait(address: string): number | Promise<number>;
  /** Milliseconds every sign-in is held back now (failures from everyone past the ceiling), or 0. */
  slowdown(): number | Promise<number>;
  /** A sign-in from this address that the cluster refused. */
  fail(address: string): void | Promise<void>;
  /** A sign-in the cluster accepted as `user`: seconds until that user may sign in again, or 0 (and counted). */
  admitUser(user: string): number | Promise<number>;
}

/**
 * Sign-in throttling that nobody can turn against someone else. Failures count per client address, so a guesser
 * holds back only its own address (behind an ingress, the address its trusted X-Forwarded-For names). A global
 * ceiling on failures protects the cluster's TokenReviews by SLOWING every answer, never by refusing: a person
 * whose token works still gets in, later. Per-identity limits exist only for identities the cluster verified (a
 * JWT's claims are never read: anyone can write them). A shared store keeps each count as a sorted set with the
 * window as TTL.
 */
export class SignInThrottle implements SignInCounter {
  private failures = new Map<string, number[]>();
  private signIns = new Map<string, number[]>();
  private all: number[] = [];

  constructor(
    private limits: () => ThrottleLimits,
    private now: () => number = Date.now,
  ) {}

  addressWait(address: string): number {
    return this.wait(this.recent(this.failures, address), this.limits().perAddress);
  }

  slowdown(): number {
    const { global, windowMs, slowdownMs } = this.limits();
    const t = this.now();
    this.all = this.all.filter((x) => t - x < windowMs);
    return this.all.length >= global ? slowdownMs : 0;
  }

  fail(address: string): void {
    this.add(this.failures, address);
    this.all.push(this.now());
    const { global } = this.limits();
    if (this.all.length > 2 * global) this.all = this.all.slice(-global);
  }

  admitUser(user: string): number {
    const wait = this.wait(this.recent(this.signIns, user), this.limits().perUser);
    if (wait === 0) this.add(this.signIns, user);
    return wait;
  }

  /** Seconds until the oldest of the last `max` events leaves the window, or 0 while fewer than `max` remain. */
  private wait(times: number[], max: number): number {
    if (times.length < max) return 0;
    const until = times[times.length - max] + this.limits().windowMs;
    const t = this.now();
    return until > t ? Math.ceil((until - t) / 1000) : 0;
  }

  private add(m: Map<string, number[]>, key: string): void {
    const before = this.recent(m, key);
    m.delete(key); // re-inserted last: Map order = age order for the size bound
    m.set(key, [...before, this.now()]);
    while (m.size > MAX_KEYS) m.delete(m.keys().next().value!);
  }

  private recent(m: Map<string, number[]>, key: string): number[] {
    const t = this.now();
    const { windowMs } = this.limits();
    return (m.get(key) ?? []).filter((x) => t - x < windowMs);
  }
}
