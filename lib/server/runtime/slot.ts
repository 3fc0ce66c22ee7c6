// The one process-wide slot (docs/architecture.md §6): the runtime the composition root built for this process.
// Next may load the root's module once per route bundle, and the console's own server (scripts/serve.ts) loads none
// of them, so they all meet here. No import: the server script reads it without loading any server-only module.

/** What the server script needs of the runtime on SIGTERM (lib/server/runtime `Runtime` has it). */
export interface ProcessHandle {
  /** fails readiness, ends the live streams, waits for writes in flight (at most `graceMs`), flushes the audit log */
  drain(graceMs: number): Promise<{ streams: number; writes: number }>;
  /** writes out the audit lines still queued */
  flushAudit(): Promise<void>;
}

const SLOT = Symbol.for("kruise-console.runtime");
type Holder = { [SLOT]?: ProcessHandle };

/** The process's runtime, if one was built. */
export function processRuntime<T extends ProcessHandle = ProcessHandle>(): T | undefined {
  return (globalThis as Holder)[SLOT] as T | undefined;
}

/** Makes `rt` the process's runtime (the root, once per process; a test, to replace it whole). */
export function setProcessRuntime(rt: ProcessHandle | undefined): void {
  (globalThis as Holder)[SLOT] = rt;
}
