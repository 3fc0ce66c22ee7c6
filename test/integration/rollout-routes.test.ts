import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canI, getAccess, postWrite, readMutation, recordEvent, sendPatch } from "@/lib/server/write";
import { actorFor, LOCAL_CALLER } from "@/lib/server/auth";
import { csrfFor } from "../support/console";
import { HttpError } from "@/lib/server/errors";
import type { K8sObject } from "@/lib/k8s/wire";
import { startCluster, type TestCluster } from "../support/clusters";
import { api } from "@/lib/urls";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

let cluster: TestCluster;
const NS = "shop";
const ORIGIN = "http://127.0.0.1:3000";

function cloneSetManifest(name: string, replicas = 4, partition: number | string = replicas) {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name, namespace: NS },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image: "nginx:1.25" }] } },
      updateStrategy: { type: "InPlaceIfPossible", partition },
    },
  };
}

const custom = (kc: KubeConfig) => kc.makeApiClient(CustomObjectsApi);
const G = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", namespace: NS };

async function createCloneSet(name: string, replicas = 4, partition: number | string = replicas): Promise<K8sObject> {
  return (await custom(cluster.kubeConfig()).createNamespacedCustomObject({
    ...G,
    body: cloneSetManifest(name, replicas, partition),
  })) as K8sObject;
}
async function getCloneSet(name: string): Promise<K8sObject> {
  return (await custom(cluster.kubeConfig()).getNamespacedCustomObject({ ...G, name })) as K8sObject;
}

const mutation = (body: string, headers: Record<string, string>) =>
  new Request(`${ORIGIN}${api.update("admin", NS, "x")}`, { method: "POST", body, headers });

async function thrown(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error("expected an HttpError");
}

beforeAll(async () => {
  cluster = await startCluster("sandbox");
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined); // the first request builds it from this environment
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

describe("shared write module against the sandbox", () => {
  it("accepts a same-origin JSON mutation and refuses cross-origin, origin-less, non-JSON and malformed ones", async () => {
    const json = { "content-type": "application/json" };
    await expect(readMutation(mutation('{"a":1}', { ...json, origin: ORIGIN }))).resolves.toEqual({ a: 1 });
    await expect(readMutation(mutation('{"a":2}', { ...json, "sec-fetch-site": "same-origin" }))).resolves.toEqual({
      a: 2,
    });
    expect((await thrown(readMutation(mutation("{}", { ...json, origin: "http://evil.example" })))).body).toMatchObject(
      { code: 403, reason: "Forbidden" },
    );
    expect((await thrown(readMutation(mutation("{}", json)))).body).toMatchObject({ code: 403 });
    expect((await thrown(readMutation(mutation("{}", { ...json, "sec-fetch-site": "cross-site" })))).body.code).toBe(
      403,
    );
    expect(
      (await thrown(readMutation(mutation("{}", { origin: ORIGIN, "content-type": "text/plain" })))).body,
    ).toMatchObject({ code: 415, reason: "UnsupportedMediaType" });
    expect((await thrown(readMutation(mutation("{nope", { ...json, origin: ORIGIN })))).body).toMatchObject({
      code: 400,
      reason: "BadRequest",
    });
    const big = JSON.stringify({ pad: "x".repeat(1024 * 1024) });
    expect((await thrown(readMutation(mutation(big, { ...json, origin: ORIGIN })))).body).toMatchObject({
      code: 413,
      reason: "RequestEntityTooLarge",
    });
  });

  it("sends a merge patch with its explicit content type and field manager, and a dry run writes nothing", async () => {
    const cs = await createCloneSet("wm-merge");
    const body = JSON.stringify({ spec: { updateStrategy: { partition: 2 } } });
    const dry = await sendPatch(
      actorFor(runtime().clusters, LOCAL_CALLER, "admin"),
      { resource: "clonesets", namespace: NS, name: "wm-merge" },
      { contentType: "application/merge-patch+json", body },
      { dryRun: true },
    );
    expect((dry.spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(2);
    expect((await getCloneSet("wm-merge")).metadata.resourceVersion).toBe(cs.metadata.resourceVersion);
    const out = await sendPatch(
      actorFor(runtime().clusters, LOCAL_CALLER, "admin"),
      { resource: "clonesets", namespace: NS, name: "wm-merge" },
      { contentType: "application/merge-patch+json", body },
    );
    expect((out.spec as { updateStrategy: { partition: number } }).updateStrategy.partition).toBe(2);
    const managers = (out.metadata.managedFields as { manager: string }[] | undefined)?.map((m) => m.manager) ?? [];
    expect(managers).toContain("kruise-console");
  });

  it("passes the API's typed errors through: a failed JSON-patch test is 422, strategic merge on a CR is 415", async () => {
    await createCloneSet("wm-err");
    const target = { resource: "clonesets" as const, namespace: NS, name: "wm-err" };
    const bad = JSON.stringify([
      { op: "test", path: "/spec/replicas", value: 99 },
      { op: "replace", path: "/spec/replicas", value: 1 },
    ]);
    expect(
      (
        await thrown(
          sendPatch(actorFor(runtime().clusters, LOCAL_CALLER, "admin"), target, {
            contentType: "application/json-patch+json",
            body: bad,
          }),
        )
      ).body.code,
    ).toBe(422);
    const smp = JSON.stringify({ spec: { replicas: 1 } });
    expect(
      (
        await thrown(
          sendPatch(actorFor(runtime().clusters, LOCAL_CALLER, "admin"), target, {
            contentType: "application/strategic-merge-patch+json",
            body: smp,
          }),
        )
      ).body,
    ).toMatchObject({ code: 415 });
    expect(((await getCloneSet("wm-err")).spec as { replicas: number }).replicas).toBe(4);
  });

  it("answers access reviews for the kubeconfig user: admin may patch, nobody may not", async () => {
    const q = { verb: "patch", group: "apps.kruise.io", resource: "clonesets", namespace: NS };
    expect((await canI(actorFor(runtime().clusters, LOCAL_CALLER, "admin"), q)).allowed).toBe(true);
    expect((await canI(actorFor(runtime().clusters, LOCAL_CALLER, "nobody"), q)).allowed).toBe(false);
  });

  it("records an Event on the object that kubectl describe would list", async () => {
    const cs = await createCloneSet("wm-event");
    await recordEvent(actorFor(runtime().clusters, LOCAL_CALLER, "admin"), cs, {
      reason: "PartitionChanged",
      message: "partition 4 → 2 by admin",
    });
    const events = await cluster.kubeConfig().makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: NS });
    const mine = events.items.filter((e) => e.involvedObject.uid === cs.metadata.uid);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      reason: "PartitionChanged",
      message: "partition 4 → 2 by admin",
      type: "Normal",
      count: 1,
      source: { component: "kruise-console" },
    });
    expect(mine[0].involvedObject).toMatchObject({
      kind: "CloneSet",
      name: "wm-event",
      namespace: NS,
      resourceVersion: cs.metadata.resourceVersion,
    });
  });

  it("a failing event write never fails the caller", async () => {
    const cs = await createCloneSet("wm-event-ro");
    await expect(
      recordEvent(actorFor(runtime().clusters, LOCAL_CALLER, "nobody"), cs, { reason: "X", message: "y" }),
    ).resolves.toBeUndefined();
  });
});

const post = async (name: string, body: unknown, headers: Record<string, string> = { origin: ORIGIN }) =>
  postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.update("admin", NS, name)}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", "x-csrf-token": await csrfFor(), ...headers },
    }),
    "admin",
    NS,
    "clonesets",
    name,
    "update",
  );

const baseOf = (o: K8sObject) => {
  const us = (o.spec as { updateStrategy: Record<string, unknown> }).updateStrategy;
  return {
    generation: o.metadata.generation,
    resourceVersion: o.metadata.resourceVersion,
    partition: us.partition,
    paused: us.paused,
    maxUnavailable: us.maxUnavailable,
    maxSurge: us.maxSurge,
  };
};
const strategyOf = async (name: string) =>
  ((await getCloneSet(name)).spec as { updateStrategy: Record<string, unknown> }).updateStrategy;

async function churnStatus(name: string, updatedReplicas: number) {
  await custom(cluster.kubeConfig()).patchNamespacedCustomObjectStatus(
    {
      ...G,
      name,
      body: {
        status: {
          replicas: 4,
          readyReplicas: 4,
          availableReplicas: 4,
          updatedReplicas,
          updatedReadyReplicas: updatedReplicas,
          observedGeneration: 1,
        },
      },
    },
    setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
  );
}

describe("POST …/update against the sandbox", () => {
  it("refuses a cross-origin intent and writes nothing", async () => {
    const cs = await createCloneSet("rr-origin");
    const res = await post(
      "rr-origin",
      { action: "partition", base: baseOf(cs), value: 1 },
      { origin: "http://elsewhere.test" },
    );
    expect(res.status).toBe(403);
    expect((await strategyOf("rr-origin")).partition).toBe(4);
  });

  it.each([
    ["an unknown action", { action: "scale", base: { generation: 1 } }, "action"],
    ["no base generation", { action: "partition", base: {}, value: 1 }, "base.generation"],
    ["a negative partition", { action: "partition", base: { generation: 1 }, value: -1 }, "value"],
    ["a bare numeric string", { action: "partition", base: { generation: 1 }, value: "5" }, "value"],
    ["abc", { action: "partition", base: { generation: 1 }, value: "abc" }, "value"],
  ])("answers %s with a typed 400 naming the field", async (_what, body, field) => {
    const res = await post("rr-any", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, reason: "BadRequest", details: { field } });
  });

  it("preview returns the exact guarded request and sends nothing", async () => {
    const cs = await createCloneSet("rr-preview");
    const res = await post("rr-preview", { action: "partition", base: baseOf(cs), value: 2, preview: true });
    expect(res.status).toBe(200);
    const { request } = await res.json();
    expect(request).toMatchObject({
      method: "PATCH",
      contentType: "application/json-patch+json",
      path: `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets/rr-preview?fieldManager=kruise-console`,
    });
    expect(JSON.parse(request.body)).toEqual([
      { op: "test", path: "/spec/updateStrategy/partition", value: 4 },
      { op: "test", path: "/metadata/generation", value: cs.metadata.generation },
      { op: "add", path: "/spec/updateStrategy/partition", value: 2 },
    ]);
    expect((await getCloneSet("rr-preview")).metadata.resourceVersion).toBe(cs.metadata.resourceVersion);
  });

  it("applies a partition step, attributes it to kruise-console and records who did it", async () => {
    const cs = await createCloneSet("rr-apply");
    const res = await post("rr-apply", { action: "partition", base: baseOf(cs), value: "50%" });
    expect(res.status).toBe(200);
    expect((await res.json()).object.spec.updateStrategy.partition).toBe("50%");
    const events = await cluster.kubeConfig().makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: NS });
    const mine = events.items.filter((e) => e.involvedObject.uid === cs.metadata.uid);
    expect(mine.map((e) => e.message)).toEqual(["partition 4 → 50% by admin"]);
  });

  it("a concurrent partition change since the preview is a typed conflict with the current value, and nothing is written", async () => {
    const cs = await createCloneSet("rr-conflict");
    await sendPatch(
      actorFor(runtime().clusters, LOCAL_CALLER, "admin"),
      { resource: "clonesets", namespace: NS, name: "rr-conflict" },
      {
        contentType: "application/merge-patch+json",
        body: JSON.stringify({ spec: { updateStrategy: { partition: 3 } } }),
      },
    );
    const res = await post("rr-conflict", { action: "partition", base: baseOf(cs), value: 2 });
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body).toMatchObject({
      code: 409,
      reason: "Conflict",
      message: "partition changed on the cluster since you previewed it: now 3",
      current: { partition: 3 },
    });
    expect(body.details.field).toBe("spec.updateStrategy.partition");
    expect((await strategyOf("rr-conflict")).partition).toBe(3);
  });

  it("another spec change (replicas) since the preview is also a conflict", async () => {
    const cs = await createCloneSet("rr-spec");
    await sendPatch(
      actorFor(runtime().clusters, LOCAL_CALLER, "admin"),
      { resource: "clonesets", namespace: NS, name: "rr-spec" },
      { contentType: "application/merge-patch+json", body: JSON.stringify({ spec: { replicas: 5 } }) },
    );
    const res = await post("rr-spec", { action: "pause", base: baseOf(cs) });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(
      /the CloneSet spec changed on the cluster since you previewed it \(generation \d+ → \d+\)/,
    );
    expect((await strategyOf("rr-spec")).paused).toBeUndefined();
  });

  it("status churn by the controller between preview and apply never conflicts", async () => {
    const cs = await createCloneSet("rr-churn");
    for (const n of [1, 2, 3]) await churnStatus("rr-churn", n);
    const churned = await getCloneSet("rr-churn");
    expect(churned.metadata.resourceVersion).not.toBe(cs.metadata.resourceVersion);
    const res = await post("rr-churn", { action: "partition", base: baseOf(cs), value: 1 });
    expect(res.status).toBe(200);
    expect((await strategyOf("rr-churn")).partition).toBe(1);
  });

  it("pause, limits and resume go through with their guards", async () => {
    let cs = await createCloneSet("rr-pause");
    let res = await post("rr-pause", { action: "pause", base: baseOf(cs) });
    cs = (await res.json()).object;
    expect((cs.spec as { updateStrategy: { paused: boolean } }).updateStrategy.paused).toBe(true);
    res = await post("rr-pause", { action: "limits", base: baseOf(cs), value: { maxUnavailable: 1, maxSurge: null } });
    expect(res.status).toBe(200);
    cs = (await res.json()).object;
    res = await post("rr-pause", { action: "resume", base: baseOf(cs) });
    expect(res.status).toBe(200);
    expect(await strategyOf("rr-pause")).toMatchObject({ paused: false, maxUnavailable: 1 });
  });

  it("the access review says whether the user may patch the CloneSet, and asks only what a control needs", async () => {
    const ask = (cluster: string, verb: string) =>
      getAccess(
        runtime(),
        new Request(`${ORIGIN}${api.access(cluster, NS, "clonesets", "rr-any", { verb })}`),
        cluster,
        NS,
        "clonesets",
        "rr-any",
      );
    expect(await (await ask("admin", "patch")).json()).toMatchObject({ allowed: true });
    expect(await (await ask("nobody", "patch")).json()).toMatchObject({ allowed: false });
    const odd = await ask("admin", "escalate");
    expect(odd.status).toBe(400);
    expect(await odd.json()).toMatchObject({ details: { field: "verb" } });
  });
});
