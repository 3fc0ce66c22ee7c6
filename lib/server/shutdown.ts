// Graceful shutdown (SIGTERM in a rolling upgrade or a node drain). Readiness fails first, so the Service stops
// sending new requests here; every open live stream is then ended with a short reconnect hint, so browsers come back
// at once through another replica and get a fresh snapshot; writes already in flight finish (none is cut off, none is
// retried by us); the audit log is flushed. One instance per process, built by the composition root
// (lib/server/runtime), which the server script (scripts/serve.ts) reaches to drain it.

/** What a drain reports: the streams it ended, and the writes still running when the grace time ran out. */
export interface Drained {
  streams: number;
  writes: number;
}

export class Shutdown {
  private draining = false;
  private readonly streams = new Set<() => void>();
  private writes = 0;
  private idle: (() => void)[] = [];

  /** True once SIGTERM arrived: /readyz answers 503 and new streams are refused. */
  shuttingDown(): boolean {
    return this.draining;
  }

  /** Registers an open stream's "end with a reconnect hint"; returns the unregister. */
  onShutdown(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /** Runs a write so shutdown waits for it to finish. */
  async trackWrite<T>(fn: () => Promise<T>): Promise<T> {
    this.writes++;
    try {
      return await fn();
    } finally {
      if (--this.writes === 0) for (const wake of this.idle.splice(0)) wake();
    }
  }

  /**
   * Fails readiness, ends every stream, waits for in-flight writes (at most `graceMs`), then `flush`es (the audit
   * log). Returns what it ended and what was still writing when time ran out (0 normally).
   */
  async drain(graceMs: number, flush: () => Promise<void> = async () => {}): Promise<Drained> {
    this.draining = true;
    const streams = this.streams.size;
    for (const end of [...this.streams]) end();
    this.streams.clear();
    if (this.writes > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.idle.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timer);
    }
    await flush();
    return { streams, writes: this.writes };
  }
}
