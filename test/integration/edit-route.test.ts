/**
 * The edit route (POST /api/c/<cluster>/ns/<ns>/<resource>/<name>/edit) against the sandbox through
 * a kubeconfig: what the editor relies on beyond the save scenarios of test/contract/edit-save.test.ts.
 */
import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postWrite } from "@/lib/server/write";
import type { EditBody } from "@/lib/contract/bodies";
import type { EditOutcome } from "@/lib/k8s/wire";
import { applyJsonPatch, clone, prepareForEdit, type JsonObject } from "@/lib/patch";
import { startCluster, type TestCluster } from "../support/clusters";
import { cloneSet, clonesets, pod } from "../contract/lib/fixtures";
import { csrfFor } from "../support/console";
import { api } from "@/lib/urls";
import type { ResourceName } from "@/lib/k8s/wire";
import { replaceRuntime, runtime } from "@/lib/server/runtime";

let cluster: TestCluster;
const NS = "shop";
const cs = () => clonesets(cluster.kubeConfig(), NS);
const core = () => cluster.kubeConfig().makeApiClient(CoreV1Api);

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

async function post(resource: ResourceName, name: string, body: unknown, headers: Record<string, string> = {}) {
  const req = new Request(`http://127.0.0.1:3000${api.edit("admin", NS, resource, name)}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: "http://127.0.0.1:3000",
      "X-CSRF-Token": await csrfFor(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const res = await postWrite(runtime(), req, "admin", NS, resource, name, "edit");
  return {
    status: res.status,
    body: (await res.json()) as EditOutcome & {
      code?: number;
      message?: string;
      details?: { causes?: { field?: string }[] };
    },
  };
}
const open = async (name: string) => prepareForEdit((await cs().get(name)) as unknown as JsonObject).object;
const withReplicas = (o: JsonObject, n: number) => {
  const m = clone(o);
  (m.spec as JsonObject).replicas = n;
  return m;
};

describe("edit route against the sandbox", () => {
  it("previews the guarded JSON patch without writing, and the save sends exactly that request", async () => {
    await cs().create(cloneSet("exact"));
    const base = await open("exact");
    const mine = withReplicas(base, 3);
    const preview = await post("clonesets", "exact", { base, mine, preview: true } satisfies EditBody);
    expect(preview.body).toMatchObject({
      kind: "preview",
      request: {
        method: "PATCH",
        contentType: "application/json-patch+json",
        path: `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets/exact?fieldManager=kruise-console`,
      },
    });
    if (preview.body.kind !== "preview") throw new Error("no preview");
    expect(JSON.parse(preview.body.request.body)).toEqual([
      { op: "test", path: "/spec/replicas", value: 2 },
      { op: "replace", path: "/spec/replicas", value: 3 },
    ]);
    expect((await cs().get("exact")).spec!.replicas).toBe(2);
    const saved = await post("clonesets", "exact", { base, mine, expectBody: preview.body.request.body });
    expect(saved.body).toMatchObject({ kind: "saved", request: preview.body.request });
    expect((await cs().get("exact")).spec!.replicas).toBe(3);
  });

  it("sends nothing when the request would differ from the one the user reviewed, and shows the new one", async () => {
    await cs().create(cloneSet("moved"));
    const base = await open("moved");
    const mine = withReplicas(base, 3);
    const preview = await post("clonesets", "moved", { base, mine, preview: true });
    await cs().patch("moved", "merge", {
      metadata: { labels: { tier: "web" } },
      spec: { template: { spec: { containers: [{ name: "app", image: "nginx:1.1" }] } } },
    });
    if (preview.body.kind !== "preview") throw new Error("no preview");
    // Unrelated changes meanwhile leave the guarded request as reviewed: it is sent.
    const same = await post("clonesets", "moved", { base, mine, expectBody: preview.body.request.body });
    expect(same.body.kind).toBe("saved");
    const base2 = await open("moved");
    const p2 = await post("clonesets", "moved", { base: base2, mine: withReplicas(base2, 7), preview: true });
    if (p2.body.kind !== "preview") throw new Error("no preview");
    await cs().patch("moved", "merge", {
      spec: {
        template: { spec: { containers: [{ name: "app", image: "nginx:1.1", env: [{ name: "A", value: "1" }] }] } },
      },
    });
    const stale = JSON.stringify([{ op: "test", path: "/spec/replicas", value: 99 }]);
    const out = await post("clonesets", "moved", { base: base2, mine: withReplicas(base2, 7), expectBody: stale });
    expect(out.body).toMatchObject({ kind: "preview", changed: true });
    expect((await cs().get("moved")).spec!.replicas).toBe(3);
  });

  it("a dry run returns what the server would store (defaults included) and writes nothing", async () => {
    await cs().create(cloneSet("dry"));
    const base = await open("dry");
    const rv = (await cs().get("dry")).metadata.resourceVersion;
    const out = await post("clonesets", "dry", { base, mine: withReplicas(base, 5), dryRun: true });
    expect(out.body).toMatchObject({
      kind: "dry-run",
      object: { spec: { replicas: 5 } },
      request: { path: expect.stringContaining("dryRun=All") },
    });
    expect((await cs().get("dry")).metadata.resourceVersion).toBe(rv);
  });

  it("refuses identity changes and reports no changes, as kubectl edit does", async () => {
    await cs().create(cloneSet("ident"));
    const base = await open("ident");
    const renamed = clone(base);
    (renamed.metadata as JsonObject).name = "other";
    expect((await post("clonesets", "ident", { base, mine: renamed })).body).toMatchObject({
      kind: "refused",
      fields: ["metadata.name"],
    });
    expect((await post("clonesets", "ident", { base, mine: clone(base) })).body).toMatchObject({ kind: "no-changes" });
  });

  it("an object deleted while editing answers 404 with a message saying the text is kept", async () => {
    await cs().create(cloneSet("gone"));
    const base = await open("gone");
    await cs().delete("gone");
    const out = await post("clonesets", "gone", { base, mine: withReplicas(base, 4) });
    expect(out.status).toBe(404);
    expect(out.body.message).toMatch(/deleted while you were editing.*your text is kept/);
  });

  it("a 422 from validation comes back with causes[].field so the editor can mark the line", async () => {
    await core().createNamespacedPod({ namespace: NS, body: pod("edit-pod") as never });
    const base = prepareForEdit(
      (await core().readNamespacedPod({ namespace: NS, name: "edit-pod" })) as unknown as JsonObject,
    ).object;
    const mine = applyJsonPatch(base, [{ op: "replace", path: "/spec/containers/0/name", value: "renamed" }]);
    const out = await post("pods", "edit-pod", { base, mine });
    expect(out.status).toBe(422);
    expect(out.body.details?.causes?.[0]?.field).toMatch(/^spec/);
  });

  // The fixture sends `partition: 0`, so its creator owns the field; kube-apiserver records managed fields before
  // Kruise's webhook puts the partition back (docs/kruise-rules.md §11.10): the write stores the managed-fields record.
  it("removing a partition its creator set, which the CloneSet webhook puts back, stores only metadata: nothing in the spec changed, named field by field", async () => {
    await cs().create(cloneSet("meta-only"));
    const base = await open("meta-only");
    const mine = clone(base);
    delete ((mine.spec as JsonObject).updateStrategy as JsonObject).partition;
    const kept = [{ field: "spec.updateStrategy.partition", how: "kept", stored: 0, before: 0 }];
    // The review's dry run already shows it, before anything is sent.
    const preview = await post("clonesets", "meta-only", { base, mine, preview: true });
    expect(preview.body).toMatchObject({ kind: "preview", dryRun: { ok: true, kept } });
    if (preview.body.kind !== "preview") throw new Error("no preview");
    expect(JSON.parse(preview.body.request.body)).toContainEqual({
      op: "remove",
      path: "/spec/updateStrategy/partition",
    });
    const before = await cs().get("meta-only");
    const out = await post("clonesets", "meta-only", { base, mine, expectBody: preview.body.request.body });
    expect(out.body).toMatchObject({ kind: "saved", metadataOnly: true, kept });
    const after = await cs().get("meta-only");
    expect(after.metadata.resourceVersion).not.toBe(before.metadata.resourceVersion);
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.spec).toEqual(before.spec);
  });

  it("removing a partition no one set (the webhook's default) stores nothing: a no-op that names the kept field", async () => {
    const body = cloneSet("noop");
    delete (body.spec.updateStrategy as { partition?: number }).partition;
    await cs().create(body);
    const base = await open("noop");
    const mine = clone(base);
    delete ((mine.spec as JsonObject).updateStrategy as JsonObject).partition;
    const kept = [{ field: "spec.updateStrategy.partition", how: "kept", stored: 0, before: 0 }];
    const rv = (await cs().get("noop")).metadata.resourceVersion;
    const out = await post("clonesets", "noop", { base, mine });
    expect(out.body).toMatchObject({ kind: "no-op", kept, object: { metadata: { resourceVersion: rv } } });
    expect((await cs().get("noop")).metadata.resourceVersion).toBe(rv);
  });

  it("a save whose other change lands still lists the field the webhook put back", async () => {
    await cs().create(cloneSet("partly"));
    const base = await open("partly");
    const mine = withReplicas(base, 4);
    delete ((mine.spec as JsonObject).updateStrategy as JsonObject).partition;
    const out = await post("clonesets", "partly", { base, mine });
    expect(out.body).toMatchObject({
      kind: "saved",
      kept: [{ field: "spec.updateStrategy.partition", how: "kept", stored: 0 }],
    });
    expect((await cs().get("partly")).spec!.replicas).toBe(4);
  });

  it("refuses a cross-site request before reading anything", async () => {
    await cs().create(cloneSet("xsite"));
    const base = await open("xsite");
    const out = await post(
      "clonesets",
      "xsite",
      { base, mine: withReplicas(base, 9) },
      { Origin: "http://evil.example" },
    );
    expect(out.status).toBe(403);
    expect((await cs().get("xsite")).spec!.replicas).toBe(2);
  });
});
