import { defineConfig } from "@playwright/test";
import { spawnSync } from "node:child_process";
import path from "node:path";

// Free loopback ports for the five dashboard instances (local, token mode, read-only, proxy mode, token mode on
// Redis) and that instance's redis-server, chosen once in the main process; workers inherit them via env. Held
// open together so they are distinct.
if (
  !process.env.E2E_PORT ||
  !process.env.E2E_SHARED_PORT ||
  !process.env.E2E_READONLY_PORT ||
  !process.env.E2E_PROXY_PORT ||
  !process.env.E2E_REDIS_PORT ||
  !process.env.E2E_REDIS_STORE_PORT
) {
  const probe = spawnSync(
    process.execPath,
    [
      "-e",
      "const n=require('net');const s=[0,1,2,3,4,5].map(()=>n.createServer());" +
        "Promise.all(s.map(x=>new Promise(r=>x.listen(0,'127.0.0.1',r)))).then(()=>{console.log(s.map(x=>x.address().port).join(' '));s.forEach(x=>x.close())})",
    ],
    { encoding: "utf8" },
  );
  const [a, b, c, d, e, f] = probe.stdout.trim().split(" ");
  process.env.E2E_PORT ??= a;
  process.env.E2E_SHARED_PORT ??= b;
  process.env.E2E_READONLY_PORT ??= c;
  process.env.E2E_PROXY_PORT ??= d;
  process.env.E2E_REDIS_PORT ??= e;
  process.env.E2E_REDIS_STORE_PORT ??= f;
}
const port = Number(process.env.E2E_PORT);

/**
 * Specs that change what every other spec sees: dropping every watch on the sandbox (reconnect), timing a replica
 * failover to seconds (failover), moving the demo's own CloneSets and Rollout (list, kruise-rollout), and checking
 * every demo CloneSet's state, which a concurrent spec's CloneSet in a demo namespace would change (states).
 */
const ALONE = /\/(reconnect|failover|kruise-rollout|list|states)\.spec\.ts$/;
// A kubeconfig path per run, so two runs on one machine never read each other's sandbox.
process.env.E2E_KUBECONFIG ??= path.resolve(__dirname, ".tmp/e2e", String(port), "kubeconfig");
process.env.E2E_SHARED_LOG ??= path.join(path.dirname(process.env.E2E_KUBECONFIG), "shared.log");
const jsonOut = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME;

export default defineConfig({
  testDir: "test/e2e",
  testMatch: "*.spec.ts",
  // One shared sandbox and five dashboards for every spec. Most specs work in namespaces of their own or only read
  // the demo, and spend most of their time waiting on the browser, the controllers and the clock: two run at once
  // (project "together"). The specs that disturb what others see run after them, one at a time ("alone").
  workers: 2,
  fullyParallel: false,
  projects: [
    // Playwright runs a project's teardown after it whether or not its tests pass, so "alone" always runs, and
    // never beside a spec of "together".
    { name: "together", testIgnore: ALONE, teardown: "alone" },
    { name: "alone", testMatch: ALONE, workers: 1 },
  ],
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
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // E2E_EXTERNAL=1: run against apps already serving on E2E_PORT, E2E_SHARED_PORT, E2E_READONLY_PORT, E2E_PROXY_PORT,
  // E2E_REDIS_PORT (with E2E_KUBECONFIG and the redis-server on E2E_REDIS_STORE_PORT), for debugging.
  webServer: process.env.E2E_EXTERNAL
    ? undefined
    : {
        command: `npx tsx test/e2e/serve.ts --port ${port}`,
        url: `http://127.0.0.1:${port}/api/clusters`,
        // Generous: serve.ts builds first when the build is stale (npm test builds before, so usually it does not).
        timeout: 600_000,
        reuseExistingServer: false,
        stdout: "pipe",
        stderr: "pipe",
        // serve.ts starts the token-mode and read-only instances before the local one this url waits for.
        env: {
          NEXT_TELEMETRY_DISABLED: "1",
          E2E_KUBECONFIG: process.env.E2E_KUBECONFIG,
          E2E_SHARED_PORT: process.env.E2E_SHARED_PORT!,
          E2E_READONLY_PORT: process.env.E2E_READONLY_PORT!,
          E2E_PROXY_PORT: process.env.E2E_PROXY_PORT!,
          E2E_REDIS_PORT: process.env.E2E_REDIS_PORT!,
          E2E_REDIS_STORE_PORT: process.env.E2E_REDIS_STORE_PORT!,
          E2E_SHARED_LOG: process.env.E2E_SHARED_LOG,
        },
      },
});
