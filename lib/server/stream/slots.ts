/** One cap a new stream must fit under. */
export interface StreamLimit {
  key: string;
  max: number;
  what: string;
}

/** Where the stream caps are counted: this process, or a store every replica shares (lib/server/auth/redis). */
export interface StreamSlots {
  acquire(limits: readonly StreamLimit[]): Promise<{ release: () => void } | { full: StreamLimit }>;
}

/**
 * Open streams per key (a browser session, a user) in this process: the counts behind KRUISE_CONSOLE_MAX_STREAMS(_PER_USER)
 * when sessions live in memory. One instance per process (the composition root builds it), so every route bundle counts
 * alike.
 */
export class MemoryStreamSlots implements StreamSlots {
  private readonly counts = new Map<string, number>();

  /** Open streams counted under `key`. */
  open(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  /** Takes one of `max` slots for `key`; returns its release function (idempotent), or undefined when all are taken. */
  private take(key: string, max: number): (() => void) | undefined {
    const n = this.counts.get(key) ?? 0;
    if (n >= max) return undefined;
    this.counts.set(key, n + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    };
  }

  /**
   * Takes a slot under every limit at once (per browser session AND per user, so signing in again in another browser
   * does not lift the cap); returns the release, or the first limit that is full.
   */
  async acquire(limits: readonly StreamLimit[]): Promise<{ release: () => void } | { full: StreamLimit }> {
    const taken: (() => void)[] = [];
    for (const l of limits) {
      const release = this.take(l.key, l.max);
      if (!release) {
        taken.forEach((r) => r());
        return { full: l };
      }
      taken.push(release);
    }
    return { release: () => taken.forEach((r) => r()) };
  }
}
