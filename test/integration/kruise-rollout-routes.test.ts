import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAccess, postWrite, rolloutApproveSettle } from "@/lib/server/write";
import type { Rollout } from "@/lib/k8s/objects";
import { api } from "@/lib/urls";
import { csrfFor } from "../support/console";
import { startCluster, type TestCluster } from "../support/clusters";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

// The Kruise Rollout actions through the console's write gate, against the sandbox API server: no Rollout
// controller runs here, so each test puts the Rollout's status where it needs it, as the controller would.

let cluster: TestCluster;
const NS = "shop";
const ORIGIN = "http://127.0.0.1:3000";
const CS = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets" };
const RO = { group: "rollouts.kruise.io", version: "v1beta1", plural: "rollouts" };
const custom = () => cluster.kubeConfig("admin").makeApiClient(CustomObjectsApi);

const STEPS = [{ replicas: 1, pause: {} }, { replicas: "50%", pause: { duration: 20 } }, { replicas: "100%" }];

async function createPair(name: string, target = name, namespace = NS): Promise<void> {
  await custom()
    .createNamespacedCustomObject({
      ...CS,
      namespace,
      body: {
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        metadata: { name: target, namespace },
        spec: {
          replicas: 4,
          selector: { matchLabels: { app: target } },
          template: {
            metadata: { labels: { app: target } },
            spec: { containers: [{ name: "app", image: "nginx:1" }] },
          },
        },
      },
    })
    .catch((e: { code?: number }) => {
      if (e.code !== 409) throw e;
    });
  await custom().createNamespacedCustomObject({
    ...RO,
    namespace,
    body: {
      apiVersion: "rollouts.kruise.io/v1beta1",
      kind: "Rollout",
      metadata: { name, namespace },
      spec: {
        workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: target },
        strategy: { canary: { steps: STEPS } },
      },
    },
  });
}

/** Writes the status the Rollout controller would have written at step `step`, state `state`. */
async function setStatus(name: string, step: number, state: string, namespace = NS): Promise<void> {
  const canaryStatus = {
    currentStepIndex: step,
    nextStepIndex: step >= 3 ? -1 : step + 1,
    currentStepState: state,
    stableRevision: "h1",
    canaryRevision: "h2",
    podTemplateHash: "h2",
    canaryReplicas: 1,
    canaryReadyReplicas: 1,
    finalisingStep: "",
    lastUpdateTime: new Date().toISOString(),
  };
  await custom().patchNamespacedCustomObjectStatus(
    {
      ...RO,
      namespace,
      name,
      body: {
        status: {
          phase: "Progressing",
          observedGeneration: 1,
          currentStepIndex: step,
          currentStepState: state,
          conditions: [
            { type: "Progressing", status: "True", reason: "InRolling", message: "Rollout is in Progressing" },
          ],
          canaryStatus,
        },
      },
    },
    setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
  );
}

async function getRollout(name: string, namespace = NS): Promise<Rollout> {
  return (await custom().getNamespacedCustomObject({ ...RO, namespace, name })) as Rollout;
}

const post = async (user: string, name: string, body: unknown, namespace = NS) =>
  postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.kruiseRolloutAction(user, namespace, name)}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
    }),
    user,
    namespace,
    "rollouts",
    name,
    "action",
  );

/** The CloneSet's own rollout route (partition, pause…), called as a script or a forged page would. */
const postCloneSet = async (name: string, body: unknown) =>
  postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.update("admin", NS, name)}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
    }),
    "admin",
    NS,
    "clonesets",
    name,
    "update",
  );

const approve = (name: string, step = 1, extra: Record<string, unknown> = {}) => ({
  action: "approve",
  cloneSet: name,
  base: { generation: 1, step },
  ...extra,
});

beforeAll(async () => {
  cluster = await startCluster("sandbox");
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined); // the first request builds it from this environment
  rolloutApproveSettle.windowMs = 700;
  rolloutApproveSettle.pollMs = 20;
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

describe("Kruise Rollout actions through the write gate", () => {
  it("refuses a partition or pause write to a CloneSet its Rollout drives, naming the Rollout, and writes nothing; a CloneSet without one is written", async () => {
    await createPair("ro-owned", "ro-owned-cs");
    const before = (await custom().getNamespacedCustomObject({ ...CS, namespace: NS, name: "ro-owned-cs" })) as {
      metadata: { generation: number; resourceVersion: string };
    };
    const base = { generation: before.metadata.generation };
    for (const body of [
      { action: "partition", value: 2, base },
      { action: "pause", base },
      { action: "partition", value: 2, base, preview: true },
    ]) {
      const res = await postCloneSet("ro-owned-cs", body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      const err = (await res.json()) as { message: string; details: { causes: { reason: string }[] } };
      expect(err.message).toContain('driven by Rollout "ro-owned"');
      expect(err.message).toContain("approve, pause or resume the Rollout");
      expect(err.details.causes[0].reason).toBe("OwnedByRollout");
    }
    const after = (await custom().getNamespacedCustomObject({ ...CS, namespace: NS, name: "ro-owned-cs" })) as {
      metadata: { resourceVersion: string };
    };
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);

    // Once the Rollout is gone, the same request is written.
    await custom().deleteNamespacedCustomObject({ ...RO, namespace: NS, name: "ro-owned" });
    const res = await postCloneSet("ro-owned-cs", { action: "pause", base });
    expect(res.status).toBe(200);
  });

  it("refuses approve with 409 and the reason when the step is not StepPaused, and writes nothing", async () => {
    await createPair("ro-upgrading");
    await setStatus("ro-upgrading", 1, "StepUpgrade");
    const res = await post("admin", "ro-upgrading", approve("ro-upgrading"));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      reason: "Conflict",
      message: "cannot approve: the current step is StepUpgrade, not StepPaused",
    });
    expect((await getRollout("ro-upgrading")).status?.canaryStatus?.currentStepState).toBe("StepUpgrade");
  });

  it("previews the exact /status merge patch, then approves and records an Event on the Rollout", async () => {
    await createPair("ro-paused");
    await setStatus("ro-paused", 1, "StepPaused");
    const preview = await post("admin", "ro-paused", approve("ro-paused", 1, { preview: true }));
    expect(preview.status).toBe(200);
    const shown = (await preview.json()) as { request: { path: string; body: string; contentType: string } };
    expect(shown.request).toMatchObject({
      path: "/apis/rollouts.kruise.io/v1beta1/namespaces/shop/rollouts/ro-paused/status?fieldManager=kruise-console",
      contentType: "application/merge-patch+json",
      body: '{"status":{"canaryStatus":{"currentStepState":"StepReady"}}}',
    });
    expect((await getRollout("ro-paused")).status?.canaryStatus?.currentStepState).toBe("StepPaused");

    const res = await post("admin", "ro-paused", approve("ro-paused"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ attempts: 1 });
    expect((await getRollout("ro-paused")).status?.canaryStatus?.currentStepState).toBe("StepReady");
    const events = await cluster.kubeConfig().makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: NS });
    expect(
      events.items.filter((e) => e.involvedObject.kind === "Rollout" && e.involvedObject.name === "ro-paused"),
    ).toMatchObject([{ reason: "RolloutApproved", message: "step 1 approved by admin" }]);
  });

  it("re-approves when a concurrent stale whole-status UPDATE puts StepPaused back (the controller's lost update)", async () => {
    await createPair("ro-race");
    await setStatus("ro-race", 1, "StepPaused");
    const stale = await getRollout("ro-race");
    let overwritten = 0;
    let stop = false;
    // The controller's write: a fresh GET for the resourceVersion, its older in-memory status, an UPDATE.
    const controller = (async () => {
      while (!stop && overwritten === 0) {
        const fresh = await getRollout("ro-race");
        if (fresh.status?.canaryStatus?.currentStepState === "StepReady") {
          await custom().replaceNamespacedCustomObjectStatus({
            ...RO,
            namespace: NS,
            name: "ro-race",
            body: { ...fresh, status: stale.status },
          });
          overwritten++;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const res = await post("admin", "ro-race", approve("ro-race"));
    stop = true;
    await controller;
    expect(overwritten).toBe(1);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { attempts: number }).attempts).toBe(2);
    expect((await getRollout("ro-race")).status?.canaryStatus?.currentStepState).toBe("StepReady");
  });

  it("gives up with a clear 409 when every approve is undone", async () => {
    await createPair("ro-undo");
    await setStatus("ro-undo", 1, "StepPaused");
    let stop = false;
    const controller = (async () => {
      while (!stop) {
        const fresh = await getRollout("ro-undo");
        if (fresh.status?.canaryStatus?.currentStepState === "StepReady") await setStatus("ro-undo", 1, "StepPaused");
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const res = await post("admin", "ro-undo", approve("ro-undo"));
    stop = true;
    await controller;
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/put StepPaused back after each of 5 sends/);
  });

  it("refuses a step that moved on since the page showed it", async () => {
    await createPair("ro-moved");
    await setStatus("ro-moved", 2, "StepPaused");
    const res = await post("admin", "ro-moved", approve("ro-moved", 1));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe(
      "the Rollout moved from step 1 to step 2 since the page showed it",
    );
  });

  it("refuses a Rollout that does not manage the page's CloneSet, a forged name, and a Rollout of another namespace", async () => {
    await createPair("ro-other", "ro-other-target");
    await setStatus("ro-other", 1, "StepPaused");
    const forged = await post("admin", "ro-other", approve("ro-paused"));
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { message: string }).message).toBe(
      "Rollout shop/ro-other does not manage CloneSet shop/ro-paused",
    );
    const badName = await post("admin", "payments/ro-x", approve("ro-x"));
    expect(badName.status).toBe(400);
    await createPair("ro-elsewhere", "ro-elsewhere", "payments");
    await setStatus("ro-elsewhere", 1, "StepPaused", "payments");
    const crossNs = await post("admin", "ro-elsewhere", approve("ro-elsewhere"));
    expect(crossNs.status).toBe(404);
    expect((await getRollout("ro-other")).status?.canaryStatus?.currentStepState).toBe("StepPaused");
    expect((await getRollout("ro-elsewhere", "payments")).status?.canaryStatus?.currentStepState).toBe("StepPaused");
  });

  it("tells a user without rollouts/status patch rights that approve is not theirs, and refuses their approve", async () => {
    await createPair("ro-rbac");
    await setStatus("ro-rbac", 1, "StepPaused");
    const ask = async (cluster: string, resource: "clonesets" | "rollouts", subresource?: string) => {
      const need = { verb: "patch", ...(subresource ? { subresource } : {}) };
      const url = `${ORIGIN}${api.access(cluster, NS, resource, "ro-rbac", need)}`;
      return (
        (await (await getAccess(runtime(), new Request(url), cluster, NS, resource, "ro-rbac")).json()) as {
          allowed: boolean;
        }
      ).allowed;
    };
    expect(await ask("deployer", "clonesets")).toBe(true);
    expect(await ask("deployer", "rollouts", "status")).toBe(false);
    expect(await ask("deployer", "rollouts")).toBe(false);
    expect(await ask("admin", "rollouts", "status")).toBe(true);
    const res = await post("deployer", "ro-rbac", approve("ro-rbac"));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(
      /^you may not patch rollouts.rollouts.kruise.io in shop/,
    );
  });

  it("pauses and disables through guarded spec patches; a stale generation is a 409", async () => {
    await createPair("ro-spec");
    await setStatus("ro-spec", 1, "StepUpgrade");
    const pause = await post("admin", "ro-spec", {
      action: "pause",
      cloneSet: "ro-spec",
      base: { generation: 1, step: 1 },
    });
    expect(pause.status).toBe(200);
    const paused = await getRollout("ro-spec");
    expect(paused.spec.strategy.paused).toBe(true);
    const stale = await post("admin", "ro-spec", {
      action: "disable",
      cloneSet: "ro-spec",
      base: { generation: 1, step: 1 },
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { message: string }).message).toMatch(
      /changed on the cluster since you previewed it/,
    );
    const disable = await post("admin", "ro-spec", {
      action: "disable",
      cloneSet: "ro-spec",
      base: { generation: paused.metadata.generation, step: 1, paused: true, disabled: paused.spec.disabled },
    });
    expect(disable.status).toBe(200);
    expect((await getRollout("ro-spec")).spec.disabled).toBe(true);
  });

  it("jumps through nextStepIndex and refuses a jump to the step that is already next", async () => {
    await createPair("ro-jump");
    await setStatus("ro-jump", 2, "StepPaused");
    const next = await post("admin", "ro-jump", {
      action: "jump",
      to: 3,
      cloneSet: "ro-jump",
      base: { generation: 1, step: 2 },
    });
    expect(next.status).toBe(409);
    const back = await post("admin", "ro-jump", {
      action: "jump",
      to: 1,
      cloneSet: "ro-jump",
      base: { generation: 1, step: 2 },
    });
    expect(back.status).toBe(200);
    expect((await getRollout("ro-jump")).status?.canaryStatus?.nextStepIndex).toBe(1);
  });
});
