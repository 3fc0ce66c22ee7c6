/**
 * `npm start`: serve the dashboard on 127.0.0.1:3000 against the user's kubeconfig, or against the
 * built-in sandbox when there is none (`--sandbox` adds it beside the user's contexts).
 * Builds first when the build is missing or older than the sources, then serves through scripts/serve.ts
 * (flags pass through: `npm start -- --mode token --host 0.0.0.0`). See README "Configuration", "Shared mode".
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { parseArgs, serveArgs, USAGE, UsageError, type LaunchOptions } from "./launcher/args";
import { needsBuild, runBuild } from "./launcher/build";
import { startChild, stopChildren, waitForLine } from "./launcher/children";
import { bindRefusal } from "./serve/options";
import {
  findKubeconfig,
  inClusterKubeconfig,
  mergeKubeconfigs,
  readKubeconfig,
  renameSandbox,
  type KubeConfig,
} from "./launcher/kubeconfig";

const root = path.resolve(__dirname, "..");
const tmp = path.join(root, ".tmp", "launcher");
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const log = (msg: string) => console.log(`[kruise-console] ${msg}`);

async function startSandbox(): Promise<KubeConfig> {
  const kubeconfig = path.join(root, ".tmp", "sandbox", "kubeconfig");
  mkdirSync(path.dirname(kubeconfig), { recursive: true });
  log("starting the sandbox cluster (demo scenario)…");
  const child = startChild(
    "npx",
    ["tsx", "sandbox/cli.ts", "--port", "0", "--kubeconfig", kubeconfig, "--scenario", "demo"],
    { cwd: root, env, pipe: true },
  );
  await waitForLine(child, /\bready\b/i, 120_000, (l) => console.log(`[sandbox] ${l}`));
  return renameSandbox(readKubeconfig(kubeconfig));
}

/** Decide the clusters; returns the kubeconfig path for the dashboard, or undefined to let it use the default. */
async function clusters(opts: LaunchOptions): Promise<string | undefined> {
  const source = findKubeconfig(process.env);
  if (source.kind !== "none" && !opts.sandbox) {
    log(
      source.kind === "in-cluster"
        ? "using the in-cluster service account"
        : `using kubeconfig ${source.files.join(path.delimiter)}`,
    );
    return undefined;
  }
  const user =
    source.kind === "files"
      ? source.files.map(readKubeconfig)
      : source.kind === "in-cluster"
        ? [inClusterKubeconfig(process.env)]
        : [];
  if (source.kind === "none") log("no kubeconfig found (KUBECONFIG, ~/.kube/config, in-cluster): using the sandbox");
  const merged = mergeKubeconfigs([...user, await startSandbox()]);
  mkdirSync(tmp, { recursive: true });
  const file = path.join(tmp, "kubeconfig");
  writeFileSync(file, stringify(merged), { mode: 0o600 });
  return file;
}

async function build() {
  if (!needsBuild(root)) return;
  log("building the dashboard (next build; the first build takes a few minutes, progress below)…");
  await runBuild(root, env, log);
}

async function main() {
  let opts: LaunchOptions;
  try {
    opts = parseArgs(process.argv.slice(2), process.env);
    // Checked before starting anything: local mode on a non-loopback address, proxy mode without proxies.
    const refusal = bindRefusal(opts.serve);
    if (refusal) throw new UsageError(refusal);
  } catch (e) {
    if (e instanceof UsageError) {
      if (e.message) console.error(e.message);
      console.error(USAGE);
      process.exit(e.message ? 2 : 0);
    }
    throw e;
  }
  const onSignal = () => void stopChildren().then(() => process.exit(0));
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  const kubeconfig = await clusters(opts);
  if (kubeconfig) env.KRUISE_CONSOLE_KUBECONFIG = kubeconfig;
  await build();
  const server = startChild("npx", ["tsx", "scripts/serve.ts", ...serveArgs(opts)], { cwd: root, env, pipe: true });
  const ready = await waitForLine(server, /\bready on\b/i, 120_000, (l) => console.log(l));
  log(`open ${/ready on (\S+)/.exec(ready)?.[1] ?? "the address above"}  (Ctrl-C to stop)`);
  server.on("exit", (code) => {
    log(`dashboard exited (${code}); stopping`);
    void stopChildren().then(() => process.exit(code ?? 1));
  });
  server.stdout?.on("data", (c: Buffer) => process.stdout.write(c));
  server.stderr?.on("data", (c: Buffer) => process.stderr.write(c));
}

main().catch(async (e: unknown) => {
  console.error(`[kruise-console] ${e instanceof Error ? e.message : String(e)}`);
  await stopChildren();
  process.exit(1);
});
