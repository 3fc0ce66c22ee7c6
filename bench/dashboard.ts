// Benchmark (not a test): the dashboard read path — informer hub + SSE — against the sandbox API server
// running in its own process. Prints figures only, no assertions.
// Run: npx tsx --expose-gc bench/dashboard.ts [--pods 5000] [--clients 50] [--rate 200] [--seconds 5]
import { CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions, Watch } from "@kubernetes/client-node";
import os from "node:os";
import { InformerHub } from "../lib/server/hub/hub";
import { KubeClient } from "../lib/server/kube";
import { sseStream } from "../lib/server/stream/sse";
import { countingUpstream, median, ms, pct, serveSse, sleep, sseClient, startSandbox, type Ev } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PODS = arg("pods", 5000),
  CLIENTS = arg("clients", 50),
  RATE = arg("rate", 200),
  SECONDS = arg("seconds", 5);
const NS = "bench";
const mib = (n: number) => `${(n / 1048576).toFixed(2)} MiB`;

async function createPods(kc: KubeConfig, n: number) {
  const core = kc.makeApiClient(CoreV1Api);
  await core.createNamespace({ body: { metadata: { name: NS } } });
  let next = 0;
  const body = (i: number) => ({
    metadata: { name: `pod-${i}`, labels: { app: "bench", idx: String(i % 10) } },
    spec: { containers: [{ name: "main", image: "nginx:1.25", env: [{ name: "N", value: String(i) }] }] },
  });
  const worker = async () => {
    while (next < n) await core.createNamespacedPod({ namespace: NS, body: body(next++) });
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** The stream route for one namespaced pods scope, as the Next route handler would open it. */
const startSseServer = (hub: InformerHub) =>
  serveSse((_req, signal) => sseStream(hub, "bench", ["pods"], NS, signal), "/stream");

async function snapshotVsList(kc: KubeConfig) {
  const core = kc.makeApiClient(CoreV1Api);
  await core.listNamespacedPod({ namespace: NS });
  const direct: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const l = await core.listNamespacedPod({ namespace: NS });
    direct.push(performance.now() - t0);
    if (l.items.length !== PODS) throw new Error(`listed ${l.items.length} pods`);
  }
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < 5; i++) {
    const hub = new InformerHub(() => new KubeClient(kc));
    const srv = await startSseServer(hub);
    const t0 = performance.now();
    const first = sseClient(srv.url);
    if ((await first.snapshot) !== PODS) throw new Error("short snapshot");
    cold.push(performance.now() - t0);
    const t1 = performance.now();
    const second = sseClient(srv.url);
    await second.snapshot;
    warm.push(performance.now() - t1);
    first.close();
    second.close();
    srv.close();
    hub.close();
  }
  const d = median(direct),
    c = median(cold),
    w = median(warm);
  console.log(`\n1) ${PODS}-pod snapshot, median of 5`);
  console.log(`   direct client-node LIST (typed)        ${ms(d)}`);
  console.log(`   SSE, cold scope (hub LIST+WATCH first)  ${ms(c)}   ratio ${(c / d).toFixed(2)} (goal <= 1.5)`);
  console.log(`   SSE, scope already live                 ${ms(w)}   ratio ${(w / d).toFixed(2)}`);
}

function heap(): { heap: number; rss: number } {
  gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}

async function fanOutAndLatency(kc: KubeConfig) {
  const { up, c } = countingUpstream(kc);
  const hub = new InformerHub(() => up);
  const srv = await startSseServer(hub);
  const lat: number[] = [];
  const fromCommit: number[] = [];
  const sent = new Map<string, number>();
  const committed = new Map<string, number>();
  const arrivals: { seq: string; at: number }[] = [];
  const onChange = (ev: Ev) => {
    const seq = /"bench\/seq":"(\d+)"/.exec(ev.data)?.[1];
    const t = seq ? sent.get(seq) : undefined;
    if (seq && t !== undefined) {
      const now = performance.now();
      lat.push(now - t);
      arrivals.push({ seq, at: now });
    }
  };
  const clients = [sseClient(srv.url, onChange)];
  await clients[0].snapshot;
  await sleep(500);
  const one = heap();
  for (let i = 1; i < CLIENTS; i++) clients.push(sseClient(srv.url, onChange));
  await Promise.all(clients.map((x) => x.snapshot));
  await sleep(500);
  const all = heap();
  console.log(`\n2) ${CLIENTS} SSE clients on one scope (${PODS} pods)`);
  console.log(`   upstream LISTs ${c.lists}, upstream WATCH requests ${c.watches} (goal 1)`);
  if (CLIENTS > 1)
    console.log(
      `   memory per extra client: heap ${mib((all.heap - one.heap) / (CLIENTS - 1))}, rss ${mib((all.rss - one.rss) / (CLIENTS - 1))}` +
        ` (server and clients share this process, so this is an upper bound${gc ? "" : "; run with --expose-gc for steadier heap figures"})`,
    );

  const core = kc.makeApiClient(CoreV1Api);
  // Baseline: the same events on a plain client-node watch, so the hub+SSE share of the latency is visible.
  const direct: number[] = [];
  const rv = (await core.listNamespacedPod({ namespace: NS, limit: 1 })).metadata?.resourceVersion ?? "";
  const directWatch = await new Watch(kc).watch(
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
  const total = RATE * SECONDS;
  const start = performance.now();
  const inflight = new Set<Promise<unknown>>();
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    while (inflight.size >= 32) await Promise.race(inflight); // don't let an overloaded server queue unboundedly
    const seq = String(i);
    const body = { metadata: { annotations: { "bench/seq": seq } } };
    sent.set(seq, performance.now());
    const w = core
      .patchNamespacedPod({ namespace: NS, name: `pod-${i % 100}`, body, fieldManager: "bench" }, opts)
      .then(() => committed.set(seq, performance.now()));
    inflight.add(w);
    void w.finally(() => inflight.delete(w));
  }
  await Promise.all(inflight);
  const achieved = total / ((performance.now() - start) / 1000);
  for (let i = 0; i < 100 && lat.length < total * CLIENTS; i++) await sleep(50);
  console.log(
    `\n3) write-to-SSE delivery at ${RATE} writes/s for ${SECONDS} s (achieved ${achieved.toFixed(0)}/s), ${CLIENTS} clients`,
  );
  for (const a of arrivals) {
    const c0 = committed.get(a.seq);
    if (c0 !== undefined) fromCommit.push(a.at - c0);
  }
  console.log(`   deliveries ${lat.length}/${total * CLIENTS}`);
  console.log(
    `   write sent -> SSE event at client:       p50 ${ms(pct(lat, 0.5))}   p95 ${ms(pct(lat, 0.95))}   max ${ms(pct(lat, 1))}`,
  );
  console.log(
    `   write response -> SSE event at client:   p50 ${ms(pct(fromCommit, 0.5))}   p95 ${ms(pct(fromCommit, 0.95))}  (negative: the event beat the HTTP response)`,
  );
  console.log(`   baseline, direct client-node watch:      p50 ${ms(pct(direct, 0.5))}   p95 ${ms(pct(direct, 0.95))}`);
  console.log(`   upstream WATCH requests during the run: ${c.watches}`);
  directWatch.abort();
  for (const x of clients) x.close();
  srv.close();
  hub.close();
}

async function main() {
  console.log(
    `dashboard bench: sandbox API server (child process) -> informer hub -> SSE -> ${CLIENTS} clients; ${os.cpus().length} CPUs`,
  );
  const sb = await startSandbox();
  try {
    const t0 = performance.now();
    await createPods(sb.kc, PODS);
    console.log(`created ${PODS} pods in ${ms(performance.now() - t0)}`);
    await snapshotVsList(sb.kc);
    await fanOutAndLatency(sb.kc);
  } finally {
    sb.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
