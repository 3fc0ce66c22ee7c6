/**
 * Contract: Kruise Rollout (rollouts.kruise.io/v1beta1) on the sandbox and a real kube-apiserver with the same
 * CRDs — the approve as a /status merge patch, the lost-update race of the controller's whole-status write
 * (docs/kruise-rollouts.md §5.1), pause as a spec merge patch, and a release driven by the sandbox's Rollout and
 * BatchRelease controllers. The workload webhook and the Rollout validating webhook exist only in the sandbox
 * (on a real cluster they come with the Kruise Rollout deployment), so those cases run on the sandbox alone.
 */
import { ApisApi, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CloneSet, Rollout } from "@/lib/k8s/objects";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import { Kube } from "@/sandbox/controllers/kube";
import { writeRolloutStatus } from "@/sandbox/controllers/rollouts/kube-rollouts";
import { failure, KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";

const merge = () => setHeaderOptions("Content-Type", PatchStrategy.MergePatch);

function rolloutsApi(kc: KubeConfig, namespace: string) {
  const api = kc.makeApiClient(CustomObjectsApi);
  const base = { group: "rollouts.kruise.io", version: "v1beta1", plural: "rollouts", namespace };
  return {
    create: (body: object) => api.createNamespacedCustomObject({ ...base, body }) as Promise<Rollout>,
    get: (name: string) => api.getNamespacedCustomObject({ ...base, name }) as Promise<Rollout>,
    patch: (name: string, body: object) => api.patchNamespacedCustomObject({ ...base, name, body }, merge()),
    patchStatus: (name: string, body: object) =>
      api.patchNamespacedCustomObjectStatus({ ...base, name, body }, merge()) as Promise<Rollout>,
    replaceStatus: (name: string, body: object) =>
      api.replaceNamespacedCustomObjectStatus({ ...base, name, body }) as Promise<Rollout>,
  };
}

function clonesetsApi(kc: KubeConfig, namespace: string) {
  const api = kc.makeApiClient(CustomObjectsApi);
  const base = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", namespace };
  return {
    create: (body: object) => api.createNamespacedCustomObject({ ...base, body }) as Promise<CloneSet>,
    get: (name: string) => api.getNamespacedCustomObject({ ...base, name }) as Promise<CloneSet>,
    patch: (name: string, body: object) =>
      api.patchNamespacedCustomObject({ ...base, name, body }, merge()) as Promise<CloneSet>,
  };
}

const rollout = (name: string, steps: object[] = [{ replicas: 1, pause: {} }, { replicas: "100%" }]) => ({
  apiVersion: "rollouts.kruise.io/v1beta1",
  kind: "Rollout",
  metadata: { name },
  spec: {
    workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name },
    strategy: { canary: { steps } },
  },
});

const cloneSet = (name: string, replicas: number, labels: Record<string, string> = {}) => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name, labels },
  spec: {
    replicas,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image: "nginx:1.0" }] } },
    updateStrategy: { type: "InPlaceIfPossible", partition: 0 },
  },
});

/**
 * What the Rollout controller writes at §12 row 6: step 1 paused for an approve. kube-apiserver 1.20.2 as run here
 * rejects an empty string in a typed CR status field ("must be of type string: \"null\""), so the required
 * `finalisingStep`, which upstream leaves "" until finalising, gets a placeholder on that server
 * (test/contract/SANDBOX-GAPS.md).
 */
const pausedStatus = (kind: string) => ({
  observedGeneration: 1,
  phase: "Progressing",
  message: "Rollout is in step(1/2), and you need manually confirm to enter the next step",
  currentStepIndex: 1,
  currentStepState: "StepPaused",
  canaryStatus: {
    currentStepIndex: 1,
    nextStepIndex: 2,
    currentStepState: "StepPaused",
    canaryRevision: "h2",
    stableRevision: "h1",
    podTemplateHash: "h2",
    canaryReplicas: 1,
    canaryReadyReplicas: 1,
    finalisingStep: kind === "sandbox" ? "" : "none-yet",
    lastUpdateTime: "2026-01-01T00:00:00Z",
  },
});
const APPROVE = { status: { canaryStatus: { currentStepState: "StepReady" } } };

describe.each(KINDS)("Kruise Rollout status and spec writes (%s)", (kind) => {
  const h = useCluster(kind, { ns: "krollout" });
  const api = () => rolloutsApi(h.c.kubeConfig(), h.ns);
  const paused = async (name: string) => {
    const r = await api().get(name);
    return api().replaceStatus(name, { ...r, status: pausedStatus(kind) });
  };
  beforeAll(async () => {
    for (const n of ["approve", "race", "pause"]) await api().create(rollout(n));
  });

  it("discovery prefers v1beta1 for rollouts.kruise.io (kubectl and clients without a version use it)", async () => {
    const groups = (await h.c.kubeConfig().makeApiClient(ApisApi).getAPIVersions()).groups;
    const g = groups.find((x) => x.name === "rollouts.kruise.io");
    expect(g?.preferredVersion?.version).toBe("v1beta1");
    expect(g?.versions.map((v) => v.version)).toEqual(["v1beta1", "v1alpha1"]);
  });

  it("approve as a /status merge patch is accepted and visible, leaving spec and generation alone", async () => {
    const before = await paused("approve");
    const after = await api().patchStatus("approve", APPROVE);
    expect(after.status?.canaryStatus?.currentStepState).toBe("StepReady");
    expect(after.status?.canaryStatus?.currentStepIndex).toBe(1);
    const read = await api().get("approve");
    expect(read.status?.canaryStatus?.currentStepState).toBe("StepReady");
    expect(read.metadata.generation).toBe(before.metadata.generation);
    expect(read.spec).toEqual(before.spec);
  });

  it("lost update: the controller's whole-status UPDATE from a stale read overwrites an approve; re-checking shows StepPaused, re-approving works", async () => {
    await paused("race");
    const stale = await api().get("race"); // the controller's cache read
    await api().patchStatus("race", APPROVE); // the user approves meanwhile
    expect((await api().get("race")).status?.canaryStatus?.currentStepState).toBe("StepReady");
    // The controller writes the status it computed from the stale read: fresh GET, status replaced, UPDATE.
    await writeRolloutStatus(new Kube(h.c.kubeConfig(), "kruise-rollout"), h.ns, "race", stale.status!);
    const rechecked = await api().get("race");
    expect(rechecked.status?.canaryStatus?.currentStepState).toBe("StepPaused");
    expect(rechecked.status?.canaryStatus?.currentStepIndex).toBe(1);
    await api().patchStatus("race", APPROVE);
    expect((await api().get("race")).status?.canaryStatus?.currentStepState).toBe("StepReady");
  });

  it("pause via a spec.strategy.paused merge patch bumps the generation and keeps the steps and the status", async () => {
    const before = await paused("pause");
    await api().patch("pause", { spec: { strategy: { paused: true } } });
    const after = await api().get("pause");
    expect(after.spec.strategy?.paused).toBe(true);
    expect(after.spec.strategy?.canary?.steps).toEqual(before.spec.strategy?.canary?.steps);
    expect(after.metadata.generation).toBe((before.metadata.generation ?? 0) + 1);
    expect(after.status?.canaryStatus?.currentStepState).toBe("StepPaused");
  });
});

// Sandbox only: the controllers write upstream's statuses, whose empty strings kube-apiserver 1.20.2 as run here
// rejects (see pausedStatus), and a real cluster would need the workload webhook to start the release.
describe("a release driven by the sandbox Rollout and BatchRelease controllers (sandbox only: empty-string statuses, no webhook on kube-apiserver)", () => {
  const h = useCluster("sandbox", { ns: "krelease" });
  let ctl: RunningControllers;
  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, namespace: h.ns });
  }, 60_000);
  afterAll(async () => {
    await ctl?.stop();
  });

  it("image change → step 1 paused at partition 3 → approve → 100% → Healthy with partition 0 and no BatchRelease", async () => {
    const kc = h.c.kubeConfig();
    const sets = clonesetsApi(kc, h.ns),
      rollouts = rolloutsApi(kc, h.ns);
    await sets.create(cloneSet("web", 4));
    await rollouts.create(rollout("web", [{ replicas: 1, pause: {} }, { replicas: "100%" }]));
    await until("Healthy 2/Completed and the workload-type label", async () => {
      const [r, cs] = [await rollouts.get("web"), await sets.get("web")];
      return (
        r.status?.phase === "Healthy" &&
        r.status.currentStepState === "Completed" &&
        cs.metadata.labels?.["rollouts.kruise.io/workload-type"] === "cloneset" &&
        cs.status?.readyReplicas === 4
      );
    });
    await sets.patch("web", { spec: { template: { spec: { containers: [{ name: "app", image: "nginx:2.0" }] } } } });
    // Entering StepPaused and its message are one reconcile apart (the message is written by the paused handler).
    await until("step 1 StepPaused awaiting approval", async () => {
      const r = await rollouts.get("web");
      const cs = r.status?.canaryStatus;
      return (
        cs?.currentStepIndex === 1 &&
        cs.currentStepState === "StepPaused" &&
        r.status?.message === "Rollout is in step(1/2), and you need manually confirm to enter the next step"
      );
    });
    const mid = await sets.get("web");
    expect(mid.spec.updateStrategy?.partition).toBe(3);
    expect(mid.status?.updatedReplicas).toBe(1);
    await until("the approve to stick (re-approved while still StepPaused at step 1)", async () => {
      const r = await rollouts.get("web");
      const cs = r.status?.canaryStatus;
      if (cs?.currentStepIndex === 1 && cs.currentStepState === "StepPaused")
        await rollouts.patchStatus("web", APPROVE);
      return r.status?.phase === "Healthy" && r.status.currentStepState === "Completed" && cs?.finalisingStep === "END";
    });
    const done = await sets.get("web");
    expect(done.spec.updateStrategy?.partition).toBe(0);
    expect(done.metadata.annotations?.["rollouts.kruise.io/in-progressing"]).toBeUndefined();
    expect(done.metadata.annotations?.["batchrelease.rollouts.kruise.io/control-info"]).toBeUndefined();
    await until("all 4 pods updated", async () => (await sets.get("web")).status?.updatedReadyReplicas === 4);
    const brs = await kc.makeApiClient(CustomObjectsApi).listNamespacedCustomObject({
      group: "rollouts.kruise.io",
      version: "v1beta1",
      plural: "batchreleases",
      namespace: h.ns,
    });
    expect((brs as { items: unknown[] }).items).toHaveLength(0);
  }, 90_000);
});

describe("Kruise Rollout webhooks (sandbox only: kube-apiserver has no Kruise Rollout webhooks)", () => {
  const h = useCluster("sandbox", { ns: "kwebhook" });

  it("a template change of a labelled CloneSet with a matching Rollout gets partition 100% and the in-progressing annotation", async () => {
    const kc = h.c.kubeConfig();
    const sets = clonesetsApi(kc, h.ns);
    await sets.create(cloneSet("hooked", 2, { "rollouts.kruise.io/workload-type": "cloneset" }));
    await rolloutsApi(kc, h.ns).create(rollout("hooked"));
    const out = await sets.patch("hooked", {
      spec: { template: { spec: { containers: [{ name: "app", image: "nginx:2.0" }] } } },
    });
    expect(out.spec.updateStrategy?.partition).toBe("100%");
    expect(out.metadata.annotations?.["rollouts.kruise.io/in-progressing"]).toBe('{"rolloutName":"hooked"}');
    const replicasOnly = await sets.patch("hooked", {
      metadata: { annotations: { "rollouts.kruise.io/in-progressing": null } },
      spec: { replicas: 3, updateStrategy: { partition: 0 } },
    });
    expect(replicasOnly.spec.updateStrategy?.partition).toBe(0);
  });

  it("the Rollout validating webhook rejects an empty step list and decreasing steps with 422 and upstream's message", async () => {
    const api = rolloutsApi(h.c.kubeConfig(), h.ns);
    const empty = await failure(api.create(rollout("bad", [])));
    expect(empty.code).toBe(422);
    expect(empty.body.message).toBe(
      'admission webhook "vrollout.kb.io" denied the request: Spec.Strategy.Canary.Steps: Invalid value: []v1beta1.CanaryStep{}: The number of Canary.Steps cannot be empty',
    );
    const decreasing = await failure(api.create(rollout("bad", [{ replicas: 3 }, { replicas: 2 }])));
    expect(decreasing.code).toBe(422);
    expect(String(decreasing.body.message)).toContain("Steps.CanaryReplicas must be a non decreasing sequence");
  });
});
