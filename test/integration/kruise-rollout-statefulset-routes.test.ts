import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceName } from "@/lib/k8s/wire";
import { postWrite } from "@/lib/server/write";
import { replaceRuntime, runtime } from "@/lib/server/runtime";
import { api } from "@/lib/urls";
import { csrfFor } from "../support/console";
import { startCluster, type TestCluster } from "../support/clusters";

// The console's write gate for an Advanced StatefulSet a Kruise Rollout drives (docs/kruise-rollouts.md §15), on
// the sandbox API server: no Rollout controller runs here, so the test puts the Rollout's status where it needs it.

let cluster: TestCluster;
const NS = "ledger";
const ORIGIN = "http://127.0.0.1:3000";
const STS = { group: "apps.kruise.io", version: "v1beta1", plural: "statefulsets" };
const RO = { group: "rollouts.kruise.io", version: "v1beta1", plural: "rollouts" };
const custom = () => cluster.kubeConfig("admin").makeApiClient(CustomObjectsApi);
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

async function createPair(name: string): Promise<void> {
  await custom().createNamespacedCustomObject({
    ...STS,
    namespace: NS,
    body: {
      apiVersion: "apps.kruise.io/v1beta1",
      kind: "StatefulSet",
      metadata: { name, namespace: NS },
      spec: {
        replicas: 3,
        serviceName: name,
        selector: { matchLabels: { app: name } },
        template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image: "nginx:1" }] } },
      },
    },
  });
  await custom().createNamespacedCustomObject({
    ...RO,
    namespace: NS,
    body: {
      apiVersion: "rollouts.kruise.io/v1beta1",
      kind: "Rollout",
      metadata: { name, namespace: NS },
      spec: {
        workloadRef: { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", name },
        strategy: { canary: { steps: [{ replicas: 1, pause: {} }, { replicas: "100%" }] } },
      },
    },
  });
  const canaryStatus = {
    currentStepIndex: 1,
    nextStepIndex: 2,
    currentStepState: "StepPaused",
    stableRevision: `${name}-h1`,
    canaryRevision: `${name}-h2`,
    podTemplateHash: `${name}-h2`,
    canaryReplicas: 1,
    canaryReadyReplicas: 1,
    finalisingStep: "",
    lastUpdateTime: new Date().toISOString(),
  };
  const status = { phase: "Progressing", observedGeneration: 1, currentStepIndex: 1, currentStepState: "StepPaused" };
  await custom().patchNamespacedCustomObjectStatus(
    { ...RO, namespace: NS, name, body: { status: { ...status, canaryStatus } } },
    merge,
  );
}

async function post(resource: ResourceName, name: string, write: string, body: unknown) {
  const res = await postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.write("admin", NS, resource, name, write)}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
    }),
    "admin",
    NS,
    resource,
    name,
    write,
  );
  return { status: res.status, body: (await res.json()) as { message?: string; details?: { causes?: unknown[] } } };
}

beforeAll(async () => {
  cluster = await startCluster("sandbox");
  await cluster
    .kubeConfig("admin")
    .makeApiClient(CoreV1Api)
    .createNamespace({ body: { metadata: { name: NS } } });
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined); // the first request builds it from this environment
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

describe("Kruise Rollout on an Advanced StatefulSet through the write gate", () => {
  it("refuses a partition or pause write to an Advanced StatefulSet its Rollout names, naming the Rollout", async () => {
    await createPair("owned");
    const set = (await custom().getNamespacedCustomObject({ ...STS, namespace: NS, name: "owned" })) as {
      metadata: { generation: number; resourceVersion: string };
    };
    const base = { generation: set.metadata.generation };
    for (const body of [
      { action: "partition", value: 1, base },
      { action: "pause", base },
    ]) {
      const res = await post("statefulsets", "owned", "update", body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(res.body.message).toContain('StatefulSet ledger/owned is driven by Rollout "owned"');
    }
    const after = (await custom().getNamespacedCustomObject({ ...STS, namespace: NS, name: "owned" })) as {
      metadata: { resourceVersion: string };
    };
    expect(after.metadata.resourceVersion).toBe(set.metadata.resourceVersion);
  });

  it("approves the Rollout for the StatefulSet page (kind StatefulSet), and refuses the same request said of a CloneSet", async () => {
    await createPair("steps");
    const body = { action: "approve", cloneSet: "steps", base: { generation: 1, step: 1 } };
    const asCloneSet = await post("rollouts", "steps", "action", body);
    expect(asCloneSet.status).toBe(400);
    expect(asCloneSet.body.message).toBe("Rollout ledger/steps does not manage CloneSet ledger/steps");
    const res = await post("rollouts", "steps", "action", { ...body, kind: "StatefulSet" });
    expect(res.status).toBe(200);
    const r = (await custom().getNamespacedCustomObject({ ...RO, namespace: NS, name: "steps" })) as {
      status: { canaryStatus: { currentStepState: string } };
    };
    expect(r.status.canaryStatus.currentStepState).toBe("StepReady");
  });
});
