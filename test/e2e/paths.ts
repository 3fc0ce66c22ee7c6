import path from "node:path";

/** Where serve.ts writes the sandbox kubeconfig that the dashboard and the specs' kubectl use (set per run by playwright.config.ts). */
export const E2E_KUBECONFIG = process.env.E2E_KUBECONFIG ?? path.resolve(__dirname, "../../.tmp/e2e/kubeconfig");
