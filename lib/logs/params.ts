// The console's log request, `GET /api/c/<cluster>/ns/<ns>/pods/<name>/log?…`: the PodLogOptions it passes on
// (kubernetes staging/src/k8s.io/api/core/v1/types.go PodLogOptions) with the console's own bounds, parsed strictly so
// nothing but a checked value reaches the cluster. Pure: the route handler parses with it, the page builds with it.

export interface LogQuery {
  /** the container (a DNS-1123 label); omitted, the API server picks a pod's only container */
  container?: string;
  /** the run before the current one (the container restarted) */
  previous: boolean;
  /** keep streaming as the container writes */
  follow: boolean;
  /** an RFC 3339 time in front of every line */
  timestamps: boolean;
  /** only the last lines */
  tailLines?: number;
  /** stop after this many bytes */
  limitBytes?: number;
  /** only lines from the last seconds */
  sinceSeconds?: number;
  /** answer as a file to save (Content-Disposition: attachment) */
  download: boolean;
}

/** The console's bounds: a request outside them is a 400 that names them. */
export const LOG_LIMITS = {
  tailLines: 100_000,
  limitBytes: 1 << 30,
  sinceSeconds: 366 * 24 * 3600,
} as const;

const BOOLEANS = ["previous", "follow", "timestamps", "download"] as const;
const NUMBERS = ["tailLines", "limitBytes", "sinceSeconds"] as const;
const KNOWN = new Set<string>(["container", ...BOOLEANS, ...NUMBERS]);
// tailLines starts at 1: client-node's log API leaves out a 0 (it tests the option for truth), which would read everything.
const MIN: Record<(typeof NUMBERS)[number], number> = { tailLines: 1, limitBytes: 1, sinceSeconds: 1 };

/** A parameter the console refuses: `field` names it, `message` says what to send instead. */
export class LogParamError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "LogParamError";
  }
}

// apimachinery pkg/util/validation/validation.go IsDNS1123Label: container names are DNS labels.
const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const show = (v: string) => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

function one(q: URLSearchParams, key: string): string | undefined {
  const all = q.getAll(key);
  if (all.length > 1) throw new LogParamError(key, `${key} is given ${all.length} times: give it once`);
  return all[0];
}

/** Parses and checks a log request's query; throws LogParamError naming the first parameter to fix. */
export function parseLogQuery(q: URLSearchParams): LogQuery {
  for (const key of q.keys())
    if (!KNOWN.has(key))
      throw new LogParamError(key, `unknown parameter ${show(key)}: expected any of ${[...KNOWN].join(", ")}`);
  const out: LogQuery = { previous: false, follow: false, timestamps: false, download: false };
  const container = one(q, "container");
  if (container !== undefined) {
    if (container.length > 63 || !DNS_LABEL.test(container))
      throw new LogParamError(
        "container",
        `container ${show(container)} is not a container name: a lowercase RFC 1123 label (letters, digits and '-', at most 63 characters)`,
      );
    out.container = container;
  }
  for (const key of BOOLEANS) {
    const v = one(q, key);
    if (v === undefined) continue;
    if (!["true", "false", "1", "0"].includes(v))
      throw new LogParamError(key, `${key} must be true or false, not ${show(v)}`);
    out[key] = v === "true" || v === "1";
  }
  for (const key of NUMBERS) {
    const v = one(q, key);
    if (v === undefined) continue;
    const max = LOG_LIMITS[key];
    const n = /^\d{1,12}$/.test(v) ? Number(v) : NaN;
    if (!(n >= MIN[key] && n <= max))
      throw new LogParamError(key, `${key} must be a whole number from ${MIN[key]} to ${max}, not ${show(v)}`);
    out[key] = n;
  }
  if (out.download && out.follow)
    throw new LogParamError("follow", "a download is the log as it is now: leave out follow (or download)");
  return out;
}

/** The query string for a log request (only what differs from the defaults), for lib/urls. */
export function logQueryParams(q: Partial<LogQuery>): Record<string, string | undefined> {
  const flag = (b: boolean | undefined) => (b ? "true" : undefined);
  const num = (n: number | undefined) => (n === undefined ? undefined : String(n));
  return {
    container: q.container,
    previous: flag(q.previous),
    follow: flag(q.follow),
    timestamps: flag(q.timestamps),
    tailLines: num(q.tailLines),
    limitBytes: num(q.limitBytes),
    sinceSeconds: num(q.sinceSeconds),
    download: flag(q.download),
  };
}

/** The file a download is saved as: `<pod>_<container>[_previous].log` (names are DNS labels, safe in a header). */
export function logFileName(pod: string, q: Pick<LogQuery, "container" | "previous">): string {
  return `${pod}${q.container ? `_${q.container}` : ""}${q.previous ? "_previous" : ""}.log`;
}
