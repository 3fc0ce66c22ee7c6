// Scenario runner: starts the sandbox controllers (optional) and applies a scenario file
// (sandbox/scenarios/<name>.yaml) through client-node. Plain Kubernetes objects (Namespaces, CloneSets, Advanced
// StatefulSets, Advanced DaemonSets, Kruise Rollouts) are created; three step kinds (apiVersion sandbox.kruise.io/v1)
// drive rollouts: WaitFor (a workload's status: `readyReplicas`, or each number under `status` reached, once the
// controller has observed the latest generation), WaitForRollout (the Rollout Healthy and its CloneSet labelled for the
// workload webhook, so a following template change starts a release: docs/kruise-rollouts.md §9) and Patch (JSON
// merge patch on a workload). `target.kind` names the workload (CloneSet unless given). A `Nodes` document sets how
// many nodes the kubelet simulator brings (3 unless given). Objects before the first step are applied before this
// resolves; the remaining steps run in the background until stop().
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import { readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";
import { startControllers, type RunningControllers } from "../controllers";
import { errorCode, errorMessage, loadKubeConfig } from "../controllers/kube";

const here = dirname(fileURLToPath(import.meta.url));
const FIELD_MANAGER = "sandbox-scenario";

export interface ScenarioOptions {
  kubeconfigPath: string;
  scenario: string;
  fast: boolean;
  controllers: boolean;
  /** The API server's plain-http URL when it runs in this process (see ControllersOptions.server). */
  server?: string;
  log?: (m: string) => void;
}

interface Target {
  kind?: "CloneSet" | "StatefulSet" | "DaemonSet";
  namespace: string;
  name: string;
}
type Doc = {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string };
  target?: Target;
  readyReplicas?: number;
  status?: Record<string, number>;
  patch?: object;
  timeoutSeconds?: number;
  count?: number;
};

/** Where each workload kind a scenario may hold is served. */
const WORKLOADS: Record<string, { group: string; version: string; plural: string }> = {
  CloneSet: { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets" },
  StatefulSet: { group: "apps.kruise.io", version: "v1beta1", plural: "statefulsets" },
  DaemonSet: { group: "apps.kruise.io", version: "v1alpha1", plural: "daemonsets" },
  Rollout: { group: "rollouts.kruise.io", version: "v1beta1", plural: "rollouts" },
};

export function scenarioPath(name: string): string {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`invalid scenario name "${name}"`);
  const p = join(here, `${name}.yaml`);
  if (!existsSync(p)) throw new Error(`unknown scenario "${name}" (no ${p})`);
  return p;
}

export function loadScenario(name: string): Doc[] {
  if (name === "none") return [];
  return parseAllDocuments(readFileSync(scenarioPath(name), "utf8"))
    .map((d) => d.toJSON() as Doc)
    .filter(Boolean);
}

async function create(kc: KubeConfig, doc: Doc): Promise<void> {
  try {
    if (doc.kind === "Namespace") {
      await kc.makeApiClient(CoreV1Api).createNamespace({ body: doc as never, fieldManager: FIELD_MANAGER });
    } else if (doc.kind && WORKLOADS[doc.kind]) {
      await kc.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
        ...WORKLOADS[doc.kind],
        namespace: doc.metadata!.namespace!,
        body: doc,
        fieldManager: FIELD_MANAGER,
      });
    } else {
      throw new Error(`scenario object kind ${doc.kind} is not supported`);
    }
  } catch (e) {
    if (errorCode(e) !== 409) throw e;
  }
}

async function step(
  kc: KubeConfig,
  doc: Doc,
  stopped: () => boolean,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  const api = kc.makeApiClient(CustomObjectsApi);
  const ref = {
    ...WORKLOADS[doc.target!.kind ?? "CloneSet"],
    namespace: doc.target!.namespace,
    name: doc.target!.name,
  };
  if (doc.kind === "Patch") {
    await api.patchNamespacedCustomObject(
      { ...ref, body: doc.patch!, fieldManager: FIELD_MANAGER },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    return;
  }
  const deadline = Date.now() + (doc.timeoutSeconds ?? 600) * 1000;
  if (doc.kind === "WaitForRollout") {
    const rollout = { ...ref, ...WORKLOADS.Rollout };
    while (!stopped() && Date.now() < deadline) {
      const r = (await api.getNamespacedCustomObject(rollout)) as { status?: { phase?: string } };
      const cs = (await api.getNamespacedCustomObject(ref)) as { metadata: { labels?: Record<string, string> } };
      if (r.status?.phase === "Healthy" && cs.metadata.labels?.["rollouts.kruise.io/workload-type"]) return;
      await sleep(250);
    }
    if (stopped()) return;
    throw new Error(`timed out waiting for Rollout ${ref.namespace}/${ref.name} to be Healthy`);
  }
  const want = doc.status ?? { readyReplicas: doc.readyReplicas ?? 1 };
  while (!stopped() && Date.now() < deadline) {
    const o = (await api.getNamespacedCustomObject(ref)) as {
      metadata: { generation?: number };
      status?: Record<string, unknown> & { observedGeneration?: number };
    };
    const reached = Object.entries(want).every(([k, v]) => Number(o.status?.[k] ?? 0) >= v);
    if (reached && o.status?.observedGeneration === o.metadata.generation) return;
    await sleep(250);
  }
  if (stopped()) return;
  throw new Error(`timed out waiting for ${ref.namespace}/${ref.name} to reach ${JSON.stringify(want)}`);
}

/** Starts controllers unless `controllers` is false, then applies the scenario (`none` = nothing). */
export async function runScenario(opts: ScenarioOptions): Promise<{ stop(): Promise<void> }> {
  const log = opts.log ?? ((m: string) => console.error(`scenario: ${m}`));
  const kc = loadKubeConfig(opts.kubeconfigPath);
  const docs = loadScenario(opts.scenario);
  const nodes = docs.find((d) => d.kind === "Nodes")?.count;
  const running: RunningControllers | undefined = opts.controllers
    ? await startControllers({ kc, server: opts.server, fast: opts.fast, log, nodes })
    : undefined;
  let stopped = false;
  // Pending sleeps resolve early on stop() so the background steps can finish.
  const wakers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      const wake = () => {
        clearTimeout(t);
        wakers.delete(wake);
        r();
      };
      const t = setTimeout(wake, ms);
      wakers.add(wake);
    });
  const isStep = (d: Doc) => d.kind === "WaitFor" || d.kind === "WaitForRollout" || d.kind === "Patch";
  const objects = docs.filter((d) => d.kind !== "Nodes");
  const first = objects.findIndex(isStep);
  const head = first < 0 ? objects : objects.slice(0, first),
    tail = first < 0 ? [] : objects.slice(first);
  for (const d of head) await create(kc, d);
  const background = (async () => {
    for (const d of tail) {
      if (stopped) return;
      if (isStep(d)) await step(kc, d, () => stopped, sleep);
      else await create(kc, d);
    }
  })().catch((e) => log(`scenario ${opts.scenario}: ${errorMessage(e)}`));
  return {
    stop: async () => {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await background;
      await running?.stop();
    },
  };
}
