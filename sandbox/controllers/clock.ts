// Injected time for the sandbox controllers: tests drive a FakeClock, demos use the real one.

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Deterministic clock: timers fire only when a test calls advance(). */
export class FakeClock implements Clock {
  private t: number;
  private seq = 0;
  private timers = new Map<number, Timer>();

  constructor(start = Date.parse("2026-01-01T00:00:00Z")) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), seq: id, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward, firing due timers in order (timers set while firing are honoured). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.values()].filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers.delete(due.seq);
      this.t = Math.max(this.t, due.at);
      due.fn();
    }
    this.t = end;
  }

  pending(): number {
    return this.timers.size;
  }
}

/** Seeded PRNG (mulberry32) so kubelet delays and pod ids are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
