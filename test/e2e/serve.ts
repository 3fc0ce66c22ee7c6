/**
 * Playwright's web server: the sandbox (demo scenario, fast mode) plus three instances of the built
 * dashboard (scripts/serve.ts) on loopback, all on the same sandbox kubeconfig: local mode on --port,
 * token mode on E2E_SHARED_PORT (output also to SHARED_LOG), local --read-only on E2E_READONLY_PORT, and proxy
 * mode over https on E2E_PROXY_PORT, trusting a client certificate from the run's own CA (PROXY_PKI_DIR; the
 * browser plays the auth proxy by presenting it and sending X-Remote-User).
 * The token-mode instance also sees a second sandbox with other users as context `prod` (second-cluster.ts),
 * so per-cluster sign-in is exercised with two clusters whose users differ. A fifth instance, token mode on
 * E2E_REDIS_PORT, keeps its sessions in a redis-server on E2E_REDIS_STORE_PORT (started as
 * test/integration/redis-server.ts does) and trusts 127.0.0.1 as its ingress (paths.ts REDIS_URL).
 * The sandbox kubeconfig is written to test/e2e/cluster.ts's KUBECONFIG path so specs can run kubectl.
 * The dashboard reaches the sandbox only through that kubeconfig, like any cluster.
 * With the kruise-manager build at hand (paths.ts REAL_CONTROLLER), the real-controller cluster starts beside the
 * sandbox (real-cluster.ts) and the local instance also reads its kubeconfig, context `kruise`, once it is written.
 */
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { needsBuild } from "../../scripts/launcher/build";
import { startChild, stopChildren, waitForLine } from "../../scripts/launcher/children";
import { parse, stringify } from "yaml";
import { randomBytes } from "node:crypto";
import { startRedis, type TestRedis } from "../integration/redis-server";
import { makeProxyPki, PROXY_CN, proxyFlags } from "../support/proxy-pki";
import {
  E2E_KUBECONFIG,
  KRUISE_KUBECONFIG,
  PROXY_PKI_DIR,
  REAL_CONTROLLER,
  REDIS_GLOBAL_FAILURES,
  SHARED_LOG,
} from "./paths";
import { clearRealCluster, startRealCluster, stopRealCluster } from "./real-cluster";
import {
  PROD,
  PROD_ADMIN_TOKEN,
  PROD_KUBECONFIG,
  PROD_USERS,
  PROD_USERS_FILE,
  SHARED_KUBECONFIG,
} from "./second-cluster";

const root = path.resolve(__dirname, "../..");
let redis: TestRedis | undefined;
const port = process.argv[process.argv.indexOf("--port") + 1];
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

/** One scripts/serve.ts instance; resolves once it prints its ready line, then keeps echoing (and logging) its output. */
async function serve(
  name: string,
  args: string[],
  log?: NodeJS.WritableStream,
  kubeconfig: string | string[] = E2E_KUBECONFIG,
  more: Record<string, string> = {},
) {
  // node with tsx as a loader (no npx in between), so stopping the child stops the server itself.
  const app = startChild(process.execPath, ["--import", "tsx", "scripts/serve.ts", "--host", "127.0.0.1", ...args], {
    cwd: root,
    // A list is merged as kubectl merges KUBECONFIG; a file not yet written is skipped until it is.
    env: { ...env, ...more, KRUISE_CONSOLE_KUBECONFIG: [kubeconfig].flat().join(path.delimiter) },
    pipe: true,
    group: "shared",
  });
  const out = (c: Buffer | string, to: NodeJS.WriteStream) => {
    to.write(c);
    log?.write(c);
  };
  app.on("exit", () => void stopChildren().then(() => process.exit(1)));
  await waitForLine(app, /\bready on\b/, 180_000, (l) => out(`[${name}] ${l}\n`, process.stdout));
  app.stdout?.on("data", (c: Buffer) => out(c, process.stdout));
  app.stderr?.on("data", (c: Buffer) => out(c, process.stderr));
}

/** A second sandbox (no scenario, its own users), merged into the demo kubeconfig as context `prod`. */
async function startSecondCluster(): Promise<void> {
  writeFileSync(PROD_USERS_FILE, stringify(PROD_USERS), { mode: 0o600 });
  const prod = startChild(
    "npx",
    [
      "tsx",
      "sandbox/cli.ts",
      "--port",
      "0",
      "--kubeconfig",
      PROD_KUBECONFIG,
      "--scenario",
      "none",
      "--no-controllers",
      "--users",
      PROD_USERS_FILE,
    ],
    { cwd: root, env, pipe: true, group: "shared" },
  );
  await waitForLine(prod, /\bready\b/i, 180_000, (l) => console.log(`[prod] ${l}`));
  prod.stdout?.on("data", () => undefined);
  prod.stderr?.on("data", (c: Buffer) => process.stderr.write(c));
  const demo = parse(readFileSync(E2E_KUBECONFIG, "utf8")) as KubeconfigDoc;
  const second = parse(readFileSync(PROD_KUBECONFIG, "utf8")) as KubeconfigDoc;
  const server = second.clusters[0].cluster;
  demo.clusters.push({ name: PROD, cluster: server });
  demo.users.push({ name: `${PROD}-admin`, user: { token: PROD_ADMIN_TOKEN } });
  demo.contexts.push({ name: PROD, context: { cluster: PROD, user: `${PROD}-admin` } });
  writeFileSync(SHARED_KUBECONFIG, stringify(demo), { mode: 0o600 });
}

/** Token mode on a Redis session store, with the spec's requests playing the ingress (127.0.0.1 trusted). */
async function serveOnRedis(): Promise<void> {
  redis = await startRedis({ port: Number(need("E2E_REDIS_STORE_PORT")) });
  const keyFile = path.join(path.dirname(E2E_KUBECONFIG), "session.key");
  writeFileSync(keyFile, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600 });
  await serve(
    "redis",
    [
      ...["--port", need("E2E_REDIS_PORT"), "--mode", "token", "--trusted-proxies", "127.0.0.1"],
      ...["--session-store", redis.url, "--session-key-file", keyFile],
    ],
    undefined,
    E2E_KUBECONFIG,
    { KRUISE_CONSOLE_SIGNIN_GLOBAL_FAILURES: String(REDIS_GLOBAL_FAILURES), KRUISE_CONSOLE_SIGNIN_SLOWDOWN_MS: "300" },
  );
}

interface KubeconfigDoc {
  clusters: { name: string; cluster: unknown }[];
  users: { name: string; user: unknown }[];
  contexts: { name: string; context: unknown }[];
}

async function main() {
  rmSync(E2E_KUBECONFIG, { force: true });
  mkdirSync(path.dirname(E2E_KUBECONFIG), { recursive: true });
  clearRealCluster();
  // Not awaited: its specs wait for its kubeconfig (test/e2e/real.ts), the others never need it.
  if (REAL_CONTROLLER) void startRealCluster((l) => console.log(`[kruise] ${l}`));
  const sandbox = startChild(
    "npx",
    ["tsx", "sandbox/cli.ts", "--port", "0", "--kubeconfig", E2E_KUBECONFIG, "--scenario", "demo", "--fast"],
    { cwd: root, env, pipe: true, group: "shared" },
  );
  await waitForLine(sandbox, /\bready\b/i, 180_000, (l) => console.log(`[sandbox] ${l}`));
  sandbox.stdout?.on("data", () => undefined);
  sandbox.stderr?.on("data", (c: Buffer) => process.stderr.write(c));
  if (needsBuild(root)) {
    // Async, so a SIGTERM during the build still runs our handler.
    const build = startChild("npx", ["next", "build"], { cwd: root, env, group: "shared" });
    const code = await new Promise<number | null>((r) => build.on("exit", r));
    if (code !== 0) throw new Error("next build failed");
  }
  mkdirSync(path.dirname(SHARED_LOG), { recursive: true });
  const sharedLog = createWriteStream(SHARED_LOG, { flags: "w" });
  rmSync(PROXY_PKI_DIR, { recursive: true, force: true });
  const pki = makeProxyPki(PROXY_PKI_DIR);
  // The extra instances first: Playwright starts the specs once the local one (--port) answers.
  await Promise.all([
    startSecondCluster().then(() =>
      serve("shared", ["--port", need("E2E_SHARED_PORT"), "--mode", "token"], sharedLog, SHARED_KUBECONFIG),
    ),
    serve("read-only", ["--port", need("E2E_READONLY_PORT"), "--mode", "local", "--read-only"]),
    serve("proxy", ["--port", need("E2E_PROXY_PORT"), ...proxyFlags(pki), "--proxy-allowed-names", PROXY_CN]),
    serveOnRedis(),
  ]);
  await serve(
    "local",
    ["--port", port, "--mode", "local"],
    undefined,
    REAL_CONTROLLER ? [E2E_KUBECONFIG, KRUISE_KUBECONFIG] : E2E_KUBECONFIG,
  );
}

function need(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set (playwright.config.ts chooses it)`);
  return v;
}

const stop = () =>
  void stopRealCluster()
    .catch(() => undefined)
    .then(() => Promise.all([stopChildren(), redis?.close()]))
    .then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
main().catch(async (e: unknown) => {
  console.error(e);
  await stopRealCluster().catch(() => undefined);
  await Promise.all([stopChildren(), redis?.close()]);
  process.exit(1);
});
