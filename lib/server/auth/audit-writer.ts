import "server-only";
import { appendFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";

// Appends audit lines to a file without blocking the event loop: lines queue up and one append at
// a time writes everything queued. A line leaves the queue only once its append has finished, so
// an exit in between writes it again synchronously (at worst a duplicate line, never a lost one).

interface WriterState {
  file?: string;
  queue: string[];
  writing?: Promise<void>;
  exitHook: boolean;
  /** bumped by flushSync, which empties the queue itself: a drain then removes nothing */
  epoch: number;
}

// On globalThis: Next's route bundles and the server script may load this module more than once,
// and all of them must share one queue (and one flush).
const g = globalThis as typeof globalThis & { __kruiseConsoleAuditWriter?: WriterState };
const state = (g.__kruiseConsoleAuditWriter ??= { queue: [], exitHook: false, epoch: 0 });

/** Queues `line` for `file`; returns at once. */
export function appendLine(file: string, line: string): void {
  if (state.file !== undefined && state.file !== file) flushSync(); // the log moved: finish the old one
  state.file = file;
  state.queue.push(line);
  if (!state.exitHook) {
    state.exitHook = true;
    process.once("exit", flushSync);
  }
  state.writing ??= drain();
}

async function drain(): Promise<void> {
  try {
    while (state.queue.length > 0 && state.file) {
      const n = state.queue.length;
      const epoch = state.epoch;
      const text = state.queue.slice(0, n).join("\n") + "\n";
      try {
        await appendFile(state.file, text);
      } catch (e) {
        console.error(
          `kruise-console: audit log ${state.file} not writable (${(e as Error).message}); writing to stdout`,
        );
        process.stdout.write(text);
      }
      if (state.epoch === epoch) state.queue.splice(0, n);
    }
  } finally {
    state.writing = undefined;
  }
}

/** Resolves once every line queued so far is in the file. */
export async function flushWriter(): Promise<void> {
  while (state.writing) await state.writing;
}

/** Writes whatever is still queued, synchronously (process exit: no later tick will come). */
export function flushSync(): void {
  if (!state.file || state.queue.length === 0) return;
  const text = state.queue.splice(0).join("\n") + "\n";
  state.epoch++;
  try {
    appendFileSync(state.file, text);
  } catch {
    process.stdout.write(text);
  }
}
