// The fleet benchmark's clusters (bench/fleet.ts): each a sandbox API server in its own process
// (bench/fleet-cluster.ts), seeded directly through its API — nodes, and CloneSets, Advanced StatefulSets and Advanced
// DaemonSets with their pods (owner references, revision labels and status, as their controllers would leave them,
// without running one; bench/fleet-kinds.ts) — and a writer that patches workload and pod status at a set rate over raw keep-alive HTTP (cheap for this process, which also drives
// Chromium), measuring the rate it reached.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import type { ClusterStats } from "./fleet-cluster";
import {
  NODES,
  nodeBody,
  podBody,
  podName,
  workloadBody,
  workloadPath,
  workloadStatus,
  type FleetKind,
  type WorkloadPlan,
} from "./fleet-kinds";
import { podStatus, sleep } from "./lib";

const REPO = path.resolve(__dirname, "..");

export type { WorkloadPlan } from "./fleet-kinds";

export interface Cluster {
  name: string;
  url: string;
  token: string;
  proc: ChildProcess;
  workloads: WorkloadPlan[];
  namespaces: string[];
  stats(): Promise<ClusterStats>;
  /** raw API request; throws on a status ≥ 400 */
  req(method: string, path: string, body?: unknown, type?: string): Promise<unknown>;
}

/**
 * `count` workloads holding about `pods` pods in ~10 namespaces: two big ones (a tenth of the pods each, 1,000 at the
 * defaults; a CloneSet and an Advanced StatefulSet) and the rest sharing what is left (~40 each at the defaults), in
 * turn CloneSets, Advanced StatefulSets and Advanced DaemonSets (one pod per node: NODES each).
 */
export function layout(pods: number, count: number): { namespaces: string[]; workloads: WorkloadPlan[] } {
  const nsCount = Math.max(1, Math.min(10, Math.round(count / 20)));
  const namespaces = Array.from({ length: nsCount }, (_, i) => `team-${i}`);
  const big = count >= 4 ? 2 : 0;
  const bigSize = Math.floor(pods / 10);
  const rest = pods - big * bigSize;
  const small = count - big;
  const kinds: FleetKind[] = ["clonesets", "statefulsets", "daemonsets"];
  return {
    namespaces,
    workloads: Array.from({ length: count }, (_, i) => {
      const kind = i < big ? kinds[i] : kinds[(i - big) % 3];
      const share = Math.floor(rest / small) + (i - big < rest % small ? 1 : 0);
      return {
        ns: namespaces[i % nsCount],
        name: i < big ? `big-${i}` : `${kind.slice(0, 3)}-${String(i).padStart(3, "0")}`,
        pods: i < big ? bigSize : kind === "daemonsets" ? Math.min(share, NODES) : share,
        kind,
      };
    }),
  };
}

/** Starts one sandbox process; resolves once it serves. */
export async function startCluster(name: string, plan: ReturnType<typeof layout>): Promise<Cluster> {
  const proc = spawn(path.join(REPO, "node_modules/.bin/tsx"), ["bench/fleet-cluster.ts"], {
    cwd: REPO,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = readline.createInterface({ input: proc.stdout! });
  const waiting: ((s: ClusterStats) => void)[] = [];
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    proc.once("exit", (c) => reject(new Error(`cluster ${name} exited ${c}`)));
    lines.on("line", (l) => {
      if (l.startsWith("ready ")) resolve(JSON.parse(l.slice(6)) as { url: string; token: string });
      else if (l.startsWith("stats ")) waiting.shift()?.(JSON.parse(l.slice(6)) as ClusterStats);
    });
  });
  const { url, token } = await ready;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 48 });
  const req = (method: string, p: string, body?: unknown, type = "application/json") =>
    new Promise<unknown>((resolve, reject) => {
      const data = body === undefined ? undefined : JSON.stringify(body);
      const r = http.request(
        `${url}${p}`,
        {
          method,
          agent,
          headers: { Authorization: `Bearer ${token}`, ...(data ? { "Content-Type": type } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            if ((res.statusCode ?? 500) >= 400) reject(new Error(`${method} ${p}: ${res.statusCode} ${text}`));
            else resolve(text ? JSON.parse(text) : undefined);
          });
        },
      );
      r.on("error", reject);
      r.end(data);
    });
  return {
    name,
    url,
    token,
    proc,
    ...plan,
    workloads: plan.workloads.map((c) => ({ ...c })),
    req,
    stats: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        proc.stdin!.write("stats\n");
      }),
  };
}

const MERGE = "application/merge-patch+json";

async function pool<T>(items: T[], width: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Nodes, namespaces, workloads (with status) and every pod (created, then its status), 16 requests in flight. */
export async function seed(c: Cluster): Promise<void> {
  for (let i = 0; i < NODES; i++) await c.req("POST", "/api/v1/nodes", nodeBody(i));
  for (const ns of c.namespaces) await c.req("POST", "/api/v1/namespaces", { metadata: { name: ns } });
  await pool([...c.workloads.entries()], 16, async ([i, w]) => {
    const made = (await c.req("POST", workloadPath(w, false), workloadBody(w))) as { metadata: { uid: string } };
    w.uid = made.metadata.uid;
    await c.req("PATCH", `${workloadPath(w)}/status`, workloadStatus(w, i, 0), MERGE);
  });
  const pods = c.workloads.flatMap((w) => Array.from({ length: w.pods }, (_, j) => [w, j] as const));
  await pool(pods, 16, async ([w, j]) => {
    await c.req("POST", `/api/v1/namespaces/${w.ns}/pods`, podBody(w, j));
    await c.req("PATCH", `/api/v1/namespaces/${w.ns}/pods/${podName(w, j)}/status`, podStatus(j, 0), MERGE);
  });
}

/**
 * `rate` status patches a second over all clusters (each its share), alternating a workload's status and a pod's
 * (pods visited with a stride, so every namespace and the big CloneSets get their share), at most 48 in flight per
 * cluster (a sandbox slow to answer, e.g. waiting for a core, then still gets the asked rate if it can). stop() says the rate reached, per cluster and in all, and how long the patches took to answer.
 */
export function writer(clusters: Cluster[], rate: number) {
  let stop = false;
  const latencies: number[] = [];
  const sent = clusters.map(() => 0);
  const failed: string[] = [];
  const start = performance.now();
  const one = async (c: Cluster, ci: number) => {
    const pods = c.workloads.flatMap((cs) => Array.from({ length: cs.pods }, (_, j) => [cs, j] as const));
    const stride = 7919 % pods.length || 1;
    const inflight = new Set<Promise<unknown>>();
    const each = rate / clusters.length;
    for (let k = 0; !stop; k++) {
      const wait = start + (k * 1000) / each - performance.now();
      if (wait > 1) await sleep(wait);
      while (inflight.size >= 48) await Promise.race(inflight);
      const h = k >> 1;
      const t = 1 + Math.floor(h / c.workloads.length);
      let w: Promise<unknown>;
      if (k % 2 === 0) {
        const i = h % c.workloads.length;
        const cs = c.workloads[i];
        w = c.req("PATCH", `${workloadPath(cs)}/status`, workloadStatus(cs, i, t), MERGE);
      } else {
        const [cs, j] = pods[(h * stride) % pods.length];
        const t = 1 + Math.floor(h / pods.length);
        // restartCount follows the pass, so no patch is a no-op that sends no event
        const body = podStatus(j, t, t);
        w = c.req("PATCH", `/api/v1/namespaces/${cs.ns}/pods/${podName(cs, j)}/status`, body, MERGE);
      }
      const t0 = performance.now();
      const tracked = w.then(
        () => (latencies.push(performance.now() - t0), sent[ci]++),
        (e: Error) => failed.push(e.message),
      );
      inflight.add(tracked);
      void tracked.finally(() => inflight.delete(tracked));
    }
    await Promise.all(inflight);
  };
  const done = Promise.all(clusters.map(one));
  return async () => {
    stop = true;
    const seconds = (performance.now() - start) / 1000;
    const answered = [...sent]; // answered by now; the few still in flight finish below, uncounted
    await done;
    const total = answered.reduce((a, b) => a + b, 0);
    return { seconds, perCluster: answered.map((n) => n / seconds), total: total / seconds, latencies, failed };
  };
}
