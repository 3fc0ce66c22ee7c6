/**
 * Integration (sandbox): a Kruise Rollout whose workloadRef is an Advanced StatefulSet, driven end to end by the
 * sandbox's Rollout and BatchRelease controllers, its StatefulSet controller and kubelet (docs/kruise-rollouts.md
 * §15). Sandbox only, as the CloneSet release in kruise-rollout.test.ts: a real cluster needs Kruise Rollout's
 * workload webhook to start the release.
 */
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Pod, Rollout, StatefulSet } from "@/lib/k8s/objects";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import { startSandboxCluster, type TestCluster } from "../support/clusters";
import { until } from "../contract/lib/wait";

const merge = () => setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const APPROVE = { status: { canaryStatus: { currentStepState: "StepReady" } } };

function api<T>(kc: KubeConfig, namespace: string, group: string, version: string, plural: string) {
  const c = kc.makeApiClient(CustomObjectsApi);
  const base = { group, version, plural, namespace };
  return {
    create: (body: object) => c.createNamespacedCustomObject({ ...base, body }) as Promise<T>,
    get: (name: string) => c.getNamespacedCustomObject({ ...base, name }) as Promise<T>,
    patch: (name: string, body: object) => c.patchNamespacedCustomObject({ ...base, name, body }, merge()),
    patchStatus: (name: string, body: object) =>
      c.patchNamespacedCustomObjectStatus({ ...base, name, body }, merge()) as Promise<T>,
  };
}

const statefulSet = (name: string, replicas: number) => ({
  apiVersion: "apps.kruise.io/v1beta1",
  kind: "StatefulSet",
  metadata: { name },
  spec: {
    replicas,
    serviceName: name,
    selector: { matchLabels: { app: name } },
    template: {
      metadata: { labels: { app: name } },
      spec: {
        readinessGates: [{ conditionType: "InPlaceUpdateReady" }],
        containers: [{ name: "app", image: "nginx:1.0" }],
      },
    },
    updateStrategy: { type: "RollingUpdate", rollingUpdate: { podUpdatePolicy: "InPlaceIfPossible" } },
  },
});

const rollout = (name: string) => ({
  apiVersion: "rollouts.kruise.io/v1beta1",
  kind: "Rollout",
  metadata: { name },
  spec: {
    workloadRef: { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", name },
    strategy: { canary: { steps: [{ replicas: 1, pause: {} }, { replicas: "60%", pause: {} }, { replicas: "100%" }] } },
  },
});

describe("Kruise Rollout on an Advanced StatefulSet (sandbox controllers)", () => {
  let cluster: TestCluster;
  let ctl: RunningControllers;
  const ns = "krasts";
  beforeAll(async () => {
    cluster = await startSandboxCluster();
    await cluster
      .kubeConfig()
      .makeApiClient(CoreV1Api)
      .createNamespace({ body: { metadata: { name: ns } } });
    ctl = await startControllers({ kc: cluster.kubeConfig(), fast: true, namespace: ns });
  }, 60_000);
  afterAll(async () => {
    await ctl?.stop();
    await cluster?.stop();
  });

  it("image change → ordinal 4 at partition 4 → approve → ordinals 2–4 at partition 2 → approve → Healthy at partition 0", async () => {
    const kc = cluster.kubeConfig();
    const sets = api<StatefulSet>(kc, ns, "apps.kruise.io", "v1beta1", "statefulsets");
    const rollouts = api<Rollout>(kc, ns, "rollouts.kruise.io", "v1beta1", "rollouts");
    const core = kc.makeApiClient(CoreV1Api);
    const updatedOrdinals = async () => {
      const set = await sets.get("db");
      const pods = (await core.listNamespacedPod({ namespace: ns })).items as unknown as Pod[];
      return pods
        .filter((p) => p.metadata.labels?.["controller-revision-hash"] === set.status?.updateRevision)
        .map((p) => Number(p.metadata.name.slice("db-".length)))
        .sort((a, b) => a - b);
    };
    await sets.create(statefulSet("db", 5));
    await rollouts.create(rollout("db"));
    await until("Healthy, the statefulset workload-type label and 5 ready pods", async () => {
      const [r, s] = [await rollouts.get("db"), await sets.get("db")];
      return (
        r.status?.phase === "Healthy" &&
        s.metadata.labels?.["rollouts.kruise.io/workload-type"] === "statefulset" &&
        s.status?.readyReplicas === 5
      );
    });
    await sets.patch("db", { spec: { template: { spec: { containers: [{ name: "app", image: "nginx:2.0" }] } } } });
    const pausedAt = async (step: number) => {
      const r = await rollouts.get("db");
      const c = r.status?.canaryStatus;
      return c?.currentStepIndex === step && c.currentStepState === "StepPaused" ? r : undefined;
    };
    await until("step 1 StepPaused", () => pausedAt(1));
    expect((await sets.get("db")).spec.updateStrategy?.rollingUpdate?.partition).toBe(4);
    expect(await updatedOrdinals()).toEqual([4]);
    const r1 = (await pausedAt(1))!;
    expect(r1.status?.canaryStatus?.canaryRevision).toBe((await sets.get("db")).status?.updateRevision);
    await until("step 2 StepPaused after an approve (re-approved while still at step 1)", async () => {
      if (await pausedAt(1)) await rollouts.patchStatus("db", APPROVE);
      return pausedAt(2);
    });
    expect((await sets.get("db")).spec.updateStrategy?.rollingUpdate?.partition).toBe(2);
    expect(await updatedOrdinals()).toEqual([2, 3, 4]);
    await until("Healthy after the last approve", async () => {
      if (await pausedAt(2)) await rollouts.patchStatus("db", APPROVE);
      const r = await rollouts.get("db");
      return r.status?.phase === "Healthy" && r.status.canaryStatus?.finalisingStep === "END";
    });
    const done = await sets.get("db");
    expect(done.spec.updateStrategy?.rollingUpdate?.partition).toBe(0);
    expect(done.metadata.annotations?.["batchrelease.rollouts.kruise.io/control-info"]).toBeUndefined();
    await until("every ordinal on the new revision", async () => (await updatedOrdinals()).length === 5);
  }, 120_000);
});
