import { defineConfig } from "@playwright/test";
import { spawnSync } from "node:child_process";
import path from "node:path";

// One free loopback port for the dashboard, chosen once in the main process; workers inherit it via env.
if (!process.env.E2E_PORT) {
  const probe = spawnSync(process.execPath, ["-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"], { encoding: "utf8" });
  process.env.E2E_PORT = probe.stdout.trim();
}
const port = Number(process.env.E2E_PORT);
// A kubeconfig path per run, so two runs on one machine never read each other's sandbox.
process.env.E2E_KUBECONFIG ??= path.resolve(__dirname, ".tmp/e2e", String(port), "kubeconfig");
const jsonOut = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: "test/e2e",
  testMatch: "*.spec.ts",
  // One shared sandbox + app; specs change cluster state, so run them one at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  // Generous: the machine running the suite may be busy; nothing here asserts speed (bench/ does).
  expect: { timeout: 45_000 },
  retries: 0,
  reporter: jsonOut ? [["list"], ["json", { outputFile: jsonOut }]] : [["list"]],
  outputDir: ".tmp/playwright-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  // E2E_EXTERNAL=1: run against an app already serving on E2E_PORT (with E2E_KUBECONFIG), for debugging.
  webServer: process.env.E2E_EXTERNAL ? undefined : {
    command: `npx tsx test/e2e/serve.ts --port ${port}`,
    url: `http://127.0.0.1:${port}/api/clusters`,
    // Generous: serve.ts builds first when the build is stale (npm test builds before, so usually it does not).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { NEXT_TELEMETRY_DISABLED: "1", E2E_KUBECONFIG: process.env.E2E_KUBECONFIG },
  },
});
