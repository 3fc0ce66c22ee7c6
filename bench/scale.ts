// Benchmark (not a test): the console's own cost at scale, on the sandbox API server or a real kube-apiserver
// 1.20.2 (--kube-apiserver; the binary the contract tests build, KUBE_APISERVER_BIN or the cache). Prints:
//   1) a cold hub snapshot of N pods over SSE against a direct client-node LIST (typed and raw JSON), ratio;
//   2) hub memory per 10,000 cached pods, and bytes per pod in a LIST item vs in the hub's trimmed cache;
//   3) added latency: write -> SSE frame at a client vs write -> direct client-node watch event, p50/p95.
// Run: npx tsx --expose-gc bench/scale.ts [--kube-apiserver] [--pods 5000] [--rate 200] [--seconds 5]
//   [--parts snapshot,memory,latency]  (default all three; e.g. --parts snapshot with --cpu-prof profiles one)
//   [--rounds 8]  (the snapshot figures are medians over this many runs of each)
import { CoreV1Api, KubeConfig, Watch } from "@kubernetes/client-node";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { K8sObject } from "../lib/k8s/wire";
import { ObjectCache } from "../lib/server/hub/cache";
import { InformerHub } from "../lib/server/hub/hub";
import { KubeClient } from "../lib/server/kube";
import { KINDS } from "../lib/kinds";
import { sseStream } from "../lib/server/stream/sse";
import { startCluster } from "../test/support/clusters";
import { median, ms, pct, serveSse, sleep, sseClient } from "./lib";

const REPO = path.resolve(__dirname, "..");

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PODS = arg("pods", 5000),
  RATE = arg("rate", 200),
  SECONDS = arg("seconds", 5);
const KIND = process.argv.includes("--kube-apiserver") ? "kube-apiserver" : "sandbox";
const NS = "shop";
const ROUNDS = arg("rounds", 8);
const partsAt = process.argv.indexOf("--parts");
const PARTS = new Set(partsAt > 0 ? process.argv[partsAt + 1].split(",") : ["snapshot", "memory", "latency"]);
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
    cached: number[] = [],
    cold: number[] = [];
  const rawList = async (into: number[], resourceVersion?: string) => {
    const t0 = performance.now();
    const page = await rawClient.listPage(KINDS.get("pods"), NS, resourceVersion ? { resourceVersion } : {});
    into.push(performance.now() - t0);
    if (page.items.length !== PODS) throw new Error(`listed ${page.items.length} pods`);
  };
  const typedList = async () => {
    const t0 = performance.now();
    await core.listNamespacedPod({ namespace: NS });
    typed.push(performance.now() - t0);
  };
  const coldSnapshot = async () => {
    const hub = new InformerHub(() => new KubeClient(kc));
    const srv = await startSseServer(hub);
    const t0 = performance.now();
    const c = sseClient(srv.url);
    if ((await c.snapshot) !== PODS) throw new Error("short snapshot");
    cold.push(performance.now() - t0);
    c.close();
    srv.close();
    hub.close();
  };
  const each = [typedList, () => rawList(raw), () => rawList(cached, "0"), coldSnapshot];
  // Each round runs the four in a rotated order, each after a full GC: whichever ran last otherwise paid for the
  // garbage of the others (a typed LIST of 5,000 pods leaves tens of MB of models behind).
  for (let i = 0; i < ROUNDS; i++)
    for (let j = 0; j < each.length; j++) {
      heapUsed();
      await each[(i + j) % each.length]();
    }
  const [t, r, rc, c] = [median(typed), median(raw), median(cached), median(cold)];
  console.log(
    `\n1) ${PODS}-pod snapshot on ${KIND}, median of ${ROUNDS} (interleaved and rotated, a full GC before each)`,
  );
  console.log(`   direct client-node LIST, typed models          ${ms(t)}`);
  console.log(`   direct client-node LIST, raw JSON              ${ms(r)}`);
  console.log(`   direct client-node LIST, raw, resourceVersion=0 ${ms(rc)}  (served from the API server's cache)`);
  console.log(
    `   SSE snapshot, cold scope (hub LIST+WATCH)     ${ms(c)}   ratio ${(c / r).toFixed(2)} vs raw (goal <= 1.2), ${(c / rc).toFixed(2)} vs raw rv=0, ${(c / t).toFixed(2)} vs typed`,
  );
}

function heapUsed(): number {
  gc?.();
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
  const text = JSON.stringify((await new KubeClient(kc).listPage(KINDS.get("pods"), NS)).items);
  const n = PODS;
  const cached = retained(() => {
    const cache = new ObjectCache(KINDS.get("pods"));
    cache.replace(JSON.parse(text) as K8sObject[]);
    return cache;
  });
  const whole = retained(() => JSON.parse(text) as K8sObject[]);
  const cache = new ObjectCache(KINDS.get("pods"));
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

const gcNote = () => (gc ? "" : "; no --expose-gc, figures are rough");

/** Starts `bench/scale-child.ts <mode>` and resolves with its first `key=value` line's value. */
function child(args: string[], key: string): Promise<{ value: string; proc: ChildProcess }> {
  const proc = spawn(
    path.join(REPO, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "bench/scale-child.ts", ...args],
    {
      cwd: REPO,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (d) => {
      out += d;
      const m = new RegExp(`^${key}=(.*)$`, "m").exec(out);
      if (m) resolve({ value: m[1], proc });
    });
    proc.on("exit", (code) => reject(new Error(`bench/scale-child.ts ${args[0]} exited ${code} before ${key}=`)));
  });
}

/**
 * Write -> event latency in three processes, as in production: a writer, the console (hub + SSE endpoint), and
 * a client holding both an SSE stream from the console and a direct client-node watch. Each write carries its
 * send time; the console's added latency is, per write, its SSE arrival minus its direct-watch arrival.
 */
async function addedLatency(kc: KubeConfig) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-scale-"));
  const kcPath = path.join(dir, "kubeconfig");
  fs.writeFileSync(kcPath, kc.exportConfig());
  const now = () => performance.timeOrigin + performance.now();
  const arrival = (into: Map<string, number>, text: string) => {
    const seq = /"bench\/seq":"(\d+)"/.exec(text)?.[1];
    const sent = Number(/"bench\/sent":"([\d.]+)"/.exec(text)?.[1]);
    if (seq && sent && !into.has(seq)) into.set(seq, now() - sent);
  };
  const viaHub = new Map<string, number>(),
    direct = new Map<string, number>();
  const consoleProc = await child(["console", kcPath, NS], "url");
  const client = sseClient(consoleProc.value, (ev) => arrival(viaHub, ev.data));
  await client.snapshot;
  const rv = (await kc.makeApiClient(CoreV1Api).listNamespacedPod({ namespace: NS, limit: 1 })).metadata
    ?.resourceVersion;
  const watch = await new Watch(kc).watch(
    `/api/v1/namespaces/${NS}/pods`,
    { resourceVersion: rv },
    (_t, o) => arrival(direct, JSON.stringify((o as K8sObject).metadata.annotations ?? {})),
    () => {},
  );
  const total = RATE * SECONDS;
  const writer = await child(["writer", kcPath, NS, String(RATE), String(SECONDS)], "achieved");
  for (let i = 0; i < 100 && (viaHub.size < total || direct.size < total); i++) await sleep(50);
  const added = [...viaHub].flatMap(([seq, t]) => (direct.has(seq) ? [t - direct.get(seq)!] : []));
  const v = [...viaHub.values()],
    d = [...direct.values()];
  console.log(`\n3) write -> event on ${KIND} at ${RATE} writes/s for ${SECONDS} s (achieved ${writer.value}/s)`);
  console.log(`   direct client-node watch: p50 ${ms(pct(d, 0.5))}  p95 ${ms(pct(d, 0.95))}  (${d.length}/${total})`);
  console.log(`   console -> SSE client:    p50 ${ms(pct(v, 0.5))}  p95 ${ms(pct(v, 0.95))}  (${v.length}/${total})`);
  console.log(
    `   added by the console, per write (SSE arrival - direct arrival): p50 ${ms(pct(added, 0.5))}  p95 ${ms(pct(added, 0.95))} (goal <= 20 ms at p95)`,
  );
  watch.abort();
  client.close();
  consoleProc.proc.kill("SIGTERM");
  writer.proc.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
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
    if (PARTS.has("snapshot")) await snapshotVsList(kc);
    if (PARTS.has("memory")) await memory(kc);
    if (PARTS.has("latency")) await addedLatency(kc);
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
