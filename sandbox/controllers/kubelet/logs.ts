// What the fake containers write to stdout and stderr. A run's log is a pure function of the run (its id, image and
// start, when and how it ended) and of time, so the kubelet keeps no log text: 1,000 pods logging for a day cost
// nothing until someone reads them, and every read of the same run sees the same lines.
import { fnv1a_32, utf8 } from "@/lib/kruise/revision/gojson";
import { splitImage } from "./images";

/** One container run as its log sees it. */
export interface RunLog {
  id: string;
  namespace: string;
  pod: string;
  container: string;
  image: string;
  /** start, ms */
  since: number;
  /** when it exited (ms), known in advance for a crash; undefined while it runs */
  end?: number;
  /** exited with an error (a crash) rather than being stopped */
  crashed: boolean;
  /** ms between its periodic lines */
  periodMs: number;
}

export interface LogLine {
  /** ms, possibly fractional (a fast log writes several lines per millisecond) */
  time: number;
  stderr: boolean;
  text: string;
}

/** The container env var that sets how many lines a second it writes (default 0.5); sandbox/README.md. */
export const LOG_RATE_ENV = "SANDBOX_LOG_RATE";
const DEFAULT_RATE = 0.5;
const MAX_RATE = 100_000;

/** ms between periodic lines for a container spec: `SANDBOX_LOG_RATE` lines per second, bounded. */
export function periodOf(env: readonly { name: string; value?: string }[] | undefined): number {
  const raw = env?.find((e) => e.name === LOG_RATE_ENV)?.value;
  const rate = raw === undefined ? NaN : Number(raw);
  const lines = Number.isFinite(rate) && rate > 0 ? Math.min(rate, MAX_RATE) : DEFAULT_RATE;
  return 1000 / lines;
}

const STARTUP = 4;
const CRASH_STARTUP = 3;
const FINAL = 2;

const startupCount = (r: RunLog) => (r.crashed ? CRASH_STARTUP : STARTUP);

/** Periodic lines written by time `t`: the k-th at since + (k+1)·period, only while the run has not ended. */
function periodicBy(r: RunLog, t: number): number {
  const upTo = Math.floor((t - r.since) / r.periodMs);
  const beforeEnd = r.end === undefined ? Infinity : Math.ceil((r.end - r.since) / r.periodMs) - 1;
  return Math.max(0, Math.min(upTo, beforeEnd));
}

/** How many lines the run has written by `now`: its start-up lines (at its start), the periodic ones, the last ones. */
export function lineCount(r: RunLog, now: number): number {
  if (now < r.since) return 0;
  const startup = startupCount(r);
  const ended = r.end !== undefined && now >= r.end;
  return startup + periodicBy(r, now) + (ended ? FINAL : 0);
}

/** Whether every line of the run is written by `now`. */
export const finished = (r: RunLog, now: number) => r.end !== undefined && now >= r.end;

/** When the line after the first `written` ones appears (for a follower), or undefined when there is none. */
export function nextLineTime(r: RunLog, written: number): number | undefined {
  const s = startupCount(r);
  if (written < s) return r.since;
  const periodicMax = r.end === undefined ? Infinity : periodicBy(r, r.end);
  if (written - s < periodicMax) return r.since + (written - s + 1) * r.periodMs;
  if (r.end !== undefined && written < s + periodicMax + FINAL) return r.end;
  return undefined;
}

/** The index of the first line written at or after `t` (for sinceSeconds and sinceTime). */
export function firstLineFrom(r: RunLog, t: number, now: number): number {
  const total = lineCount(r, now);
  let lo = 0,
    hi = total;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lineAt(r, mid).time < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const pick = <T>(xs: readonly T[], h: number): T => xs[h % xs.length];
const hashOf = (r: RunLog, i: number) => fnv1a_32(utf8(`${r.id}:${i}`));

/** Line `i` of the run (i < lineCount at the run's end). */
export function lineAt(r: RunLog, i: number): LogLine {
  const s = startupCount(r);
  const { repo, tag } = splitImage(r.image);
  const app = repo.slice(repo.lastIndexOf("/") + 1);
  if (i < s) return { time: r.since, stderr: false, text: startupText(r, i, app, tag) };
  const periodicMax = r.end === undefined ? Infinity : periodicBy(r, r.end);
  const k = i - s;
  if (k < periodicMax) return { time: r.since + (k + 1) * r.periodMs, stderr: false, text: periodicText(r, k) };
  const f = k - periodicMax;
  const db = `${r.container}-db.${r.namespace}.svc:5432`;
  const text = r.crashed
    ? [
        `ERROR dial tcp 10.96.0.12:5432: connect: connection refused (${db})`,
        `FATAL cannot start without its database, exiting with code 1`,
      ][f]
    : ["INFO received SIGTERM, shutting down", "INFO shutdown complete"][f];
  return { time: r.end ?? r.since, stderr: r.crashed, text };
}

function startupText(r: RunLog, i: number, app: string, tag: string): string {
  if (i === 0) return `INFO starting ${app} ${tag} container=${r.container} id=${r.id}`;
  if (i === 1) return `INFO loaded configuration from /etc/${r.container}/config.yaml`;
  if (r.crashed) return `INFO connecting to database ${r.container}-db.${r.namespace}.svc:5432`;
  return i === 2 ? "INFO listening on 0.0.0.0:8080" : "INFO ready to serve requests";
}

const PATHS = ["/healthz", "/api/items", "/api/items?page=2", "/api/orders", "/metrics"];

function periodicText(r: RunLog, k: number): string {
  const h = hashOf(r, k);
  const ms = ((h >>> 8) % 900) / 10 + 0.3;
  if (h % 29 === 0) return `WARN slow request: GET ${pick(PATHS, h >>> 4)} took ${Math.round(ms * 20)}ms`;
  if (h % 7 === 0) return `INFO handled ${(h >>> 12) % 400} requests in the last 10s`;
  const post = h % 5 === 0;
  return `INFO ${post ? "POST" : "GET"} ${post ? "/api/orders" : pick(PATHS, h >>> 4)} ${post ? 201 : 200} ${ms.toFixed(1)}ms`;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

/**
 * RFC 3339 with nine fraction digits, as the kubelet prefixes lines with `timestamps=true` (kubernetes
 * pkg/kubelet/kuberuntime/logs/logs.go timeFormatOut, RFC3339NanoFixed).
 */
export function rfc3339NanoFixed(ms: number): string {
  const whole = Math.floor(ms);
  const d = new Date(whole);
  const nanos = (whole % 1000) * 1e6 + Math.round((ms - whole) * 1e6);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}T` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(Math.min(nanos, 999_999_999), 9)}Z`
  );
}

/** One line as the kubelet writes it: the text and its newline, with the timestamp in front when asked. */
export function renderLine(l: LogLine, timestamps: boolean): string {
  return timestamps ? `${rfc3339NanoFixed(l.time)} ${l.text}\n` : `${l.text}\n`;
}
