// Benchmark (not a test): the sandbox API server under load, and the same LIST on a real kube-apiserver.
// Prints figures only. Run: npx tsx bench/apiserver.ts [--pods 10000] [--rate 1000] [--seconds 5] [--watches 100] [--no-kube]
// [--list-only | --writes-only] [--sandbox-dir DIR] [--profile DIR]
//   --sandbox-dir DIR  run the sandbox of another checkout (with its node_modules) for the writes, e.g. a "before" tree
//   --profile DIR      write a V8 CPU profile of the sandbox process (node --cpu-prof) into DIR
import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import http from "node:http";
import https from "node:https";
import { resolve as resolvePath } from "node:path";
import { startKubeApiserverCluster, startSandboxCluster } from "../test/support/clusters";
import { ms, pct, podBody, sustainedWrites } from "./apiserver-writes";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PODS = arg("pods", 10000),
  RATE = arg("rate", 1000),
  SECONDS = arg("seconds", 5),
  WATCHES = arg("watches", 100);
const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SANDBOX_DIR = resolvePath(flag("sandbox-dir") ?? ".");
const PROFILE_DIR = flag("profile");

/** Bulk creation over keep-alive connections (client-node opens a new TLS connection per request). */
async function createPods(server: string, token: string, n: number, caData?: string) {
  const u = new URL(server);
  const mod = u.protocol === "https:" ? https : http;
  const agent = new mod.Agent({
    keepAlive: true,
    maxSockets: 16,
    ...(caData ? { ca: Buffer.from(caData, "base64") } : {}),
  });
  const post = (body: unknown) =>
    new Promise<void>((resolve, reject) => {
      const req = mod.request(
        {
          host: u.hostname,
          port: u.port,
          path: "/api/v1/namespaces/default/pods",
          method: "POST",
          agent,
          headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 201 ? resolve() : reject(new Error(`create pod: HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(body));
    });
  let next = 0;
  const worker = async () => {
    while (next < n) await post(podBody(next++));
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
}

/** Median of raw LISTs over a keep-alive connection: server encode + transfer, no client decoding. */
async function timeRawList(server: string, token: string, caData?: string, runs = 5): Promise<number> {
  const u = new URL(server);
  const mod = u.protocol === "https:" ? https : http;
  const agent = new mod.Agent({
    keepAlive: true,
    maxSockets: 1,
    ...(caData ? { ca: Buffer.from(caData, "base64") } : {}),
  });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      mod
        .get(
          {
            host: u.hostname,
            port: u.port,
            path: "/api/v1/namespaces/default/pods",
            agent,
            headers: { Authorization: `Bearer ${token}` },
          },
          (res) => {
            res.resume();
            res.on("end", () => resolve(performance.now() - t0));
          },
        )
        .on("error", reject);
    });
  await get();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await get());
  agent.destroy();
  return pct(samples, 0.5);
}

/** Median of `runs` full LISTs through client-node (request, server encode, client decode). */
async function timeList(kc: KubeConfig, runs = 5): Promise<{ median: number; count: number }> {
  const core = kc.makeApiClient(CoreV1Api);
  const samples: number[] = [];
  let count = 0;
  await core.listNamespacedPod({ namespace: "default" }); // warm-up
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    count = (await core.listNamespacedPod({ namespace: "default" })).items.length;
    samples.push(performance.now() - t0);
  }
  return { median: pct(samples, 0.5), count };
}

async function listSideBySide() {
  const sb = await startSandboxCluster();
  let sandboxMs = NaN,
    sandboxRaw = NaN;
  try {
    const t0 = performance.now();
    await createPods(sb.server, sb.tokens.admin, PODS);
    console.log(`sandbox: created ${PODS} pods in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const r = await timeList(sb.kubeConfig("admin"));
    sandboxMs = r.median;
    sandboxRaw = await timeRawList(sb.server, sb.tokens.admin);
    console.log(`sandbox: LIST of ${r.count} pods, median ${ms(r.median)} via client-node, ${ms(sandboxRaw)} raw HTTP`);
  } finally {
    await sb.stop();
  }
  if (process.argv.includes("--no-kube")) return;
  const kube = await startKubeApiserverCluster({ withCloneSetCrd: false });
  try {
    const t0 = performance.now();
    await createPods(kube.server, kube.tokens.admin, PODS, kube.caData);
    console.log(`kube-apiserver 1.20.2: created ${PODS} pods in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const r = await timeList(kube.kubeConfig("admin"));
    const kubeRaw = await timeRawList(kube.server, kube.tokens.admin, kube.caData);
    console.log(
      `kube-apiserver 1.20.2: LIST of ${r.count} pods, median ${ms(r.median)} via client-node, ${ms(kubeRaw)} raw HTTP`,
    );
    console.log(
      `ratio sandbox/kube-apiserver: ${(sandboxMs / r.median).toFixed(2)} via client-node, ${(sandboxRaw / kubeRaw).toFixed(2)} raw HTTP`,
    );
  } finally {
    await kube.stop();
  }
}

async function main() {
  console.log(
    `load average at start: ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")} (2 shared cores; figures scale with it)`,
  );
  if (!process.argv.includes("--list-only"))
    await sustainedWrites({
      rate: RATE,
      seconds: SECONDS,
      watches: WATCHES,
      sandboxDir: SANDBOX_DIR,
      profileDir: PROFILE_DIR,
    });
  if (!process.argv.includes("--writes-only")) await listSideBySide();
  process.exit(0);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
