import "server-only";
import { appendFileSync } from "node:fs";
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

type Sink = (line: string) => void;
const g = globalThis as typeof globalThis & { __kruiseConsoleAuditSink?: Sink };

/** Tests capture audit lines here; otherwise they go to KRUISE_CONSOLE_AUDIT_LOG or stdout. */
export function setAuditSink(sink: Sink | undefined): void {
  g.__kruiseConsoleAuditSink = sink;
}

/** One JSON line per write attempt (the audit log), allowed or refused. */
export function audit(r: AuditRecord): void {
  const line = JSON.stringify({ audit: "kruise-console/v1", ...r });
  if (g.__kruiseConsoleAuditSink) return g.__kruiseConsoleAuditSink(line);
  const file = consoleConfig().auditLog;
  if (file) {
    try {
      appendFileSync(file, line + "\n");
      return;
    } catch (e) {
      console.error(`kruise-console: audit log ${file} not writable (${(e as Error).message}); writing to stdout`);
    }
  }
  process.stdout.write(line + "\n");
}
