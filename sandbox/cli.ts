/**
 * Sandbox cluster launcher: `npm run sandbox -- --port <p> --kubeconfig <file> [--scenario <name>|none]
 * [--users <file>] [--watch-history <n>] [--fast] [--no-controllers] [--latency <ms>] [--error-rate verb=0.1]`.
 * Prints one line containing `ready` once it serves; stops cleanly on SIGINT/SIGTERM.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseErrorRates } from "./apiserver/faults";
import { startApiServer } from "./apiserver/index";

interface Args {
  port: number;
  kubeconfig: string;
  scenario: string;
  users?: string;
  watchHistory?: number;
  fast: boolean;
  controllers: boolean;
  latency?: number;
  errorRates: string[];
}

const USAGE =
  "usage: npm run sandbox -- --port <p> --kubeconfig <file> [--scenario <name>|none] [--users <file>] " +
  "[--watch-history <n>] [--fast] [--no-controllers] [--latency <ms>] [--error-rate verb=<0..1>]";

export function parseArgs(argv: string[]): Args {
  const a: Args = {
    port: 0,
    kubeconfig: resolve(".tmp/sandbox/kubeconfig"),
    scenario: "none",
    fast: false,
    controllers: true,
    errorRates: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
      return v;
    };
    const num = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n < 0) throw new Error(`${flag} needs a number`);
      return n;
    };
    switch (flag) {
      case "--port":
        a.port = num();
        break;
      case "--kubeconfig":
        a.kubeconfig = resolve(value());
        break;
      case "--scenario":
        a.scenario = value();
        break;
      case "--users":
        a.users = resolve(value());
        break;
      case "--watch-history":
        a.watchHistory = num();
        break;
      case "--fast":
        a.fast = true;
        break;
      case "--no-controllers":
        a.controllers = false;
        break;
      case "--latency":
        a.latency = num();
        break;
      case "--error-rate":
        a.errorRates.push(value());
        break;
      case "--help":
      case "-h":
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}\n${USAGE}`);
    }
  }
  return a;
}

type RunScenario = (o: {
  kubeconfigPath: string;
  scenario: string;
  fast: boolean;
  controllers: boolean;
  server?: string;
}) => Promise<{ stop(): Promise<void> }>;

/** The scenarios/controllers module, imported only when present; absent → a clear error unless nothing needs it. */
async function loadRunner(a: Args): Promise<RunScenario | undefined> {
  const here = dirname(fileURLToPath(import.meta.url));
  const present = ["run.ts", "run.js"].some((f) => existsSync(join(here, "scenarios", f)));
  if (!present) {
    if (a.scenario !== "none")
      throw new Error(`scenario "${a.scenario}" needs sandbox/scenarios/run.ts, which is not present`);
    if (a.controllers) console.error("sandbox: sandbox/scenarios/run.ts not present; starting without controllers");
    return undefined;
  }
  const mod = (await import("./scenarios/run" as string)) as { runScenario: RunScenario };
  return mod.runScenario;
}

async function main() {
  const a = parseArgs(process.argv.slice(2));
  const errorRate = parseErrorRates(a.errorRates);
  const server = await startApiServer({
    port: a.port,
    users: a.users,
    watchHistory: a.watchHistory,
    faults: { latencyMs: a.latency, errorRate },
    log: (m) => console.error(`sandbox: ${m}`),
  });
  server.writeKubeconfig(a.kubeconfig);
  let runner: { stop(): Promise<void> } | undefined;
  try {
    const run = a.scenario !== "none" || a.controllers ? await loadRunner(a) : undefined;
    if (run)
      runner = await run({
        kubeconfigPath: a.kubeconfig,
        scenario: a.scenario,
        fast: a.fast,
        controllers: a.controllers,
        server: server.url,
      });
  } catch (e) {
    await server.close();
    throw e;
  }
  console.log(`sandbox ready: ${server.url} kubeconfig=${a.kubeconfig} scenario=${a.scenario}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await runner?.stop().catch((e) => console.error(`sandbox: ${(e as Error).message}`));
    await server.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop());
  process.on("SIGTERM", () => void stop());
}

main().catch((e) => {
  console.error(`sandbox: ${(e as Error).message}`);
  process.exit(1);
});
