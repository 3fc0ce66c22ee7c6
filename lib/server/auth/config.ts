import "server-only";

/** How the console decides who is asking (docs/architecture.md §5). */
export type AuthMode = "local" | "token" | "proxy";

export interface ConsoleConfig {
  mode: AuthMode;
  /** --read-only: write controls hidden, write routes 403 whatever the user's RBAC */
  readOnly: boolean;
  /** absolute session lifetime (token mode) */
  sessionTtlMs: number;
  /** a session unused this long ends (token mode) */
  sessionIdleMs: number;
  /** how long a SubjectAccessReview answer is reused: a revoked permission takes effect within this */
  accessCacheMs: number;
  /** concurrent SSE streams one session (or proxy user) may hold */
  maxStreamsPerSession: number;
  proxy: {
    /** peer addresses (exact IPs) whose identity headers are trusted */
    addresses: string[];
    userHeader: string;
    groupHeader: string;
  };
  /** audit log file (JSON lines); stdout when unset */
  auditLog?: string;
}

const MODES: readonly AuthMode[] = ["local", "token", "proxy"];

function num(env: Record<string, string | undefined>, name: string, dflt: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return dflt;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name}=${JSON.stringify(raw)} is not a non-negative number`);
  return n;
}

const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

/** Reads the console's configuration from the environment (the launcher maps its flags onto these). */
export function readConsoleConfig(env: Record<string, string | undefined> = process.env): ConsoleConfig {
  const mode = (env.KRUISE_CONSOLE_MODE || "local").trim() as AuthMode;
  if (!MODES.includes(mode))
    throw new Error(`KRUISE_CONSOLE_MODE=${JSON.stringify(mode)}: expected one of ${MODES.join(", ")}`);
  const proxyAddresses = list(env.KRUISE_CONSOLE_PROXY_ADDRESSES);
  if (mode === "proxy" && proxyAddresses.length === 0) {
    throw new Error(
      "proxy mode needs KRUISE_CONSOLE_PROXY_ADDRESSES (--proxy-addresses): the auth proxy's IP addresses whose identity headers are trusted",
    );
  }
  const cfg: ConsoleConfig = {
    mode,
    readOnly: truthy(env.KRUISE_CONSOLE_READ_ONLY),
    sessionTtlMs: num(env, "KRUISE_CONSOLE_SESSION_HOURS", 8) * 3600_000,
    sessionIdleMs: num(env, "KRUISE_CONSOLE_SESSION_IDLE_MINUTES", 60) * 60_000,
    accessCacheMs: num(env, "KRUISE_CONSOLE_ACCESS_CACHE_SECONDS", 10) * 1000,
    maxStreamsPerSession: num(env, "KRUISE_CONSOLE_MAX_STREAMS", 12),
    proxy: {
      addresses: proxyAddresses,
      userHeader: (env.KRUISE_CONSOLE_PROXY_USER_HEADER || "X-Remote-User").toLowerCase(),
      groupHeader: (env.KRUISE_CONSOLE_PROXY_GROUP_HEADER || "X-Remote-Group").toLowerCase(),
    },
  };
  if (env.KRUISE_CONSOLE_AUDIT_LOG) cfg.auditLog = env.KRUISE_CONSOLE_AUDIT_LOG;
  return cfg;
}

let cached: { key: string; cfg: ConsoleConfig } | undefined;

/** The process's configuration, re-read when the KRUISE_CONSOLE_* environment changes (tests switch modes). */
export function consoleConfig(): ConsoleConfig {
  const key = Object.entries(process.env)
    .filter(([k]) => k.startsWith("KRUISE_CONSOLE_"))
    .sort()
    .map(([k, v]) => `${k}=${v}`)
    .join("\n");
  if (cached?.key !== key) cached = { key, cfg: readConsoleConfig() };
  return cached.cfg;
}
