import "server-only";
import { findKubeconfig, type KubeconfigSource } from "../kubeconfig";

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
  proxy: ProxyConfig;
  /** audit log file (JSON lines); stdout when unset or `stdout` */
  auditLog?: string;
  /** audit lines per minute for writes refused without a session (the rest are counted in one line) */
  auditAnonPerMinute: number;
  /** the informer hub's limits (unset: the hub's defaults, lib/server/hub/hub.ts) */
  watches: { idleStopMs?: number; maxScopesPerCluster?: number; maxScopes?: number };
  /**
   * Where the clusters come from (kubeconfig.ts findKubeconfig: KRUISE_CONSOLE_KUBECONFIG, KUBECONFIG,
   * ~/.kube/config, the pod's service account), or null when there is none.
   */
  kubeconfig: KubeconfigSource | null;
  /**
   * The secret the console's own server (scripts/serve.ts) stamps each request's peer headers with (auth/peer.ts);
   * unset (plain `next start`): no request carries a stamp the app believes.
   */
  stamp?: string;
  /** where sessions, CSRF secrets, the sign-in throttle and stream caps live (runtime/shared-state.ts) */
  sessionStore: SessionStoreConfig;
  // Per-cluster sessions and the limits that hold behind an ingress (token mode).
  /** sign-in entries one user may hold per cluster: the oldest ends beyond this */
  maxSessionsPerUser: number;
  /** concurrent SSE streams one user may hold (token mode: per cluster; proxy mode: the proxy's user) */
  maxStreamsPerUser: number;
  signIn: {
    /** failed sign-ins per client address (an IPv6 /64) within the window: beyond, that address gets 429 */
    failuresPerAddress: number;
    /** sign-ins per verified user and cluster within the window: beyond, that user gets 429 */
    signInsPerUser: number;
    /** failed sign-ins from everyone within the window: beyond, every sign-in is answered slowdownMs later */
    failuresGlobal: number;
    slowdownMs: number;
    windowMs: number;
    /** addresses or CIDR ranges (an ingress, a load balancer) whose X-Forwarded-For / -Proto are believed */
    trustedProxies: string[];
  };
}

/**
 * Proxy mode. Whether a request is the auth proxy is decided by the console's server from the TLS client
 * certificate (and the addresses, as an extra condition) and stamped (peer.ts); this is what the app
 * then does with the identity it names.
 */
export interface ProxyConfig {
  /** the proxy's addresses (scripts/serve checks them; token mode: whose forwarded headers are believed) */
  addresses: string[];
  userHeader: string;
  groupHeader: string;
  /** groups a proxied user may not claim (403): system:masters unless allowed, plus the operator's; `x*` = prefix */
  refuseGroups: string[];
}

/** `memory` (one process) or a Redis every replica shares. */
export type SessionStoreConfig =
  | { kind: "memory" }
  | {
      kind: "redis";
      /** redis://host:port[/db] or rediss:// */
      url: string;
      /** file holding the Redis password (a mounted Secret) */
      passwordFile?: string;
      /** rediss://: PEM CA the Redis server's certificate must chain to (else the system's roots) */
      caFile?: string;
      /** AES-256-GCM key file sealing bearer tokens at rest (token mode); first line encrypts, all decrypt */
      keyFile?: string;
    };

/**
 * KRUISE_CONSOLE_SESSION_STORE: unset or `memory`, else a redis:// or rediss:// URL. Throws what to fix
 * otherwise (the server script checks the same before it starts).
 */
export function readSessionStore(env: Record<string, string | undefined>): SessionStoreConfig {
  const raw = (env.KRUISE_CONSOLE_SESSION_STORE ?? "").trim();
  if (!raw || raw === "memory") return { kind: "memory" };
  if (!/^rediss?:\/\/[^/]/.test(raw))
    throw new Error(
      `KRUISE_CONSOLE_SESSION_STORE: expected "memory" or a redis://host:6379 / rediss://host:6380 URL, got ${JSON.stringify(raw.replace(/\/\/[^@/]*@/, "//…@"))}`,
    );
  return {
    kind: "redis",
    url: raw,
    ...(env.KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE
      ? { passwordFile: env.KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE }
      : {}),
    ...(env.KRUISE_CONSOLE_SESSION_KEY_FILE ? { keyFile: env.KRUISE_CONSOLE_SESSION_KEY_FILE } : {}),
    ...(env.KRUISE_CONSOLE_SESSION_STORE_CA_FILE ? { caFile: env.KRUISE_CONSOLE_SESSION_STORE_CA_FILE } : {}),
  };
}

/** The group kube-apiserver lets do anything, whatever RBAC says (refused by default in proxy mode). */
export const MASTERS_GROUP = "system:masters";

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

function readProxyConfig(env: Record<string, string | undefined>): ProxyConfig {
  const refuse = list(env.KRUISE_CONSOLE_PROXY_REFUSE_GROUPS);
  return {
    addresses: list(env.KRUISE_CONSOLE_PROXY_ADDRESSES),
    userHeader: (env.KRUISE_CONSOLE_PROXY_USER_HEADER || "X-Remote-User").toLowerCase(),
    groupHeader: (env.KRUISE_CONSOLE_PROXY_GROUP_HEADER || "X-Remote-Group").toLowerCase(),
    refuseGroups: truthy(env.KRUISE_CONSOLE_PROXY_ALLOW_MASTERS) ? refuse : [MASTERS_GROUP, ...refuse],
  };
}

/** Reads the console's configuration from the environment (the launcher maps its flags onto these). */
export function readConsoleConfig(env: Record<string, string | undefined> = process.env): ConsoleConfig {
  const mode = (env.KRUISE_CONSOLE_MODE || "local").trim() as AuthMode;
  if (!MODES.includes(mode))
    throw new Error(`KRUISE_CONSOLE_MODE=${JSON.stringify(mode)}: expected one of ${MODES.join(", ")}`);
  const cfg: ConsoleConfig = {
    mode,
    readOnly: truthy(env.KRUISE_CONSOLE_READ_ONLY),
    sessionTtlMs: num(env, "KRUISE_CONSOLE_SESSION_HOURS", 8) * 3600_000,
    sessionIdleMs: num(env, "KRUISE_CONSOLE_SESSION_IDLE_MINUTES", 60) * 60_000,
    accessCacheMs: num(env, "KRUISE_CONSOLE_ACCESS_CACHE_SECONDS", 10) * 1000,
    maxStreamsPerSession: num(env, "KRUISE_CONSOLE_MAX_STREAMS", 12),
    ...limitsFrom(env),
    proxy: readProxyConfig(env),
    sessionStore: readSessionStore(env),
    auditAnonPerMinute: count(env, "KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE", AUDIT_ANON_PER_MINUTE, true),
    watches: watchLimits(env),
    kubeconfig: findKubeconfig(env),
  };
  if (env.KRUISE_CONSOLE_STAMP) cfg.stamp = env.KRUISE_CONSOLE_STAMP;
  // `stdout` (or `-`): one JSON object per line on stdout, for a container's log pipeline.
  const auditLog = env.KRUISE_CONSOLE_AUDIT_LOG?.trim();
  if (auditLog && auditLog !== "stdout" && auditLog !== "-") cfg.auditLog = auditLog;
  return cfg;
}

/** Per-cluster session and sign-in limits (README "Shared mode" lists them with their defaults). */
function limitsFrom(env: Record<string, string | undefined>) {
  return {
    maxSessionsPerUser: Math.max(1, num(env, "KRUISE_CONSOLE_MAX_SESSIONS_PER_USER", 5)),
    maxStreamsPerUser: num(env, "KRUISE_CONSOLE_MAX_STREAMS_PER_USER", 24),
    signIn: {
      failuresPerAddress: Math.max(1, num(env, "KRUISE_CONSOLE_SIGNIN_FAILURES", 10)),
      signInsPerUser: Math.max(1, num(env, "KRUISE_CONSOLE_SIGNIN_PER_USER", 60)),
      failuresGlobal: Math.max(1, num(env, "KRUISE_CONSOLE_SIGNIN_GLOBAL_FAILURES", 100)),
      slowdownMs: num(env, "KRUISE_CONSOLE_SIGNIN_SLOWDOWN_MS", 1000),
      windowMs: num(env, "KRUISE_CONSOLE_SIGNIN_WINDOW_SECONDS", 300) * 1000,
      trustedProxies: list(env.KRUISE_CONSOLE_TRUSTED_PROXIES),
    },
  };
}

/** Default lines per minute for writes refused without a session (KRUISE_CONSOLE_AUDIT_ANON_PER_MINUTE). */
export const AUDIT_ANON_PER_MINUTE = 60;

/** An integer setting (≥ 1, or ≥ 0 with `zeroOk`); unset or invalid is `dflt` (these never stop the console starting). */
function count<D extends number | undefined>(
  env: Record<string, string | undefined>,
  name: string,
  dflt: D,
  zeroOk = false,
): number | D {
  const n = Number(env[name]);
  return env[name] && Number.isInteger(n) && (zeroOk ? n >= 0 : n > 0) ? n : dflt;
}

/** The hub's limits (KRUISE_CONSOLE_WATCH_IDLE_SECONDS, KRUISE_CONSOLE_MAX_WATCHES[_PER_CLUSTER]). */
function watchLimits(env: Record<string, string | undefined>): ConsoleConfig["watches"] {
  const idle = Number(env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS);
  const perCluster = count(env, "KRUISE_CONSOLE_MAX_WATCHES_PER_CLUSTER", undefined);
  const total = count(env, "KRUISE_CONSOLE_MAX_WATCHES", undefined);
  return {
    ...(env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS && Number.isFinite(idle) && idle >= 0 ? { idleStopMs: idle * 1000 } : {}),
    ...(perCluster === undefined ? {} : { maxScopesPerCluster: perCluster }),
    ...(total === undefined ? {} : { maxScopes: total }),
  };
}
