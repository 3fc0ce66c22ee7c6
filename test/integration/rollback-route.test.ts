import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { AppsV1Api, CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWrite } from "@/lib/server/write";
import type { CloneSet, ControllerRevision } from "@/lib/k8s/objects";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { newControllerRevision } from "@/lib/kruise/revision/revision";
import { api } from "@/lib/urls";
import { csrfFor } from "../support/console";
import { startCluster, type TestCluster } from "../support/clusters";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

// The rollback write (POST …/clonesets/<name>/rollback) against the sandbox API server: the template and, for every
// pod, partition 0 in one guarded request; the template alone when the partition is kept. Revisions are written
// here as the CloneSet controller would have left them (docs/kruise-rules.md §6.1).

let cluster: TestCluster;
const NS = "rollback";
const ORIGIN = "http://127.0.0.1:3000";
const GOOD = "registry.example.com/shop/cart:1.4.0";
const BAD = "registry.example.com/shop/cart:1.5.0";
const G = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", namespace: NS };
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const custom = () => cluster.kubeConfig().makeApiClient(CustomObjectsApi);

const manifest = (name: string, image: string, partition: number | string) => ({
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name, namespace: NS },
  spec: {
    replicas: 10,
    selector: { matchLabels: { app: name } },
    template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: "app", image }] } },
    updateStrategy: { type: "InPlaceIfPossible", partition },
  },
});

const get = async (name: string) => (await custom().getNamespacedCustomObject({ ...G, name })) as CloneSet;

/** A CloneSet on the bad image with its two revisions, as after a step that went wrong. */
async function cart(name: string, partition: number | string = 2) {
  const cs = (await custom().createNamespacedCustomObject({ ...G, body: manifest(name, BAD, partition) })) as CloneSet;
  const apps = cluster.kubeConfig().makeApiClient(AppsV1Api);
  const revision = async (image: string, n: number) => {
    const r = newControllerRevision(
      { ...cs, spec: { ...cs.spec, template: manifest(name, image, 0).spec.template } },
      n,
    );
    return (await apps.createNamespacedControllerRevision({ namespace: NS, body: r as never })) as ControllerRevision;
  };
  return { cs, good: await revision(GOOD, 1), bad: await revision(BAD, 2) };
}

const post = async (name: string, write: string, body: unknown) =>
  postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.write("admin", NS, "clonesets", name, write)}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
    }),
    "admin",
    NS,
    "clonesets",
    name,
    write,
  );

const rollback = (name: string, body: Record<string, unknown>) => post(name, "rollback", body);
const imageOf = (cs: CloneSet) => cs.spec.template.spec?.containers[0].image;

beforeAll(async () => {
  cluster = await startCluster("sandbox");
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined); // the first request builds it from this environment
  await cluster
    .kubeConfig()
    .makeApiClient(CoreV1Api)
    .createNamespace({ body: { metadata: { name: NS } } });
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

describe("POST …/clonesets/<name>/rollback", () => {
  it("previews rolling back every pod as one guarded request (template and partition 0) and writes nothing", async () => {
    const { cs, good } = await cart("rb-preview");
    const res = await rollback("rb-preview", {
      revision: good.metadata.name,
      everyPod: true,
      base: updateBaseOf(cs, true),
      preview: true,
    });
    expect(res.status).toBe(200);
    const { kind, request } = await res.json();
    expect(kind).toBe("preview");
    expect(request).toMatchObject({ method: "PATCH", contentType: "application/json-patch+json" });
    expect(request.note).toMatch(
      /^Roll back every pod: the pod template to rb-preview-\w+ \(revision 1\) and partition 2 → 0/,
    );
    const ops = JSON.parse(request.body) as { op: string; path: string; value?: unknown }[];
    expect(ops.map((o) => `${o.op} ${o.path}`)).toEqual([
      "test /spec/template",
      "test /spec/updateStrategy/partition",
      "test /metadata/generation",
      "add /spec/template",
      "add /spec/updateStrategy/partition",
    ]);
    expect(ops.at(-1)?.value).toBe(0);
    const now = await get("rb-preview");
    expect([imageOf(now), now.spec.updateStrategy?.partition]).toEqual([BAD, 2]);
  });

  it("rolls back every pod: the template is the good revision's and the partition 0, and an Event says both", async () => {
    const { cs, good } = await cart("rb-all");
    const res = await rollback("rb-all", {
      revision: good.metadata.name,
      everyPod: true,
      base: updateBaseOf(cs, true),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).kind).toBe("saved");
    const now = await get("rb-all");
    expect([imageOf(now), now.spec.updateStrategy?.partition]).toEqual([GOOD, 0]);
    const events = await cluster.kubeConfig().makeApiClient(CoreV1Api).listNamespacedEvent({ namespace: NS });
    expect(events.items.filter((e) => e.involvedObject.uid === cs.metadata.uid).map((e) => e.message)).toEqual([
      `pod template rolled back to ${good.metadata.name} (revision 1) and partition 2 → 0 by admin`,
    ]);
  });

  it("keeps the partition when asked: the template alone", async () => {
    const { cs, good } = await cart("rb-keep");
    const res = await rollback("rb-keep", {
      revision: good.metadata.name,
      everyPod: false,
      base: updateBaseOf(cs, true),
    });
    expect(res.status).toBe(200);
    const now = await get("rb-keep");
    expect([imageOf(now), now.spec.updateStrategy?.partition]).toEqual([GOOD, 2]);
  });

  it("a partition changed since the page showed it is a typed conflict naming it, and nothing is written", async () => {
    const { cs, good } = await cart("rb-stale");
    await custom().patchNamespacedCustomObject(
      { ...G, name: "rb-stale", body: { spec: { updateStrategy: { partition: 5 } } } },
      merge,
    );
    const res = await rollback("rb-stale", {
      revision: good.metadata.name,
      everyPod: true,
      base: updateBaseOf(cs, true),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      kind: "stale",
      message: "partition changed on the cluster since you previewed it: now 5",
      current: { partition: 5 },
    });
    expect(imageOf(await get("rb-stale"))).toBe(BAD);
  });

  it("while a Kruise Rollout drives the CloneSet, every pod is refused as owned (the Rollout sets the partition); the template alone goes", async () => {
    const { good } = await cart("rb-owned");
    await custom().patchNamespacedCustomObject(
      {
        ...G,
        name: "rb-owned",
        body: { metadata: { annotations: { "rollouts.kruise.io/in-progressing": '{"rolloutName":"rb-owned"}' } } },
      },
      merge,
    );
    const cs = await get("rb-owned");
    const all = await rollback("rb-owned", {
      revision: good.metadata.name,
      everyPod: true,
      base: updateBaseOf(cs, true),
    });
    expect(all.status).toBe(409);
    expect(await all.json()).toMatchObject({ kind: "owned", details: { field: "spec.updateStrategy.partition" } });
    const alone = await rollback("rb-owned", {
      revision: good.metadata.name,
      everyPod: false,
      base: updateBaseOf(cs, true),
    });
    expect(alone.status).toBe(200);
    expect(imageOf(await get("rb-owned"))).toBe(GOOD);
  });

  it("a revision another CloneSet controls is refused, naming the field", async () => {
    const mine = await cart("rb-mine");
    const theirs = await cart("rb-theirs");
    const res = await rollback("rb-mine", {
      revision: theirs.good.metadata.name,
      everyPod: true,
      base: updateBaseOf(mine.cs, true),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { field: "revision" } });
  });

  it.each([
    ["no everyPod", { revision: "x", base: { generation: 1, template: {} } }, "everyPod"],
    ["no template in the base", { revision: "x", everyPod: true, base: { generation: 1 } }, "base.template"],
    [
      "a revision that is no name",
      { revision: "Not A Name", everyPod: true, base: { generation: 1, template: {} } },
      "revision",
    ],
  ])("answers %s with a typed 400 naming the field", async (_what, body, field) => {
    const res = await rollback("rb-any", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, reason: "BadRequest", details: { field } });
  });
});

describe("POST …/clonesets/<name>/update with action replicas", () => {
  it("sets replicas, guarded by the count the page showed; a concurrent scale is a conflict naming replicas", async () => {
    const { cs } = await cart("rb-scale");
    const res = await post("rb-scale", "update", { action: "replicas", value: 7, base: updateBaseOf(cs) });
    expect(res.status).toBe(200);
    expect((await get("rb-scale")).spec.replicas).toBe(7);
    const stale = await post("rb-scale", "update", { action: "replicas", value: 5, base: updateBaseOf(cs) });
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe("replicas changed on the cluster since you previewed it: now 7");
    expect((await get("rb-scale")).spec.replicas).toBe(7);
  });

  it("refuses a negative count", async () => {
    const res = await post("rb-any", "update", { action: "replicas", value: -1, base: { generation: 1, replicas: 3 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: { field: "value" } });
  });
});
