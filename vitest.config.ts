import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": path.resolve(__dirname) };

// The suites: unit tests beside the code, integration against the sandbox, the contract suite run against both the
// sandbox and a real kube-apiserver, and the shared-mode security suite.
const UNIT = ["lib/**/*.test.ts", "sandbox/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: UNIT,
          exclude: ["**/node_modules/**"],
          environment: "node",
          // Worker threads, and the files of one worker share one module graph (no fresh thread per file): no module
          // keeps process-wide state (the server's lives in the runtime a test builds, lib/server/runtime), and
          // re-importing client-node, yaml and the sandbox for each of ~100 files was two thirds of the suite's CPU. Two workers, so a file that waits on a timer or a socket does
          // not hold the next one back.
          pool: "threads",
          isolate: false,
          maxWorkers: 2,
          // Generous: the suite runs beside the build and the other lanes; nothing here asserts speed.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          // Most of a file's time is spent waiting on the processes it starts (sandboxes, consoles, Redis, a
          // kube-apiserver); each file has its own, on ports of its own, so two run at once.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at once: each has its own sandbox and its own namespace on the shared kube-apiserver, and
          // its controllers are scoped to that namespace; most of a file's time is waiting on them.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // The controller contract suite: scenario tables run against the sandbox controller and the real
          // kruise-manager (started once per run by its global setup; needs KRUISE_SOURCE_ARCHIVE, see CONTRIBUTING).
          name: "controller",
          include: ["test/controller/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/controller/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at once, each in its own namespace with its own kubelet (and sandbox); most of a file's time
          // is waiting on the controllers.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Shared mode: sign-in, acting as the user, request hygiene; RBAC parts also against kube-apiserver.
          name: "security",
          include: ["test/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/contract/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at once: each has its own sandbox and its own namespace on the shared kube-apiserver, and
          // its controllers are scoped to that namespace; most of a file's time is waiting on them.
          maxWorkers: 2,
        },
      },
    ],
  },
});
