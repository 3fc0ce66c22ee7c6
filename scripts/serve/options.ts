/**
 * Flags of the console's HTTP server (scripts/serve.ts, also accepted by `npm start`) and the bind rule:
 * only loopback may be served without authentication (docs/architecture.md §5); proxy mode only with a
 * proven proxy (scripts/serve/proxy-options.ts).
 * Every flag has a KRUISE_CONSOLE_* env equivalent; a flag wins over its env.
 */
import path from "node:path";
import { isLoopback } from "./loopback";
import { proxyRefusal } from "./proxy-options";

export { isLoopback };

export type ServeMode = "local" | "token" | "proxy";

export interface ServeOptions {
  host: string;
  port: number;
  mode: ServeMode;
  readOnly: boolean;
  /** proxy mode: an extra condition on the proxy's TCP peer (token mode: whose X-Forwarded-Proto is believed) */
  proxyAddresses: string[];
  /** proxy mode: identity headers are trusted only on TLS connections with a client certificate this CA signed */
  proxyClientCa?: string;
  /** proxy mode: the client certificate's CN must be one of these (any CN when empty) */
  proxyAllowedNames: string[];
  /** proxy mode: the proxy is a sidecar in the console's pod, so loopback may be its address */
  proxySidecar: boolean;
  /** proxy mode: groups refused besides system:masters (exact, or a prefix ending in `*`) */
  proxyRefuseGroups: string[];
  /** proxy mode: do not refuse system:masters (off by default: it would make every proxied user cluster-admin) */
  proxyAllowMasters: boolean;
  proxyUserHeader?: string;
  proxyGroupHeader?: string;
  tlsCert?: string;
  tlsKey?: string;
  /** `memory` or a redis:// / rediss:// URL every replica shares (lib/server/runtime/shared-state.ts) */
  sessionStore: string;
  sessionStorePasswordFile?: string;
  /** rediss://: the CA the Redis server's certificate must chain to */
  sessionStoreCaFile?: string;
  sessionKeyFile?: string;
  /** audit JSON lines: a file, or `stdout` (a container's log pipeline; the server's own messages then go to stderr) */
  auditLog?: string;
  /** addresses or CIDR ranges of an ingress / load balancer whose X-Forwarded-For and -Proto are believed */
  trustedProxies: string[];
}

export class UsageError extends Error {}

/** The environment the options default from (process.env, or a plain object in tests). */
export type Env = Record<string, string | undefined>;

export const SERVE_USAGE = `  --host 127.0.0.1        address to bind (KRUISE_CONSOLE_HOST); non-loopback needs --mode token or proxy
  --port 3000             port (KRUISE_CONSOLE_PORT; 0 = any free port)
  --mode local            local | token | proxy (KRUISE_CONSOLE_MODE)
  --read-only             hide write controls, refuse every write (KRUISE_CONSOLE_READ_ONLY=1)
  --proxy-client-ca F     proxy mode (required, with --tls-cert/--tls-key): identity headers are trusted only on
                          TLS connections whose client certificate this PEM CA signed (KRUISE_CONSOLE_PROXY_CLIENT_CA)
  --proxy-allowed-names a,b  proxy mode: the client certificate's CN must be one of these (KRUISE_CONSOLE_PROXY_ALLOWED_NAMES)
  --proxy-addresses a,b   proxy mode: also require the proxy's connection to come from one of these IPs
                          (KRUISE_CONSOLE_PROXY_ADDRESSES); loopback only with --proxy-sidecar
  --proxy-sidecar         proxy mode: the proxy is a sidecar in this pod, reaching the console over loopback
                          (addresses default to 127.0.0.1,::1) (KRUISE_CONSOLE_PROXY_SIDECAR=1)
  --proxy-refuse-groups a,b  proxy mode: refuse users claiming these groups (403), besides system:masters;
                          \`prefix*\` matches a prefix (KRUISE_CONSOLE_PROXY_REFUSE_GROUPS)
  --proxy-allow-masters   proxy mode: stop refusing system:masters (KRUISE_CONSOLE_PROXY_ALLOW_MASTERS=1)
  --proxy-user-header H   proxy mode: user header (KRUISE_CONSOLE_PROXY_USER_HEADER, default X-Remote-User)
  --proxy-group-header H  proxy mode: group header (KRUISE_CONSOLE_PROXY_GROUP_HEADER, default X-Remote-Group)
  --tls-cert F --tls-key F  serve https with this PEM certificate and key (KRUISE_CONSOLE_TLS_CERT/_KEY)
  --session-store URL     memory (default) or redis://host:6379 / rediss://host:6380, shared by every replica
                          (KRUISE_CONSOLE_SESSION_STORE)
  --session-store-password-file F  Redis password file (KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE)
  --session-store-ca-file F  rediss://: PEM CA the Redis server's certificate must chain to
                          (KRUISE_CONSOLE_SESSION_STORE_CA_FILE)
  --session-key-file F    token mode with Redis (required): AES-256-GCM keys sealing tokens at rest, one per line,
                          the first encrypts (KRUISE_CONSOLE_SESSION_KEY_FILE)
  --audit-log F|stdout    audit JSON lines to a file, or to stdout alone (KRUISE_CONSOLE_AUDIT_LOG)
  --trusted-proxies a,b   token mode: addresses or CIDR ranges of your ingress / load balancer (e.g. the pod network
                          its controller runs in): their X-Forwarded-For names the client the sign-in throttle counts,
                          their X-Forwarded-Proto: https lets the Secure cookie be set (KRUISE_CONSOLE_TRUSTED_PROXIES)`;

const MODES: readonly ServeMode[] = ["local", "token", "proxy"];
const ADDRESS_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?|[0-9a-f:]*:[0-9a-f:.]*(\/\d{1,3})?)$/i;
const list = (v: string | undefined) =>
  (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());

/** Defaults from the environment, so a container can be configured with env alone. */
function fromEnv(env: Env): ServeOptions {
  return {
    host: env.KRUISE_CONSOLE_HOST || "127.0.0.1",
    port: env.KRUISE_CONSOLE_PORT ? Number(env.KRUISE_CONSOLE_PORT) : 3000,
    mode: (env.KRUISE_CONSOLE_MODE || "local").trim() as ServeMode,
    readOnly: truthy(env.KRUISE_CONSOLE_READ_ONLY),
    proxyAddresses: list(env.KRUISE_CONSOLE_PROXY_ADDRESSES),
    proxyClientCa: env.KRUISE_CONSOLE_PROXY_CLIENT_CA || undefined,
    proxyAllowedNames: list(env.KRUISE_CONSOLE_PROXY_ALLOWED_NAMES),
    proxySidecar: truthy(env.KRUISE_CONSOLE_PROXY_SIDECAR),
    proxyRefuseGroups: list(env.KRUISE_CONSOLE_PROXY_REFUSE_GROUPS),
    proxyAllowMasters: truthy(env.KRUISE_CONSOLE_PROXY_ALLOW_MASTERS),
    proxyUserHeader: env.KRUISE_CONSOLE_PROXY_USER_HEADER || undefined,
    proxyGroupHeader: env.KRUISE_CONSOLE_PROXY_GROUP_HEADER || undefined,
    tlsCert: env.KRUISE_CONSOLE_TLS_CERT || undefined,
    tlsKey: env.KRUISE_CONSOLE_TLS_KEY || undefined,
    sessionStore: (env.KRUISE_CONSOLE_SESSION_STORE || "memory").trim(),
    sessionStorePasswordFile: env.KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE || undefined,
    sessionStoreCaFile: env.KRUISE_CONSOLE_SESSION_STORE_CA_FILE || undefined,
    sessionKeyFile: env.KRUISE_CONSOLE_SESSION_KEY_FILE || undefined,
    auditLog: env.KRUISE_CONSOLE_AUDIT_LOG || undefined,
    trustedProxies: list(env.KRUISE_CONSOLE_TRUSTED_PROXIES),
  };
}

type Setter = (o: ServeOptions, v: string) => void;
const VALUED: Record<string, Setter> = {
  "--host": (o, v) => {
    o.host = v;
  },
  "--port": (o, v) => {
    o.port = Number(v);
  },
  "--mode": (o, v) => {
    o.mode = v as ServeMode;
  },
  "--proxy-addresses": (o, v) => {
    o.proxyAddresses = list(v);
  },
  "--proxy-client-ca": (o, v) => {
    o.proxyClientCa = v;
  },
  "--proxy-allowed-names": (o, v) => {
    o.proxyAllowedNames = list(v);
  },
  "--proxy-refuse-groups": (o, v) => {
    o.proxyRefuseGroups = list(v);
  },
  "--proxy-user-header": (o, v) => {
    o.proxyUserHeader = v;
  },
  "--proxy-group-header": (o, v) => {
    o.proxyGroupHeader = v;
  },
  "--tls-cert": (o, v) => {
    o.tlsCert = v;
  },
  "--tls-key": (o, v) => {
    o.tlsKey = v;
  },
  "--session-store": (o, v) => {
    o.sessionStore = v;
  },
  "--session-store-password-file": (o, v) => {
    o.sessionStorePasswordFile = v;
  },
  "--session-store-ca-file": (o, v) => {
    o.sessionStoreCaFile = v;
  },
  "--session-key-file": (o, v) => {
    o.sessionKeyFile = v;
  },
  "--audit-log": (o, v) => {
    o.auditLog = v;
  },
  "--trusted-proxies": (o, v) => {
    o.trustedProxies = list(v);
  },
};

type Switch = (o: ServeOptions, on: boolean) => void;
const SWITCHES: Record<string, Switch> = {
  "--read-only": (o, on) => {
    o.readOnly = on;
  },
  "--proxy-sidecar": (o, on) => {
    o.proxySidecar = on;
  },
  "--proxy-allow-masters": (o, on) => {
    o.proxyAllowMasters = on;
  },
};

/** Parses the flags; throws UsageError (empty message for --help) on anything it does not know or accept. */
export function parseServeArgs(argv: string[], env: Env = {}): ServeOptions {
  const o = fromEnv(env);
  for (let i = 0; i < argv.length; i++) {
    const eq = argv[i].indexOf("=");
    const flag = eq > 0 ? argv[i].slice(0, eq) : argv[i];
    const inline = eq > 0 ? argv[i].slice(eq + 1) : undefined;
    if (Object.hasOwn(SWITCHES, flag)) SWITCHES[flag](o, inline === undefined || truthy(inline));
    else if (flag === "--help" || flag === "-h") throw new UsageError("");
    else if (Object.hasOwn(VALUED, flag)) {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
      VALUED[flag](o, v);
    } else throw new UsageError(`unknown flag ${argv[i]}`);
  }
  validate(o);
  // A sidecar reaches the console over loopback only: make that the address condition.
  if (o.mode === "proxy" && o.proxySidecar && o.proxyAddresses.length === 0) o.proxyAddresses = ["127.0.0.1", "::1"];
  return o;
}

function validate(o: ServeOptions) {
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)
    throw new UsageError("--port must be a number 0-65535");
  if (!o.host) throw new UsageError("--host needs a value");
  if (!MODES.includes(o.mode))
    throw new UsageError(`--mode ${JSON.stringify(o.mode)}: expected one of ${MODES.join(", ")}`);
  if (Boolean(o.tlsCert) !== Boolean(o.tlsKey))
    throw new UsageError("--tls-cert and --tls-key go together: give both to serve https");
  if (o.sessionStore !== "memory" && !/^rediss?:\/\/[^/]/.test(o.sessionStore))
    throw new UsageError(
      `--session-store: expected "memory" or a redis://host:6379 / rediss://host:6380 URL, got ${JSON.stringify(o.sessionStore.replace(/\/\/[^@/]*@/, "//…@"))}`,
    );
  const badProxy = o.trustedProxies.find((p) => !ADDRESS_OR_CIDR.test(p));
  if (badProxy)
    throw new UsageError(
      `--trusted-proxies: ${JSON.stringify(badProxy.slice(0, 60))} is not an IP address or a CIDR range (10.0.0.0/8, fd00::/8)`,
    );
  if (o.sessionStore !== "memory" && o.mode === "token" && !o.sessionKeyFile)
    throw new UsageError(
      "--session-store redis://… in token mode needs --session-key-file <file> (bearer tokens are encrypted at rest): " +
        "create one with `head -c32 /dev/urandom | base64 > session.key` and give every replica the same file",
    );
}

/**
 * Why these options may not be served, or null when they may: local mode acts with the kubeconfig's
 * credentials for whoever connects, so only loopback; proxy mode trusts identity headers only from a
 * proxy that proves itself with a client certificate (proxyRefusal).
 */
export function bindRefusal(o: ServeOptions): string | null {
  const proxy = proxyRefusal(o);
  if (proxy) return proxy;
  if (o.mode === "local" && !isLoopback(o.host)) {
    return (
      `Refusing to bind ${o.host} in local mode: it would act with your kubeconfig's credentials for everyone who can reach it.\n` +
      "Either bind 127.0.0.1 (the default) and reach it through an SSH tunnel or `kubectl port-forward`, or share it with\n" +
      "authentication: --mode token (users sign in with their own Kubernetes bearer token) or --mode proxy --proxy-client-ca <file>\n" +
      "(behind an authenticating proxy that presents a client certificate). Add --tls-cert/--tls-key, or terminate TLS at the proxy, so tokens never travel in clear."
    );
  }
  return null;
}

/** Where local mode's audit lines go unless --audit-log says: a file under the checkout's `.tmp/`, not the terminal. */
export const LOCAL_AUDIT_LOG = ".tmp/audit.log";

/**
 * The options with local mode's audit default filled in (`<root>/.tmp/audit.log`): one person at their own terminal
 * reads the server's messages there, not a JSON line per write. Shared modes keep their sink as configured (stdout
 * unless --audit-log), since a container's log pipeline collects it.
 */
export function withAuditDefault(o: ServeOptions, root: string): ServeOptions {
  if (o.mode !== "local" || o.auditLog) return o;
  return { ...o, auditLog: path.join(root, LOCAL_AUDIT_LOG) };
}

/** The KRUISE_CONSOLE_* environment the app reads (lib/server/auth/config.ts), set before Next loads. */
export function consoleEnv(o: ServeOptions): Record<string, string> {
  const env: Record<string, string> = { KRUISE_CONSOLE_MODE: o.mode, KRUISE_CONSOLE_READ_ONLY: o.readOnly ? "1" : "0" };
  if (o.proxyAddresses.length) env.KRUISE_CONSOLE_PROXY_ADDRESSES = o.proxyAddresses.join(",");
  if (o.proxyRefuseGroups.length) env.KRUISE_CONSOLE_PROXY_REFUSE_GROUPS = o.proxyRefuseGroups.join(",");
  if (o.proxyAllowMasters) env.KRUISE_CONSOLE_PROXY_ALLOW_MASTERS = "1";
  if (o.proxyUserHeader) env.KRUISE_CONSOLE_PROXY_USER_HEADER = o.proxyUserHeader;
  if (o.proxyGroupHeader) env.KRUISE_CONSOLE_PROXY_GROUP_HEADER = o.proxyGroupHeader;
  env.KRUISE_CONSOLE_SESSION_STORE = o.sessionStore;
  if (o.sessionStorePasswordFile) env.KRUISE_CONSOLE_SESSION_STORE_PASSWORD_FILE = o.sessionStorePasswordFile;
  if (o.sessionStoreCaFile) env.KRUISE_CONSOLE_SESSION_STORE_CA_FILE = o.sessionStoreCaFile;
  if (o.sessionKeyFile) env.KRUISE_CONSOLE_SESSION_KEY_FILE = o.sessionKeyFile;
  if (o.auditLog) env.KRUISE_CONSOLE_AUDIT_LOG = o.auditLog;
  if (o.trustedProxies.length) env.KRUISE_CONSOLE_TRUSTED_PROXIES = o.trustedProxies.join(",");
  return env;
}

/** Flags that reproduce these options (the launcher hands them to scripts/serve.ts). */
export function toArgs(o: ServeOptions): string[] {
  const a = ["--host", o.host, "--port", String(o.port), "--mode", o.mode];
  if (o.readOnly) a.push("--read-only");
  if (o.proxyClientCa) a.push("--proxy-client-ca", o.proxyClientCa);
  if (o.proxyAllowedNames.length) a.push("--proxy-allowed-names", o.proxyAllowedNames.join(","));
  if (o.proxyAddresses.length) a.push("--proxy-addresses", o.proxyAddresses.join(","));
  if (o.proxySidecar) a.push("--proxy-sidecar");
  if (o.proxyRefuseGroups.length) a.push("--proxy-refuse-groups", o.proxyRefuseGroups.join(","));
  if (o.proxyAllowMasters) a.push("--proxy-allow-masters");
  if (o.proxyUserHeader) a.push("--proxy-user-header", o.proxyUserHeader);
  if (o.proxyGroupHeader) a.push("--proxy-group-header", o.proxyGroupHeader);
  if (o.tlsCert && o.tlsKey) a.push("--tls-cert", o.tlsCert, "--tls-key", o.tlsKey);
  if (o.sessionStore !== "memory") a.push("--session-store", o.sessionStore);
  if (o.sessionStorePasswordFile) a.push("--session-store-password-file", o.sessionStorePasswordFile);
  if (o.sessionStoreCaFile) a.push("--session-store-ca-file", o.sessionStoreCaFile);
  if (o.sessionKeyFile) a.push("--session-key-file", o.sessionKeyFile);
  if (o.auditLog) a.push("--audit-log", o.auditLog);
  if (o.trustedProxies.length) a.push("--trusted-proxies", o.trustedProxies.join(","));
  return a;
}
