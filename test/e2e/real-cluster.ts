/**
 * The real-controller cluster of the e2e run (Playwright project `real`): kube-apiserver 1.20.2 with OpenKruise's
 * kruise-manager v1.6.2 and its webhooks (test/support/kruise-manager), and this project's kubelet simulator as the
 * only other client (no scheduler, no kube-controller-manager: test/support/README.md). serve.ts starts it beside
 * the sandbox when the kruise-manager build can be had (paths.ts REAL_CONTROLLER) and does not wait for it: the
 * local instance's kubeconfig list names KRUISE_KUBECONFIG from the start, this module writes that file (context
 * `kruise`) once kruise-manager answers, and the console picks a kubeconfig file up when it changes
 * (lib/server/kubeconfig.ts). Specs wait for it with test/e2e/real.ts.
 */
import { createWriteStream, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { realClock } from "@/sandbox/controllers/clock";
import { seedFromEnv } from "@/sandbox/controllers";
import { Kubelet } from "@/sandbox/controllers/kubelet/kubelet";
import { startKubeApiserverCluster } from "../support/clusters";
import { kruiseManagerDir, startKruiseManager } from "../support/kruise-manager";
import { KRUISE_CONTEXT, KRUISE_FAILED, KRUISE_KUBECONFIG } from "./paths";

/** What to stop, in order, once the run ends. */
const parts: (() => unknown)[] = [];

/** Stops what started (kubelet, kruise-manager, kube-apiserver and etcd); idempotent. */
export async function stopRealCluster(): Promise<void> {
  for (const stop of parts.splice(0).reverse()) await stop();
}

/** Forgets an earlier run's files, so a spec never reads a cluster that is gone. */
export function clearRealCluster(): void {
  rmSync(KRUISE_KUBECONFIG, { force: true });
  rmSync(KRUISE_FAILED, { force: true });
}

/**
 * Builds (once, cached) and starts the cluster; resolves once the kubeconfig is written. A failure is written to
 * KRUISE_FAILED for the specs to report, and never stops the sandbox's specs.
 */
export async function startRealCluster(say: (line: string) => void): Promise<void> {
  try {
    await start(say);
  } catch (e) {
    const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
    writeFileSync(KRUISE_FAILED, why);
    say(`failed: ${why}`);
  }
}

async function start(say: (line: string) => void): Promise<void> {
  const buildDir = await kruiseManagerDir();
  const cluster = await startKubeApiserverCluster({ withCloneSetCrd: false });
  parts.push(() => cluster.stop());
  say(`kube-apiserver on ${cluster.server}`);
  const admin = cluster.kubeConfig();
  const manager = await startKruiseManager(
    {
      server: cluster.server,
      caData: cluster.caData!,
      adminToken: cluster.tokens.admin,
      kubeconfigPath: cluster.kubeconfigPath,
      admin,
    },
    buildDir,
  );
  parts.push(() => manager.stop());
  // The kubelet's delays and pod ids; the tie-breaks are kruise-manager's own.
  const seed = seedFromEnv(process.env.SANDBOX_SEED) ?? Math.floor(Math.random() * 0xffffffff);
  const kubeletLog = createWriteStream(path.join(path.dirname(KRUISE_KUBECONFIG), "kruise-kubelet.log"));
  const kubelet = new Kubelet({
    kc: admin,
    clock: realClock,
    fast: true,
    // Six nodes in three zones, as the sandbox's demo has: the DaemonSet scenarios pick two nodes of one zone.
    nodes: 6,
    seed,
    log: (m) => kubeletLog.write(`${new Date().toISOString()} ${m}\n`),
  });
  parts.push(() => kubelet.stop());
  await kubelet.start();
  const doc = {
    apiVersion: "v1",
    kind: "Config",
    clusters: [
      { name: KRUISE_CONTEXT, cluster: { server: cluster.server, "certificate-authority-data": cluster.caData } },
    ],
    users: [{ name: `${KRUISE_CONTEXT}-admin`, user: { token: cluster.tokens.admin } }],
    contexts: [{ name: KRUISE_CONTEXT, context: { cluster: KRUISE_CONTEXT, user: `${KRUISE_CONTEXT}-admin` } }],
    "current-context": KRUISE_CONTEXT,
  };
  // Whole or not at all: the console may read the file the moment it appears.
  writeFileSync(`${KRUISE_KUBECONFIG}.tmp`, stringify(doc), { mode: 0o600 });
  renameSync(`${KRUISE_KUBECONFIG}.tmp`, KRUISE_KUBECONFIG);
  say(`ready: context ${KRUISE_CONTEXT}; kruise-manager log ${manager.logPath}; kubelet seed ${seed}`);
}
