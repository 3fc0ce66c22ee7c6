import "server-only";
import { appendLine, flushSync, flushWriter } from "./audit-writer";
import { consoleConfig } from "./config";

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
/** Default lines per minute for writes refused without a session (KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE). */
export const AUDIT_ANON_PER_MINUTE = 60;
const WINDOW_MS = 60_000;

type Sink = (line: string) => void;
interface AuditState {
  sink?: Sink;
  windowStart: number;
  anonLines: number;
  suppressed: number;
  suppressedSince?: string;
}
// On globalThis so every bundle that loads this module shares the sink and the rate window.
const g = globalThis as typeof globalThis & { __kruiseConsoleAudit?: AuditState };
const state = (g.__kruiseConsoleAudit ??= { windowStart: 0, anonLines: 0, suppressed: 0 });

/** Tests capture audit lines here; otherwise they go to KRUISE_CONSOLE_AUDIT_LOG or stdout. */
export function setAuditSink(sink: Sink | undefined): void {
  state.sink = sink;
}

function anonPerMinute(): number {
  const n = Number(process.env.KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE);
  return process.env.KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE && Number.isInteger(n) && n >= 0 ? n : AUDIT_ANON_PER_MINUTE;
}

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

function emit(line: string): void {
  if (state.sink) return state.sink(line);
  const file = consoleConfig().auditLog;
  if (file) return appendLine(file, line);
  process.stdout.write(line + "\n");
}

/** The line that says how many unauthenticated refusals were not written, if any. */
function emitSuppressed(now: Date): void {
  if (state.suppressed === 0) return;
  const n = state.suppressed;
  emit(
    JSON.stringify({
      audit: "kruise-console/v1",
      time: now.toISOString(),
      suppressed: n,
      message: `suppressed ${n} audit line(s) of writes refused without a session since ${state.suppressedSince} (at most ${anonPerMinute()} per minute, KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE)`,
    }),
  );
  state.suppressed = 0;
  state.suppressedSince = undefined;
}

// Callers without a session are anyone on the network: their lines share one budget per minute.
function admitAnonymous(now: Date): boolean {
  if (now.getTime() - state.windowStart >= WINDOW_MS) {
    emitSuppressed(now);
    state.windowStart = now.getTime();
    state.anonLines = 0;
  }
  if (state.anonLines < anonPerMinute()) {
    state.anonLines++;
    return true;
  }
  state.suppressed++;
  state.suppressedSince ??= now.toISOString();
  return false;
}

/**
 * One JSON line per write attempt, allowed or refused (docs/architecture.md §5). Fields are cut to
 * AUDIT_FIELD_MAX; attempts without a user are rate-limited and the drop is itself logged. The file
 * is appended asynchronously; `flushAudit()` (and process exit) writes out whatever is queued.
 */
export function audit(r: AuditRecord): void {
  const now = new Date();
  if (r.user === null && !admitAnonymous(now)) return;
  emitSuppressed(now);
  emit(JSON.stringify({ audit: "kruise-console/v1", ...bound(r) }));
}

/** Writes the pending "suppressed" note and waits until every queued line is in the file. */
export async function flushAudit(): Promise<void> {
  emitSuppressed(new Date());
  await flushWriter();
}

/** The same, synchronously, for a process that is exiting. */
export function flushAuditSync(): void {
  emitSuppressed(new Date());
  flushSync();
}

// Process exit (a crash, process.exit after SIGTERM) writes the queue out synchronously.
const hooks = globalThis as typeof globalThis & { __kruiseConsoleAuditExitHook?: boolean };
if (!hooks.__kruiseConsoleAuditExitHook) {
  hooks.__kruiseConsoleAuditExitHook = true;
  process.once("exit", () => flushAuditSync());
}

// The server script shuts Next down on SIGTERM and cannot import this module itself (it is
// server-only): it finds the flush here.
(globalThis as typeof globalThis & { __kruiseConsoleAuditFlush?: () => Promise<void> }).__kruiseConsoleAuditFlush =
  flushAudit;
