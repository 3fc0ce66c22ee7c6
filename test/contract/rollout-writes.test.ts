/**
 * Contract: the rollout write path (the dashboard's own route logic, lib/server/write)
 * against the sandbox and a real kube-apiserver: guarded JSON patches for partition and undo,
 * their precondition behaviour (a concurrent spec change → typed conflict and no write; status
 * churn → no conflict), field manager and the audit Event.
 */
import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { AppsV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWrite } from "@/lib/server/write";
import { KINDS, useCluster } from "./lib/harness";
import { cloneSet, clonesets, core, minimalStatus, type Obj } from "./lib/fixtures";
import { csrfFor } from "../support/console";
import { api } from "@/lib/urls";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

const ORIGIN = "http://127.0.0.1:3000";

describe.each(KINDS)("rollout writes through the dashboard (%s)", (kind) => {
  const h = useCluster(kind, { ns: "rollout-writes" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);
  afterAll(async () => {
    await replaceRuntime(undefined);
  });
  beforeAll(async () => {
    process.env.KRUISE_CONSOLE_KUBECONFIG = h.c.kubeconfigPath;
    await replaceRuntime(undefined); // the first request builds it from this environment
  });

  const post = async (name: string, body: unknown) =>
    postWrite(
      runtime(),
      new Request(`${ORIGIN}${api.update("admin", h.ns, name)}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
      }),
      "admin",
      h.ns,
      "clonesets",
      name,
      "update",
    );
  const strategy = (o: Obj) => (o.spec as { updateStrategy: Record<string, unknown> }).updateStrategy;
  const baseOf = (o: Obj, template = false) => ({
    generation: o.metadata.generation,
    resourceVersion: o.metadata.resourceVersion,
    ...strategy(o),
    ...(template ? { template: (o.spec as { template: unknown }).template } : {}),
  });

  async function created(name: string, partition = 4) {
    const o = await cs().create({
      ...cloneSet(name, { replicas: 4 }),
      spec: { ...cloneSet(name, { replicas: 4 }).spec, updateStrategy: { type: "InPlaceIfPossible", partition } },
    });
    return o;
  }

  it("applies a partition step as a guarded JSON patch, owned by kruise-console, with an Event saying who", async () => {
    const o = await created("step");
    const res = await post("step", { action: "partition", base: baseOf(o), value: 2 });
    expect(res.status).toBe(200);
    const after = await cs().get("step");
    expect(strategy(after).partition).toBe(2);
    expect(after.metadata.generation).toBe((o.metadata.generation ?? 0) + 1);
    const managers = (after.metadata.managedFields as { manager: string; operation: string }[]).map(
      (m) => `${m.manager}/${m.operation}`,
    );
    expect(managers).toContain("kruise-console/Update");
    const events = await core(h.c.kubeConfig()).listNamespacedEvent({ namespace: h.ns });
    const mine = events.items.filter((e) => e.involvedObject.uid === o.metadata.uid);
    expect(mine.map((e) => [e.reason, e.message, e.source?.component])).toEqual([
      ["PartitionChanged", "partition 4 → 2 by admin", "kruise-console"],
    ]);
  });

  it("a partition changed by someone else since the preview is a conflict naming the current value; nothing is written", async () => {
    const o = await created("race");
    await cs().patch("race", "merge", { spec: { updateStrategy: { partition: 3 } } });
    const before = await cs().get("race");
    const res = await post("race", { action: "partition", base: baseOf(o), value: 1 });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      reason: "Conflict",
      message: "partition changed on the cluster since you previewed it: now 3",
      current: { partition: 3 },
    });
    expect((await cs().get("race")).metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  it("status writes between preview and apply (the controller's churn) never conflict", async () => {
    const o = await created("churn");
    for (const n of [1, 2]) {
      await cs().patch(
        "churn",
        "merge",
        { status: { ...minimalStatus, replicas: 4, updatedReplicas: n } },
        { status: true },
      );
    }
    expect((await cs().get("churn")).metadata.resourceVersion).not.toBe(o.metadata.resourceVersion);
    const res = await post("churn", { action: "partition", base: baseOf(o), value: 0 });
    expect(res.status).toBe(200);
    expect(strategy(await cs().get("churn")).partition).toBe(0);
  });

  it("undo replaces the pod template with a revision's template, and refuses if the template changed meanwhile", async () => {
    const o = await created("undo", 0);
    const oldTemplate = (o.spec as { template: Record<string, unknown> }).template;
    const owner = {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      name: "undo",
      uid: o.metadata.uid,
      controller: true,
      blockOwnerDeletion: true,
    };
    await h.c
      .kubeConfig()
      .makeApiClient(AppsV1Api)
      .createNamespacedControllerRevision({
        namespace: h.ns,
        body: {
          metadata: { name: "undo-old1", namespace: h.ns, ownerReferences: [owner] },
          revision: 1,
          data: { spec: { template: { $patch: "replace", ...oldTemplate } } },
        },
      });
    const v2 = await cs().patch("undo", "json", [
      { op: "replace", path: "/spec/template/spec/containers/0/image", value: "nginx:2.0" },
    ]);
    const preview = await post("undo", {
      action: "rollback",
      base: baseOf(v2, true),
      value: "undo-old1",
      preview: true,
    });
    expect(preview.status).toBe(200);
    const { request } = await preview.json();
    expect(JSON.parse(request.body).map((op: { op: string; path: string }) => `${op.op} ${op.path}`)).toEqual([
      "test /spec/template",
      "test /metadata/generation",
      "add /spec/template",
    ]);
    expect((await cs().get("undo")).metadata.resourceVersion).toBe(v2.metadata.resourceVersion);

    await cs().patch("undo", "json", [
      { op: "replace", path: "/spec/template/spec/containers/0/image", value: "nginx:3.0" },
    ]);
    const refused = await post("undo", { action: "rollback", base: baseOf(v2, true), value: "undo-old1" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("the pod template changed on the cluster since you previewed it");

    const v3 = await cs().get("undo");
    const ok = await post("undo", { action: "rollback", base: baseOf(v3, true), value: "undo-old1" });
    expect(ok.status).toBe(200);
    const after = await cs().get("undo");
    expect(
      (after.spec as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0].image,
    ).toBe("nginx:1.0");
  });

  it("a revision that belongs to another CloneSet is refused before anything is sent", async () => {
    const o = await created("stranger", 0);
    const res = await post("stranger", { action: "rollback", base: baseOf(o, true), value: "undo-old1" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: "BadRequest", details: { field: "value" } });
  });
});
