// Turning a log's text, as it arrives in chunks, into lines, and reading what the kubelet and the app put in a line.
import { MAX_LINE_CHARS } from "./ring";

/**
 * Splits text arriving in arbitrary chunks into lines (`\n` or `\r\n`); the unfinished end is kept for the next
 * chunk, but never beyond MAX_LINE_CHARS, so a log without newlines cannot grow one line without bound.
 */
export class LineSplitter {
  private rest = "";

  /** The lines `chunk` completes. */
  feed(chunk: string): string[] {
    const text = this.rest + chunk;
    const parts = text.split("\n");
    this.rest = parts.pop() ?? "";
    const out = parts.map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
    while (this.rest.length > MAX_LINE_CHARS) {
      out.push(this.rest.slice(0, MAX_LINE_CHARS));
      this.rest = this.rest.slice(MAX_LINE_CHARS);
    }
    return out;
  }

  /** The last line when the log ended without a newline (a limitBytes cut, a container killed mid-line). */
  flush(): string[] {
    const last = this.rest;
    this.rest = "";
    return last ? [last] : [];
  }
}

// The kubelet's `timestamps=true` prefix: RFC 3339 with up to nine fraction digits, then one space (kubernetes
// pkg/kubelet/kuberuntime/logs/logs.go timeFormatOut).
const STAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})) /;

/** A line's timestamp (when the kubelet put one in front) and its text. */
export function splitTimestamp(line: string): { time?: string; text: string } {
  const m = STAMP.exec(line);
  return m ? { time: m[1], text: line.slice(m[0].length) } : { text: line };
}

/** `2026-01-01T10:04:05.123456789Z` as `10:04:05.123`: the time of day to the millisecond, in UTC like the log. */
export function shortTime(time: string): string {
  const m = /T(\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?/.exec(time);
  return m ? `${m[1]}.${(m[2] ?? "").padEnd(3, "0")}` : time;
}

export type LineLevel = "error" | "warn" | undefined;

const ERROR = /\b(ERROR|FATAL|PANIC|CRITICAL|panic:|Traceback|Exception)\b|\blevel=(error|fatal|panic)\b/i;
const WARN = /\b(WARN|WARNING)\b|\blevel=warn(ing)?\b/i;

/** How a line reads at a glance: an error, a warning, or neither (by the usual level words). */
export function lineLevel(text: string): LineLevel {
  if (ERROR.test(text)) return "error";
  if (WARN.test(text)) return "warn";
  return undefined;
}
