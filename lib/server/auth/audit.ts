import "server-only";
import { AuditWriter } from "./audit-writer";

export interface AuditRecord {
  time: string;
  user: string | null;
  groups: string[];
  mode: string;
  cluster: string;
  verb: string;
  object: { resource: string; namespace: string; name: string };
  /** what was asked, never a credential: the intent, content type, body size, operation count */
  request: Record<string, unknown>;
  result: { code: number; reason?: string; message?: string };
}

/** Longest string kept in an audit field (URL parts of refused requests are caller-chosen). */
export const AUDIT_FIELD_MAX = 256;
/** Longest result message kept (Kubernetes' own messages run to a few hundred characters). */
export const AUDIT_MESSAGE_MAX = 512;
const WINDOW_MS = 60_000;

type Sink = (line: string) => void;

function cut(s: string, max = AUDIT_FIELD_MAX): string {
  return s.length <= max ? s : `${s.slice(0, max)}…(${s.length - max} more characters)`;
}

// Strings cut, nesting and list lengths bounded: whatever a request put in, a line stays small.
function bounded(v: unknown, depth = 0): unknown {
  if (typeof v === "string") return cut(v);
  if (v === null || typeof v !== "object") return v;
  if (depth > 3) return "…";
  if (Array.isArray(v)) return v.slice(0, 32).map((x) => bounded(x, depth + 1));
  return Object.fromEntries(
    Object.entries(v)
      .slice(0, 32)
      .map(([k, x]) => [cut(k, 64), bounded(x, depth + 1)]),
  );
}

function bound(r: AuditRecord): AuditRecord {
  const { message, ...result } = r.result;
  return {
    ...(bounded(r) as AuditRecord),
    result: {
      ...(bounded(result) as AuditRecord["result"]),
      ...(message ? { message: cut(message, AUDIT_MESSAGE_MAX) } : {}),
    },
  };
}

/** Where the lines go and how many unauthenticated refusals a minute may write (from the configuration). */
export interface AuditOptions {
  /** a file of JSON lines; stdout when unset */
  file?: string;
  anonPerMinute: number;
}

/**
 * One JSON line per write attempt, allowed or refused (docs/architecture.md §5). Fields are cut to AUDIT_FIELD_MAX;
 * attempts without a user are rate-limited and the drop is itself logged. The file is appended asynchronously;
 * `flush()` (and process exit) writes out whatever is queued. One per process, built by the composition root.
 */
export class AuditLog {
  private sink?: Sink;
  private windowStart = 0;
  private anonLines = 0;
  private suppressed = 0;
  private suppressedSince?: string;
  private readonly writer = new AuditWriter();

  constructor(private readonly o: AuditOptions) {}

  /** Tests capture audit lines here; otherwise they go to the file or stdout. */
  setSink(sink: Sink | undefined): void {
    this.sink = sink;
  }

  record(r: AuditRecord): void {
    const now = new Date();
    if (r.user === null && !this.admitAnonymous(now)) return;
    this.emitSuppressed(now);
    this.emit(JSON.stringify({ audit: "kruise-console/v1", ...bound(r) }));
  }

  /** Writes the pending "suppressed" note and waits until every queued line is in the file. */
  async flush(): Promise<void> {
    this.emitSuppressed(new Date());
    await this.writer.flush();
  }

  /** The same, synchronously, for a process that is exiting. */
  flushSync(): void {
    this.emitSuppressed(new Date());
    this.writer.flushSync();
  }

  private emit(line: string): void {
    if (this.sink) return this.sink(line);
    if (this.o.file) return this.writer.appendLine(this.o.file, line);
    process.stdout.write(line + "\n");
  }

  /** The line that says how many unauthenticated refusals were not written, if any. */
  private emitSuppressed(now: Date): void {
    if (this.suppressed === 0) return;
    const n = this.suppressed;
    this.emit(
      JSON.stringify({
        audit: "kruise-console/v1",
        time: now.toISOString(),
        suppressed: n,
        message: `suppressed ${n} audit line(s) of writes refused without a session since ${this.suppressedSince} (at most ${this.o.anonPerMinute} per minute, KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE)`,
      }),
    );
    this.suppressed = 0;
    this.suppressedSince = undefined;
  }

  // Callers without a session are anyone on the network: their lines share one budget per minute.
  private admitAnonymous(now: Date): boolean {
    if (now.getTime() - this.windowStart >= WINDOW_MS) {
      this.emitSuppressed(now);
      this.windowStart = now.getTime();
      this.anonLines = 0;
    }
    if (this.anonLines < this.o.anonPerMinute) {
      this.anonLines++;
      return true;
    }
    this.suppressed++;
    this.suppressedSince ??= now.toISOString();
    return false;
  }
}
