/**
 * Playwright's web server: the sandbox (demo scenario, fast mode) plus the built dashboard on loopback.
 * The sandbox kubeconfig is written to test/e2e/cluster.ts's KUBECONFIG path so specs can run kubectl.
 * The dashboard reaches the sandbox only through that kubeconfig, like any cluster.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { needsBuild } from "../../scripts/launcher/build";
import { startChild, stopChildren, waitForLine } from "../../scripts/launcher/children";
import { E2E_KUBECONFIG } from "./paths";

const root = path.resolve(__dirname, "../..");
const port = process.argv[process.argv.indexOf("--port") + 1];
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };

async function main() {
  rmSync(E2E_KUBECONFIG, { force: true });
  mkdirSync(path.dirname(E2E_KUBECONFIG), { recursive: true });
  const sandbox = startChild("npx", ["tsx", "sandbox/cli.ts", "--port", "0", "--kubeconfig", E2E_KUBECONFIG, "--scenario", "demo", "--fast"], { cwd: root, env, pipe: true, group: "shared" });
  await waitForLine(sandbox, /\bready\b/i, 180_000, (l) => console.log(`[sandbox] ${l}`));
  sandbox.stdout?.on("data", () => undefined);
  sandbox.stderr?.on("data", (c: Buffer) => process.stderr.write(c));
  if (needsBuild(root)) {
    // Async, so a SIGTERM during the build still runs our handler.
    const build = startChild("npx", ["next", "build"], { cwd: root, env, group: "shared" });
    const code = await new Promise<number | null>((r) => build.on("exit", r));
    if (code !== 0) throw new Error("next build failed");
  }
  const app = startChild("npx", ["next", "start", "-H", "127.0.0.1", "-p", port], { cwd: root, env: { ...env, KRUISE_CONSOLE_KUBECONFIG: E2E_KUBECONFIG }, pipe: true, group: "shared" });
  app.stdout?.on("data", (c: Buffer) => process.stdout.write(c));
  app.stderr?.on("data", (c: Buffer) => process.stderr.write(c));
  app.on("exit", () => void stopChildren().then(() => process.exit(1)));
}

const stop = () => void stopChildren().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
main().catch(async (e: unknown) => {
  console.error(e);
  await stopChildren();
  process.exit(1);
});
