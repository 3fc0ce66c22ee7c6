import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWrite } from "@/lib/server/write";
import type { K8sObject } from "@/lib/k8s/wire";
import { api } from "@/lib/urls";
import { csrfFor } from "../support/console";
import { startCluster, type TestCluster } from "../support/clusters";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

// Apply holds the write to its preview: the server computes the partition preview again from the pods as the
// API server has them and refuses the write (409, nothing sent) when Kruise could now move a pod the user was
// not shown. Pods and status are written directly, as a controller and a kubelet would have left them.

let cluster: TestCluster;
const NS = "shop";
const NAME = "holds";
const ORIGIN = "http://127.0.0.1:3000";
const G = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", namespace: NS };
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const custom = () => cluster.kubeConfig().makeApiClient(CustomObjectsApi);
const core = () => cluster.kubeConfig().makeApiClient(CoreV1Api);

const getCloneSet = async () => (await custom().getNamespacedCustomObject({ ...G, name: NAME })) as K8sObject;
const partitionNow = async () =>
  ((await getCloneSet()).spec as { updateStrategy: { partition?: number } }).updateStrategy.partition;

/** Marks pod `n` Ready since `at` (the key Kruise's update order reads first among ready pods). */
const readySince = (n: string, at: string) =>
  core().patchNamespacedPodStatus(
    {
      namespace: NS,
      name: n,
      body: {
        status: {
          phase: "Running",
          conditions: [{ type: "Ready", status: "True", lastTransitionTime: at }],
          containerStatuses: [
            { name: "app", image: "nginx:1.25", imageID: "", ready: true, restartCount: 0, state: { running: {} } },
          ],
        },
      },
    },
    merge,
  );

const post = async (body: unknown) =>
  postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.update("admin", NS, NAME)}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
    }),
    "admin",
    NS,
    "clonesets",
    NAME,
    "update",
  );

let generation = 0;

beforeAll(async () => {
  cluster = await startCluster("sandbox");
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined); // the first request builds it from this environment
  const cs = (await custom().createNamespacedCustomObject({
    ...G,
    body: {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      metadata: { name: NAME, namespace: NS },
      spec: {
        replicas: 4,
        selector: { matchLabels: { app: NAME } },
        template: { metadata: { labels: { app: NAME } }, spec: { containers: [{ name: "app", image: "nginx:1.26" }] } },
        updateStrategy: { type: "InPlaceIfPossible", partition: 4 },
      },
    },
  })) as K8sObject;
  generation = cs.metadata.generation ?? 0;
  await custom().patchNamespacedCustomObjectStatus(
    {
      ...G,
      name: NAME,
      body: {
        status: {
          replicas: 4,
          readyReplicas: 4,
          availableReplicas: 4,
          updatedReplicas: 0,
          updatedReadyReplicas: 0,
          observedGeneration: generation,
          currentRevision: `${NAME}-old`,
          updateRevision: `${NAME}-new`,
        },
      },
    },
    merge,
  );
  const owner = {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    name: NAME,
    uid: cs.metadata.uid!,
    controller: true,
  };
  for (const [i, n] of ["a", "b", "c", "d"].entries()) {
    await core().createNamespacedPod({
      namespace: NS,
      body: {
        metadata: {
          name: `${NAME}-${n}`,
          labels: { app: NAME, "controller-revision-hash": `${NAME}-old` },
          ownerReferences: [owner],
        },
        spec: { nodeName: "node-1", containers: [{ name: "app", image: "nginx:1.25" }] },
      },
    });
    // d became Ready last, so it sorts first: the one pod partition 3 moves.
    await readySince(`${NAME}-${n}`, `2026-01-01T10:00:0${i}Z`);
  }
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

describe("Apply holds the partition write to its preview", () => {
  const base = () => ({ generation, partition: 4 });

  it("a pod that became Ready again after the preview changes Kruise's pick: 409 naming it, and nothing is written", async () => {
    // The page showed "holds-d moves next"; then holds-a restarted and became Ready after everyone else.
    await readySince(`${NAME}-a`, "2026-01-01T10:05:00Z");
    const res = await post({ action: "partition", base: base(), value: 3, moves: { count: 1, pods: [`${NAME}-d`] } });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({
      code: 409,
      reason: "Conflict",
      details: { field: "moves" },
      current: { partition: 4 },
    });
    expect(body.message).toBe(
      `the pods changed since you previewed: Kruise could now move ${NAME}-a, which the preview did not show. Nothing was sent; look at the new preview and apply again`,
    );
    expect(await partitionNow()).toBe(4);
  });

  it("a tie the user was shown may resolve either way: the write goes through", async () => {
    // Shown: "1 of these 2 pods" (a and d); now a alone sorts first, inside what was shown.
    const res = await post({
      action: "partition",
      base: base(),
      value: 3,
      moves: { count: 1, pods: [`${NAME}-a`, `${NAME}-d`] },
    });
    expect(res.status).toBe(200);
    expect(await partitionNow()).toBe(3);
  });

  it("a hostile moves list is a 400 naming the field, and nothing is written", async () => {
    const cs = await getCloneSet();
    const g = cs.metadata.generation;
    for (const moves of [
      { count: -1, pods: [] },
      { count: 1, pods: ["../../etc/passwd"] },
      { count: 1, pods: Array.from({ length: 10_001 }, (_, i) => `p-${i}`) },
      { count: 1, pods: "holds-a" },
    ]) {
      const res = await post({ action: "partition", base: { generation: g, partition: 3 }, value: 2, moves });
      expect(res.status).toBe(400);
      expect((await res.json()).details.field).toMatch(/^moves\./);
    }
    expect(await partitionNow()).toBe(3);
  });
});
