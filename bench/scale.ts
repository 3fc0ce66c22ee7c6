// Benchmark (not a test): the console's own cost at scale, on the sandbox API server or a real kube-apiserver
// 1.20.2 (--kube-apiserver; the binary the contract tests build, KUBE_APISERVER_BIN or the cache). Prints:
//   1) a cold hub snapshot of N pods over SSE against a direct client-node LIST (typed and raw JSON), ratio;
//   2) hub memory per 10,000 cached pods, and bytes per pod in a LIST item vs in the hub's trimmed cache;
//   3) added latency: write -> SSE frame at a client vs write -> direct client-node watch event, p50/p95.
// Run: npx tsx --expose-gc bench/scale.ts [--kube-apiserver] [--pods 5000] [--rate 200] [--seconds 5]
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, Watch } from "@kubernetes/client-node";
import type { K8sObject } from "../lib/k8s/wire";
import { ObjectCache } from "../lib/server/hub/cache";
import { InformerHub } from "../lib/server/hub/hub";
import { KubeClient } from "../lib/server/kube";
import { RESOURCES } from "../lib/server/resources";
import { sseStream } from "../lib/server/sse";
import { startCluster } from "../test/support/clusters";
import { median, ms, pct, serveSse, sleep, sseClient, type Ev } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PODS = arg("pods", 5000),
  RATE = arg("rate", 200),
  SECONDS = arg("seconds", 5);
const KIND = process.argv.includes("--kube-apiserver") ? "kube-apiserver" : "sandbox";
const NS = "shop";
const mib = (n: number) => `${(n / 1048576).toFixed(1)} MiB`;

async function createPods(kc: KubeConfig) {
  const core = kc.makeApiClient(CoreV1Api);
  let next = 0;
  const body = (i: number) => ({
    metadata: { name: `pod-${i}`, labels: { app: "bench", idx: String(i % 10) } },
    spec: { containers: [{ name: "main", image: "nginx:1.25", env: [{ name: "N", value: String(i) }] }] },
  });
  const worker = async () => {
    while (next < PODS) await core.createNamespacedPod({ namespace: NS, body: body(next++) });
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

const startSseServer = (hub: InformerHub) =>
  serveSse((_req, signal) => sseStream(hub, "bench", ["pods"], NS, signal), "/stream");

async function snapshotVsList(kc: KubeConfig) {
  const core = kc.makeApiClient(CoreV1Api);
  const rawClient = new KubeClient(kc);
  await core.listNamespacedPod({ namespace: NS });
  const typed: number[] = [],
    raw: number[] = [],
    cold: number[] = [];
  for (let i = 0; i < 5; i++) {
    let t0 = performance.now();
    await core.listNamespacedPod({ namespace: NS });
    typed.push(performance.now() - t0);
    t0 = performance.now();
    const page = await rawClient.listPage(RESOURCES.pods, NS, 0);
    raw.push(performance.now() - t0);
    if (page.items.length !== PODS) throw new Error(`listed ${page.items.length} pods`);
    const hub = new InformerHub(() => new KubeClient(kc));
    const srv = await startSseServer(hub);
    t0 = performance.now();
    const c = sseClient(srv.url);
    if ((await c.snapshot) !== PODS) throw new Error("short snapshot");
    cold.push(performance.now() - t0);
    c.close();
    srv.close();
    hub.close();
  }
  const [t, r, c] = [median(typed), median(raw), median(cold)];
  console.log(`\n1) ${PODS}-pod snapshot on ${KIND}, median of 5 (interleaved, same load)`);
  console.log(`   direct client-node LIST, typed models    ${ms(t)}`);
  console.log(`   direct client-node LIST, raw JSON        ${ms(r)}`);
  console.log(
    `   SSE snapshot, cold scope (hub LIST+WATCH) ${ms(c)}   ratio ${(c / t).toFixed(2)} vs typed (goal <= 1.2), ${(c / r).toFixed(2)} vs raw`,
  );
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** Heap held by `make()`'s result, measured around a full GC (run with --expose-gc). */
function retained(make: () => unknown): number {
  const before = heapUsed();
  const kept = make();
  const after = heapUsed();
  if (!kept) throw new Error("nothing kept");
  return after - before;
}

async function memory(kc: KubeConfig) {
  // The LIST's JSON text, parsed twice: as the hub caches it (trimmed) and whole, so the figures compare.
  const text = JSON.stringify((await new KubeClient(kc).listPage(RESOURCES.pods, NS, 0)).items);
  const n = PODS;
  const cached = retained(() => {
    const cache = new ObjectCache("pods");
    cache.replace(JSON.parse(text) as K8sObject[]);
    return cache;
  });
  const whole = retained(() => JSON.parse(text) as K8sObject[]);
  const cache = new ObjectCache("pods");
  cache.replace(JSON.parse(text) as K8sObject[]);
  const cacheBytes = Buffer.byteLength(JSON.stringify(cache.items()));
  const per10k = (b: number) => mib((b * 10_000) / n);
  console.log(`\n2) hub cache of ${n} pods from ${KIND} (heap after a full GC${gcNote()})`);
  console.log(`   heap per 10,000 cached pods: ${per10k(cached)} (untrimmed objects: ${per10k(whole)})`);
  console.log(
    `   JSON per pod: LIST item ${(text.length / n).toFixed(0)} B, cached/SSE ${(cacheBytes / n).toFixed(0)} B` +
      ` (${((100 * cacheBytes) / text.length).toFixed(0)}%)`,
  );
}

const gcNote = () => ((globalThis as { gc?: unknown }).gc ? "" : "; no --expose-gc, figures are rough");

async function addedLatency(kc: KubeConfig) {
  const hub = new InformerHub(() => new KubeClient(kc));
  const srv = await startSseServer(hub);
  const sent = new Map<string, number>();
  const viaHub: number[] = [],
    direct: number[] = [];
  const onChange = (ev: Ev) => {
    const seq = /"bench\/seq":"(\d+)"/.exec(ev.data)?.[1];
    const t = seq ? sent.get(seq) : undefined;
    if (t !== undefined) viaHub.push(performance.now() - t);
  };
  const client = sseClient(srv.url, onChange);
  await client.snapshot;
  const core = kc.makeApiClient(CoreV1Api);
  const rv = (await core.listNamespacedPod({ namespace: NS, limit: 1 })).metadata?.resourceVersion ?? "";
  const watch = await new Watch(kc).watch(
    `/api/v1/namespaces/${NS}/pods`,
    { resourceVersion: rv },
    (_t, o) => {
      const seq = (o as { metadata?: { annotations?: Record<string, string> } }).metadata?.annotations?.["bench/seq"];
      const t = seq ? sent.get(seq) : undefined;
      if (t !== undefined) direct.push(performance.now() - t);
    },
    () => {},
  );
  const opts = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
  const total = RATE * SECONDS,
    start = performance.now();
  const inflight = new Set<Promise<unknown>>();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / RATE - performance.now();
    if (wait > 1) await sleep(wait);
    while (inflight.size >= 32) await Promise.race(inflight);
    const seq = String(i);
    sent.set(seq, performance.now());
    const body = { metadata: { annotations: { "bench/seq": seq } } };
    const w = core.patchNamespacedPod({ namespace: NS, name: `pod-${i % 100}`, body, fieldManager: "bench" }, opts);
    inflight.add(w);
    void w.finally(() => inflight.delete(w));
  }
  await Promise.all(inflight);
  const achieved = total / ((performance.now() - start) / 1000);
  for (let i = 0; i < 100 && (viaHub.length < total || direct.length < total); i++) await sleep(50);
  console.log(
    `\n3) write -> event on ${KIND} at ${RATE} writes/s for ${SECONDS} s (achieved ${achieved.toFixed(0)}/s)`,
  );
  console.log(
    `   direct client-node watch: p50 ${ms(pct(direct, 0.5))}  p95 ${ms(pct(direct, 0.95))}  (${direct.length}/${total})`,
  );
  console.log(
    `   hub -> SSE client:        p50 ${ms(pct(viaHub, 0.5))}  p95 ${ms(pct(viaHub, 0.95))}  (${viaHub.length}/${total})`,
  );
  console.log(
    `   added by the console:     p50 ${ms(pct(viaHub, 0.5) - pct(direct, 0.5))}  p95 ${ms(pct(viaHub, 0.95) - pct(direct, 0.95))} (goal <= 20 ms at p95)`,
  );
  watch.abort();
  client.close();
  srv.close();
  hub.close();
}

async function main() {
  console.log(
    `scale bench on ${KIND}: ${PODS} pods in namespace ${NS}; figures measured under whatever load the machine has`,
  );
  const cluster = await startCluster(KIND);
  try {
    const kc = cluster.kubeConfig();
    const t0 = performance.now();
    await createPods(kc);
    console.log(`created ${PODS} pods in ${ms(performance.now() - t0)}`);
    await snapshotVsList(kc);
    await memory(kc);
    await addedLatency(kc);
  } finally {
    await cluster.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
