// Benchmark (not a test): a large CloneSet rolled fully in place by the sandbox controllers in fast
// mode on the sandbox API server. Prints wall time and the controllers' CPU time (process.cpuUsage;
// the API server runs in the same process, so its CPU is included — reported separately is not possible).
// Run: npx tsx bench/controller.ts [--pods 5000] [--timeout 1800]
import { loadavg } from "node:os";
import { CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { startControllers } from "../sandbox/controllers";
import { withServer, writeCounts } from "../sandbox/controllers/kube";
import { startSandboxCluster } from "../test/support/clusters";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PODS = arg("pods", 5000),
  TIMEOUT_S = arg("timeout", 1800);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");
const cpuSeconds = (c: NodeJS.CpuUsage) => (c.user + c.system) / 1e6;

/** The controllers' and kubelet's writes since `since`, per pod, by writer and kind (Kube's counters). */
function writesPerPod(since: Map<string, number>, pods: number): string {
  const rows = [...writeCounts]
    .map(([k, n]) => [k, n - (since.get(k) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((s, [, n]) => s + n, 0);
  return (
    `  writes per pod: ${(total / pods).toFixed(2)} (` +
    rows.map(([k, n]) => `${k} ${(n / pods).toFixed(2)}`).join(", ") +
    ")"
  );
}

async function main() {
  const cluster = await startSandboxCluster();
  const kc = cluster.kubeConfig();
  // The bench's own polling goes over the same plain-http address as the controllers: over https every poll paid a
  // TLS handshake (client-node makes a new agent per call), in the CPU this bench attributes to the controllers.
  const api = withServer(kc, cluster.server).makeApiClient(CustomObjectsApi);
  const ref = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", namespace: "shop", name: "bench" };
  const template = (image: string) => ({
    metadata: { labels: { app: "bench" } },
    spec: { containers: [{ name: "w", image }] },
  });
  // The controllers run in this process beside the API server, as `npm run sandbox` runs them: over plain http.
  const ctl = await startControllers({
    kc,
    server: cluster.server,
    fast: true,
    namespace: "shop",
    nodes: 10,
    log: () => {},
  });
  type Status = {
    readyReplicas?: number;
    updatedReadyReplicas?: number;
    updateRevision?: string;
    currentRevision?: string;
    observedGeneration?: number;
  };
  const get = async () => (await api.getNamespacedCustomObject(ref)) as { status?: Status };
  const until = async (what: string, ok: (s: Awaited<ReturnType<typeof get>>["status"]) => boolean) => {
    const end = Date.now() + TIMEOUT_S * 1000;
    while (Date.now() < end) {
      if (ok((await get()).status)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`timeout: ${what}`);
  };
  try {
    console.log(`load average at start: ${load()} (2 shared cores; wall times scale with it, CPU times less)`);
    let t = Date.now();
    let cpu0 = process.cpuUsage();
    let writes0 = new Map(writeCounts);
    await api.createNamespacedCustomObject({
      ...ref,
      body: {
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        metadata: { name: "bench" },
        spec: {
          replicas: PODS,
          selector: { matchLabels: { app: "bench" } },
          updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: "20%" },
          template: template("busybox:1.36"),
        },
      },
    });
    await until("all ready", (s) => s?.readyReplicas === PODS);
    const scaleCpu = cpuSeconds(process.cpuUsage(cpu0));
    console.log(
      `scale-out to ${PODS} ready pods: wall ${((Date.now() - t) / 1000).toFixed(1)} s, CPU ${scaleCpu.toFixed(1)} s ` +
        `(${((scaleCpu / PODS) * 1000).toFixed(1)} ms per pod created)`,
    );
    console.log(writesPerPod(writes0, PODS));

    const oldRevision = (await get()).status?.updateRevision;
    cpu0 = process.cpuUsage();
    writes0 = new Map(writeCounts);
    t = Date.now();
    const patched = (await api.patchNamespacedCustomObject(
      { ...ref, body: { spec: { template: template("busybox:1.37") } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    )) as { metadata: { generation: number } };
    await until(
      "rolled out",
      (s) =>
        (s?.observedGeneration ?? 0) >= patched.metadata.generation &&
        s?.updateRevision !== oldRevision &&
        s?.updatedReadyReplicas === PODS &&
        s.currentRevision === s.updateRevision,
    );
    const cpu = cpuSeconds(process.cpuUsage(cpu0));
    console.log(
      `in-place rollout of ${PODS} pods (maxUnavailable 20%, fast): wall ${((Date.now() - t) / 1000).toFixed(1)} s, ` +
        `CPU ${cpu.toFixed(1)} s = ${((cpu / PODS) * 1000).toFixed(1)} ms per pod update (goal: 5,000 pods in 60 s, ` +
        `10 ms per pod; controllers + kubelet + in-process sandbox API server)`,
    );
    console.log(writesPerPod(writes0, PODS));
    console.log(`load average at end: ${load()}`);
  } finally {
    await ctl.stop();
    await cluster.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
