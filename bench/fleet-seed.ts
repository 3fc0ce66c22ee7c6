// The fleet benchmark's clusters (bench/fleet.ts): each a sandbox API server in its own process
// (bench/fleet-cluster.ts), seeded directly through its API — CloneSets and their pods with owner references,
// revision labels and status, as a controller would leave them, without running one — and a writer that patches
// CloneSet and pod status at a set rate over raw keep-alive HTTP (cheap for this process, which also drives
// Chromium), measuring the rate it reached.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import type { ClusterStats } from "./fleet-cluster";
import { podStatus, sleep } from "./lib";

const REPO = path.resolve(__dirname, "..");

export interface CloneSetPlan {
  ns: string;
  name: string;
  pods: number;
  uid?: string;
}

export interface Cluster {
  name: string;
  url: string;
  token: string;
  proc: ChildProcess;
  cloneSets: CloneSetPlan[];
  namespaces: string[];
  stats(): Promise<ClusterStats>;
  /** raw API request; throws on a status ≥ 400 */
  req(method: string, path: string, body?: unknown, type?: string): Promise<unknown>;
}

/**
 * `cloneSets` CloneSets holding `pods` pods in ~10 namespaces: two big ones (a tenth of the pods each, 1,000 at
 * the defaults) and the rest sharing what is left (~40 each at the defaults).
 */
export function layout(pods: number, cloneSets: number): { namespaces: string[]; cloneSets: CloneSetPlan[] } {
  const nsCount = Math.max(1, Math.min(10, Math.round(cloneSets / 20)));
  const namespaces = Array.from({ length: nsCount }, (_, i) => `team-${i}`);
  const big = cloneSets >= 4 ? 2 : 0;
  const bigSize = Math.floor(pods / 10);
  const rest = pods - big * bigSize;
  const small = cloneSets - big;
  return {
    namespaces,
    cloneSets: Array.from({ length: cloneSets }, (_, i) => ({
      ns: namespaces[i % nsCount],
      name: i < big ? `big-${i}` : `svc-${String(i).padStart(3, "0")}`,
      pods: i < big ? bigSize : Math.floor(rest / small) + (i - big < rest % small ? 1 : 0),
    })),
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
    cloneSets: plan.cloneSets.map((c) => ({ ...c })),
    req,
    stats: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        proc.stdin!.write("stats\n");
      }),
  };
}

const CS = "/apis/apps.kruise.io/v1alpha1";
const MERGE = "application/merge-patch+json";
const OLD = "5b76c46c9b";
const NEW = "659d94d4c9";
const podName = (cs: CloneSetPlan, j: number) => `${cs.name}-${String(j).padStart(5, "0")}`;
const updated = (j: number) => j % 5 < 2; // 40% of each CloneSet's pods on the update revision

/** CloneSet i's status at tick t: a rollout moving through its pods, so rows' counts and bars change. */
export function cloneSetStatus(cs: CloneSetPlan, i: number, t: number) {
  const n = cs.pods;
  const notReady = t === 0 ? (i % 7 === 0 ? 1 : 0) : (i + t) % 3;
  const up = Math.round(n * 0.4);
  return {
    status: {
      observedGeneration: 1,
      replicas: n,
      readyReplicas: n - notReady,
      availableReplicas: n - notReady,
      updatedReplicas: up,
      updatedReadyReplicas: Math.max(0, up - ((i + t) % 2)),
      expectedUpdatedReplicas: up,
      updateRevision: `${cs.name}-${NEW}`,
      currentRevision: `${cs.name}-${OLD}`,
    },
  };
}

async function pool<T>(items: T[], width: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** Namespaces, CloneSets (with status) and every pod (created, then its status), 16 requests in flight. */
export async function seed(c: Cluster): Promise<void> {
  for (const ns of c.namespaces) await c.req("POST", "/api/v1/namespaces", { metadata: { name: ns } });
  await pool([...c.cloneSets.entries()], 16, async ([i, cs]) => {
    const made = (await c.req("POST", `${CS}/namespaces/${cs.ns}/clonesets`, {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      metadata: { name: cs.name, namespace: cs.ns },
      spec: {
        replicas: cs.pods,
        selector: { matchLabels: { app: cs.name } },
        template: { metadata: { labels: { app: cs.name } }, spec: { containers: [{ name: "app", image: "app:2" }] } },
        updateStrategy: { type: "InPlaceIfPossible", partition: cs.pods - Math.round(cs.pods * 0.4) },
      },
    })) as { metadata: { uid: string } };
    cs.uid = made.metadata.uid;
    await c.req("PATCH", `${CS}/namespaces/${cs.ns}/clonesets/${cs.name}/status`, cloneSetStatus(cs, i, 0), MERGE);
  });
  const pods = c.cloneSets.flatMap((cs) => Array.from({ length: cs.pods }, (_, j) => [cs, j] as const));
  await pool(pods, 16, async ([cs, j]) => {
    const name = podName(cs, j);
    const rev = `${cs.name}-${updated(j) ? NEW : OLD}`;
    await c.req("POST", `/api/v1/namespaces/${cs.ns}/pods`, {
      metadata: {
        name,
        labels: { app: cs.name, "controller-revision-hash": rev },
        ownerReferences: [
          { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: cs.name, uid: cs.uid, controller: true },
        ],
      },
      spec: { nodeName: `node-${j % 20}`, containers: [{ name: "app", image: updated(j) ? "app:2" : "app:1" }] },
    });
    await c.req("PATCH", `/api/v1/namespaces/${cs.ns}/pods/${name}/status`, podStatus(j, 0), MERGE);
  });
}

/**
 * `rate` status patches a second over all clusters (each its share), alternating a CloneSet's status and a pod's
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
    const pods = c.cloneSets.flatMap((cs) => Array.from({ length: cs.pods }, (_, j) => [cs, j] as const));
    const stride = 7919 % pods.length || 1;
    const inflight = new Set<Promise<unknown>>();
    const each = rate / clusters.length;
    for (let k = 0; !stop; k++) {
      const wait = start + (k * 1000) / each - performance.now();
      if (wait > 1) await sleep(wait);
      while (inflight.size >= 48) await Promise.race(inflight);
      const h = k >> 1;
      const t = 1 + Math.floor(h / c.cloneSets.length);
      let w: Promise<unknown>;
      if (k % 2 === 0) {
        const i = h % c.cloneSets.length;
        const cs = c.cloneSets[i];
        w = c.req("PATCH", `${CS}/namespaces/${cs.ns}/clonesets/${cs.name}/status`, cloneSetStatus(cs, i, t), MERGE);
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
