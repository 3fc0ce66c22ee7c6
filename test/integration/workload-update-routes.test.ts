import { vi } from "vitest";
// `server-only` is a build-time marker that throws outside Next's server bundles; the code under test is the real route logic.
vi.mock("server-only", () => ({}));

import { AppsV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { postWrite } from "@/lib/server/write";
import { replaceRuntime, runtime } from "@/lib/server/runtime";
import { api } from "@/lib/urls";
import { startCluster, type TestCluster } from "../support/clusters";
import { csrfFor } from "../support/console";

// The one update route for the workload kinds that keep partition, pause and limits in updateStrategy.rollingUpdate:
// an Advanced StatefulSet's partition is an ordinal, an Advanced DaemonSet's a count of nodes (docs/kruise-rules.md
// §13.4, §14.6); the same guarded JSON patch, the same refusals (docs/architecture.md §4).

let cluster: TestCluster;
const NS = "shop";
const ORIGIN = "http://127.0.0.1:3000";
const custom = () => cluster.kubeConfig().makeApiClient(CustomObjectsApi);
const G = {
  statefulsets: { group: "apps.kruise.io", version: "v1beta1", plural: "statefulsets", namespace: NS },
  daemonsets: { group: "apps.kruise.io", version: "v1alpha1", plural: "daemonsets", namespace: NS },
} as const;

const template = (name: string, image: string) => ({
  metadata: { labels: { app: name } },
  spec: { containers: [{ name: "app", image }] },
});

function manifest(resource: keyof typeof G, name: string, image = "nginx:1.25") {
  const base = { metadata: { name, namespace: NS }, spec: { selector: { matchLabels: { app: name } } } };
  return resource === "statefulsets"
    ? {
        ...base,
        apiVersion: "apps.kruise.io/v1beta1",
        kind: "StatefulSet",
        spec: {
          ...base.spec,
          replicas: 4,
          serviceName: name,
          template: template(name, image),
          updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 4 } },
        },
      }
    : {
        ...base,
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "DaemonSet",
        spec: {
          ...base.spec,
          template: template(name, image),
          updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 6, maxUnavailable: 1 } },
        },
      };
}

const create = async (resource: keyof typeof G, name: string) =>
  (await custom().createNamespacedCustomObject({ ...G[resource], body: manifest(resource, name) })) as K8sObject;
const get = async (resource: keyof typeof G, name: string) =>
  (await custom().getNamespacedCustomObject({ ...G[resource], name })) as K8sObject;
const rolling = (o: K8sObject) =>
  (o.spec as { updateStrategy: { rollingUpdate: Record<string, unknown> } }).updateStrategy.rollingUpdate;
const baseOf = (resource: ResourceName, o: K8sObject, withTemplate = false) =>
  updateBaseOf(o, withTemplate, KINDS.get(resource).strategy!.path);

async function post(resource: ResourceName, name: string, body: unknown) {
  const res = await postWrite(
    runtime(),
    new Request(`${ORIGIN}${api.write("admin", NS, resource, name, "update")}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", origin: ORIGIN, "x-csrf-token": await csrfFor() },
    }),
    "admin",
    NS,
    resource,
    name,
    "update",
  );
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  cluster = await startCluster("sandbox");
  process.env.KRUISE_CONSOLE_KUBECONFIG = cluster.kubeconfigPath;
  await replaceRuntime(undefined);
});
afterAll(async () => {
  delete process.env.KRUISE_CONSOLE_KUBECONFIG;
  await replaceRuntime(undefined);
  await cluster?.stop();
});

describe.each(["statefulsets", "daemonsets"] as const)("POST …/%s/<name>/update against the sandbox", (resource) => {
  const at = "/spec/updateStrategy/rollingUpdate";

  it("previews and applies a partition in updateStrategy.rollingUpdate, guarded by what the page showed", async () => {
    const name = `wu-part-${resource.slice(0, 3)}`;
    const w = await create(resource, name);
    const preview = await post(resource, name, {
      action: "partition",
      base: baseOf(resource, w),
      value: 2,
      preview: true,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.kind).toBe("preview");
    expect(JSON.parse(preview.body.request.body)).toEqual([
      { op: "test", path: `${at}/partition`, value: rolling(w).partition },
      { op: "test", path: "/metadata/generation", value: w.metadata.generation },
      { op: "add", path: `${at}/partition`, value: 2 },
    ]);
    expect(rolling(await get(resource, name)).partition).toBe(rolling(w).partition);
    const saved = await post(resource, name, { action: "partition", base: baseOf(resource, w), value: 2 });
    expect(saved.body.kind).toBe("saved");
    expect(rolling(await get(resource, name)).partition).toBe(2);
  });

  it("refuses a partition changed on the cluster since the preview, with the value there now", async () => {
    const name = `wu-stale-${resource.slice(0, 3)}`;
    const w = await create(resource, name);
    await custom().patchNamespacedCustomObject(
      { ...G[resource], name, body: { spec: { updateStrategy: { rollingUpdate: { partition: 1 } } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
    const res = await post(resource, name, { action: "partition", base: baseOf(resource, w), value: 3 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      kind: "stale",
      details: { field: "spec.updateStrategy.rollingUpdate.partition" },
    });
    expect(res.body.message).toBe("partition changed on the cluster since you previewed it: now 1");
    expect(res.body.current.partition).toBe(1);
    expect(rolling(await get(resource, name)).partition).toBe(1);
  });

  it("refuses a percentage for its whole-number partition before anything is read", async () => {
    const res = await post(resource, "wu-any", { action: "partition", base: { generation: 1 }, value: "50%" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: "BadRequest", details: { field: "value" } });
    expect(res.body.message).toMatch(/partition is an? .*, not a percentage \(got "50%"\)/);
  });

  it("pauses and resumes in updateStrategy.rollingUpdate.paused", async () => {
    const name = `wu-pause-${resource.slice(0, 3)}`;
    const w = await create(resource, name);
    expect((await post(resource, name, { action: "pause", base: baseOf(resource, w) })).body.kind).toBe("saved");
    const paused = await get(resource, name);
    expect(rolling(paused).paused).toBe(true);
    expect((await post(resource, name, { action: "resume", base: baseOf(resource, paused) })).body.kind).toBe("saved");
    expect(rolling(await get(resource, name)).paused).toBe(false);
  });

  it.each([false, true])(
    "rolls back to one of its own revisions: the pod template comes back (everyPod %s: partition 0 too)",
    async (everyPod) => {
      const name = `wu-undo${everyPod ? "-all" : ""}-${resource.slice(0, 3)}`;
      const w = await create(resource, name);
      const partitionBefore = rolling(w).partition;
      const owner = {
        apiVersion: (w as { apiVersion?: string }).apiVersion!,
        kind: (w as { kind?: string }).kind!,
        name,
        uid: w.metadata.uid!,
        controller: true,
      };
      const old = template(name, "nginx:1.24");
      await cluster
        .kubeConfig()
        .makeApiClient(AppsV1Api)
        .createNamespacedControllerRevision({
          namespace: NS,
          body: {
            metadata: { name: `${name}-old`, namespace: NS, ownerReferences: [owner] },
            revision: 1,
            data: { spec: { template: { ...old, $patch: "replace" } } },
          },
        });
      const res = await post(resource, name, {
        action: "rollback",
        base: baseOf(resource, w, true),
        value: `${name}-old`,
        ...(everyPod ? { everyPod } : {}),
      });
      expect(res.body.kind).toBe("saved");
      const after = await get(resource, name);
      const back = after.spec as { template: { spec: { containers: { image: string }[] } } };
      expect(back.template.spec.containers[0].image).toBe("nginx:1.24");
      expect(rolling(after).partition).toBe(everyPod ? 0 : partitionBefore);
    },
  );
});

describe("a kind's own limits", () => {
  it("refuses maxSurge for an Advanced StatefulSet, which has none", async () => {
    const res = await post("statefulsets", "wu-any", {
      action: "limits",
      base: { generation: 1 },
      value: { maxSurge: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ details: { field: "value.maxSurge" } });
    expect(res.body.message).toBe("an Advanced StatefulSet has no maxSurge: it keeps only maxUnavailable");
  });

  it("sets an Advanced DaemonSet's maxSurge and maxUnavailable together in rollingUpdate", async () => {
    const w = await create("daemonsets", "wu-limits");
    const res = await post("daemonsets", "wu-limits", {
      action: "limits",
      base: baseOf("daemonsets", w),
      value: { maxUnavailable: 0, maxSurge: "25%" },
    });
    expect(res.body.kind).toBe("saved");
    expect(rolling(await get("daemonsets", "wu-limits"))).toMatchObject({ maxUnavailable: 0, maxSurge: "25%" });
  });
});
