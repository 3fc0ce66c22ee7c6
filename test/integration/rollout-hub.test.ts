import { ApiextensionsV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { KubeClient } from "@/lib/server/kube";
import { InformerHub } from "@/lib/server/hub/hub";
import { startCluster, type TestCluster } from "../support/clusters";
import { Recorder, waitFor } from "./hub-helpers";

// Rollouts and BatchReleases are optional hub resources: a cluster without the rollouts.kruise.io CRDs shows an
// empty live list, never an error; installing or removing the CRD later is picked up.

const clusters: TestCluster[] = [];
let hub: InformerHub | undefined;

function hubOn(cluster: TestCluster): InformerHub {
  const client = new KubeClient(cluster.kubeConfig("admin"));
  hub = new InformerHub(() => client, { backoff: { baseMs: 50, maxMs: 300 }, idleStopMs: 60_000 });
  return hub;
}

afterEach(() => hub?.close());
afterAll(async () => {
  for (const c of clusters) await c.stop();
});

const hasApiserver = !!process.env.KUBE_APISERVER_BIN;

describe("Kruise Rollout resources in the hub", () => {
  it.runIf(hasApiserver)(
    "on a kube-apiserver without the rollouts.kruise.io CRDs, rollouts and batchreleases are empty and live, with no error",
    async () => {
      const c = await startCluster("kube-apiserver");
      clusters.push(c);
      const h = hubOn(c);
      for (const resource of ["rollouts", "batchreleases"] as const) {
        const rec = new Recorder();
        h.subscribe({ cluster: "k", resource, namespace: "shop" }, rec.listener);
        await waitFor(`${resource} snapshot`, () => rec.snapshots() > 0 && rec.lastStatus()?.state === "live");
        expect(rec.objects.size).toBe(0);
        expect(rec.lastStatus()?.error).toBeUndefined();
        expect(rec.states()).not.toContain("error");
      }
    },
    60_000,
  );

  it("on the sandbox, a Rollout shows live, and deleting the CRD empties the list without an error", async () => {
    const c = await startCluster("sandbox");
    clusters.push(c);
    const custom = c.kubeConfig("admin").makeApiClient(CustomObjectsApi);
    const G = { group: "rollouts.kruise.io", version: "v1beta1", plural: "rollouts", namespace: "shop" };
    await custom.createNamespacedCustomObject({
      ...G,
      body: {
        apiVersion: "rollouts.kruise.io/v1beta1",
        kind: "Rollout",
        metadata: { name: "r1" },
        spec: {
          workloadRef: { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "c1" },
          strategy: { canary: { steps: [{ replicas: 1 }] } },
        },
      },
    });
    const h = hubOn(c);
    const rec = new Recorder();
    h.subscribe({ cluster: "s", resource: "rollouts", namespace: "shop" }, rec.listener);
    await waitFor("the Rollout", () => rec.has("r1"));
    await c
      .kubeConfig("admin")
      .makeApiClient(ApiextensionsV1Api)
      .deleteCustomResourceDefinition({ name: "rollouts.rollouts.kruise.io" });
    await waitFor("an empty list after the CRD is gone", () => !rec.has("r1") && rec.lastStatus()?.state === "live");
    expect(rec.frames.filter((f) => f.payload.event === "status" && f.payload.data.state === "error")).toEqual([]);
  }, 60_000);
});
