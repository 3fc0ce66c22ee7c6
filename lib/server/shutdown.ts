import "server-only";

// Graceful shutdown (SIGTERM in a rolling upgrade or a node drain). Readiness fails first, so the Service
// stops sending new requests here; every open live stream is then ended with a short reconnect hint, so
// browsers come back at once through another replica and get a fresh snapshot; writes already in flight
// finish (none is cut off, none is retried by us); the audit log is flushed. The server script
// (scripts/serve.ts) calls `drain` through globalThis because it cannot import server-only modules.

interface ShutdownState {
  draining: boolean;
  streams: Set<() => void>;
  writes: number;
  idle: (() => void)[];
}

const g = globalThis as typeof globalThis & {
  __kruiseConsoleShutdown?: ShutdownState;
  __kruiseConsoleDrain?: (graceMs: number) => Promise<{ streams: number; writes: number }>;
  __kruiseConsoleAuditFlush?: () => Promise<void>;
};
const state = (g.__kruiseConsoleShutdown ??= { draining: false, streams: new Set(), writes: 0, idle: [] });

/** True once SIGTERM arrived: /readyz answers 503 and new streams are refused. */
export const shuttingDown = () => state.draining;

/** Registers an open stream's "end with a reconnect hint"; returns the unregister. */
export function onShutdown(end: () => void): () => void {
  state.streams.add(end);
  return () => state.streams.delete(end);
}

/** Runs a write so shutdown waits for it to finish. */
export async function trackWrite<T>(fn: () => Promise<T>): Promise<T> {
  state.writes++;
  try {
    return await fn();
  } finally {
    if (--state.writes === 0) for (const wake of state.idle.splice(0)) wake();
  }
}

/**
 * Fails readiness, ends every stream, waits for in-flight writes (at most `graceMs`) and flushes the
 * audit log. Returns what it ended and what was still writing when time ran out (0 normally).
 */
export async function drain(graceMs: number): Promise<{ streams: number; writes: number }> {
  state.draining = true;
  const streams = state.streams.size;
  for (const end of [...state.streams]) end();
  state.streams.clear();
  if (state.writes > 0) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => state.idle.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
  }
  await g.__kruiseConsoleAuditFlush?.();
  return { streams, writes: state.writes };
}

g.__kruiseConsoleDrain = drain;
