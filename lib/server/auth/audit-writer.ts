import "server-only";
import { appendFileSync } from "node:fs";
import { appendFile } from "node:fs/promises";

// Appends audit lines to a file without blocking the event loop: lines queue up and one append at
// a time writes everything queued. A line leaves the queue only once its append has finished, so
// an exit in between writes it again synchronously (at worst a duplicate line, never a lost one).

/**
 * One audit file's queue. One per process (the audit log the composition root builds owns it), so every route bundle
 * shares one queue and one flush.
 */
export class AuditWriter {
  private file?: string;
  private queue: string[] = [];
  private writing?: Promise<void>;
  private exitHook = false;
  /** bumped by flushSync, which empties the queue itself: a drain then removes nothing */
  private epoch = 0;

  /** Queues `line` for `file`; returns at once. */
  appendLine(file: string, line: string): void {
    if (this.file !== undefined && this.file !== file) this.flushSync(); // the log moved: finish the old one
    this.file = file;
    this.queue.push(line);
    if (!this.exitHook) {
      this.exitHook = true;
      process.once("exit", () => this.flushSync());
    }
    this.writing ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && this.file) {
        const n = this.queue.length;
        const epoch = this.epoch;
        const text = this.queue.slice(0, n).join("\n") + "\n";
        try {
          await appendFile(this.file, text);
        } catch (e) {
          console.error(
            `kruise-console: audit log ${this.file} not writable (${(e as Error).message}); writing to stdout`,
          );
          process.stdout.write(text);
        }
        if (this.epoch === epoch) this.queue.splice(0, n);
      }
    } finally {
      this.writing = undefined;
    }
  }

  /** Resolves once every line queued so far is in the file. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Writes whatever is still queued, synchronously (process exit: no later tick will come). */
  flushSync(): void {
    if (!this.file || this.queue.length === 0) return;
    const text = this.queue.splice(0).join("\n") + "\n";
    this.epoch++;
    try {
      appendFileSync(this.file, text);
    } catch {
      process.stdout.write(text);
    }
  }
}
