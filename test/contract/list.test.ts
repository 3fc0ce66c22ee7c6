/**
 * Contract: list pagination and selectors (docs/kruise-rules.md §11.1, §11.4; apiserver
 * pkg/storage/etcd3/store.go GetToList/List, pkg/registry/generic/registry/store.go).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { KINDS, useCluster } from "./lib/harness";
import { cloneSet, clonesets, core, pod, FIELD_MANAGER } from "./lib/fixtures";
import { raw } from "./lib/raw";

interface List {
  kind: string;
  metadata: { resourceVersion: string; continue?: string; remainingItemCount?: number };
  items: { metadata: { name: string } }[];
}
const names = (l: List) => l.items.map((i) => i.metadata.name).sort();

describe.each(KINDS)("list, pagination and selectors (%s)", (kind) => {
  const h = useCluster(kind, { ns: "list" });
  const base = () => `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets`;
  const list = async (q: string) => {
    const r = await raw(h.c, { path: `${base()}?${q}` });
    expect(r.status, r.text).toBe(200);
    return r.json<List>();
  };

  beforeAll(async () => {
    const cs = clonesets(h.c.kubeConfig(), h.ns);
    const teams = ["red", "blue", "blue", "green", ""];
    for (const [i, team] of teams.entries()) {
      const labels: Record<string, string> = { app: `c${i}` };
      if (team) labels.team = team;
      await cs.create(cloneSet(`c${i}`, { labels }));
    }
  });

  it("limit returns a page with continue and remainingItemCount; pages share the first page's resourceVersion", async () => {
    const p1 = await list("limit=2");
    expect(p1.items).toHaveLength(2);
    expect(p1.metadata.continue).toBeTruthy();
    expect(p1.metadata.remainingItemCount).toBe(3);
    // A write between pages must not show up: the pages are one snapshot.
    await clonesets(h.c.kubeConfig(), h.ns).create(cloneSet("late"));
    const p2 = await list(`limit=2&continue=${encodeURIComponent(p1.metadata.continue!)}`);
    expect(p2.metadata.resourceVersion).toBe(p1.metadata.resourceVersion);
    const p3 = await list(`limit=2&continue=${encodeURIComponent(p2.metadata.continue!)}`);
    expect(p3.items).toHaveLength(1);
    expect(p3.metadata.continue ?? "").toBe("");
    expect(p3.metadata.remainingItemCount).toBeUndefined();
    expect([...names(p1), ...names(p2), ...names(p3)].sort()).toEqual(["c0", "c1", "c2", "c3", "c4"]);
    await clonesets(h.c.kubeConfig(), h.ns).delete("late");
  });

  it("continue together with a specific resourceVersion is 400", async () => {
    const p1 = await list("limit=2");
    const r = await raw(h.c, {
      path: `${base()}?limit=2&resourceVersion=${p1.metadata.resourceVersion}&continue=${encodeURIComponent(p1.metadata.continue!)}`,
    });
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({
      kind: "Status",
      status: "Failure",
      reason: "BadRequest",
      code: 400,
      message: "specifying resource version is not allowed when using continue",
    });
  });

  it("a malformed continue token is 400", async () => {
    const r = await raw(h.c, { path: `${base()}?limit=2&continue=not-a-token` });
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ kind: "Status", reason: "BadRequest", code: 400 });
  });

  it.each([
    ["team=blue", ["c1", "c2"]],
    ["team==blue", ["c1", "c2"]],
    ["team!=blue", ["c0", "c3", "c4"]],
    ["team in (red,green)", ["c0", "c3"]],
    ["team notin (red,green)", ["c1", "c2", "c4"]],
    ["team", ["c0", "c1", "c2", "c3"]],
    ["!team", ["c4"]],
    ["team=blue,app=c2", ["c2"]],
  ])("label selector %s", async (sel, want) => {
    expect(names(await list(`labelSelector=${encodeURIComponent(sel)}`))).toEqual(want);
  });

  it.each([
    ["metadata.name=c3", ["c3"]],
    ["metadata.name!=c3", ["c0", "c1", "c2", "c4"]],
  ])("field selector %s", async (sel, want) => {
    expect(names(await list(`fieldSelector=${encodeURIComponent(sel)}`))).toEqual(want);
  });

  it("field selector metadata.namespace across namespaces", async () => {
    const r = await raw(h.c, {
      path: `/apis/apps.kruise.io/v1alpha1/clonesets?fieldSelector=${encodeURIComponent(`metadata.namespace=${h.ns}`)}`,
    });
    expect(names(r.json<List>())).toEqual(["c0", "c1", "c2", "c3", "c4"]);
  });

  it("an unsupported field selector on a custom resource is 400", async () => {
    const r = await raw(h.c, { path: `${base()}?fieldSelector=${encodeURIComponent("spec.replicas=2")}` });
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({
      kind: "Status",
      reason: "BadRequest",
      code: 400,
      message: "field label not supported: spec.replicas",
    });
  });

  it("pods support spec.nodeName and status.phase field selectors", async () => {
    const api = core(h.c.kubeConfig());
    await api.createNamespacedPod({
      namespace: h.ns,
      fieldManager: FIELD_MANAGER,
      body: { ...pod("p-bound"), spec: { nodeName: "node-a", containers: [{ name: "app", image: "nginx:1.0" }] } },
    });
    await api.createNamespacedPod({ namespace: h.ns, fieldManager: FIELD_MANAGER, body: pod("p-free") });
    const byNode = await api.listNamespacedPod({ namespace: h.ns, fieldSelector: "spec.nodeName=node-a" });
    expect(byNode.items.map((p) => p.metadata?.name)).toEqual(["p-bound"]);
    const unbound = await api.listNamespacedPod({ namespace: h.ns, fieldSelector: "spec.nodeName=" });
    expect(unbound.items.map((p) => p.metadata?.name)).toEqual(["p-free"]);
    const pending = await api.listNamespacedPod({ namespace: h.ns, fieldSelector: "status.phase=Pending" });
    expect(pending.items.map((p) => p.metadata?.name).sort()).toEqual(["p-bound", "p-free"]);
    const running = await api.listNamespacedPod({ namespace: h.ns, fieldSelector: "status.phase=Running" });
    expect(running.items).toEqual([]);
  });

  it("deletecollection with a label selector deletes only the matching objects", async () => {
    const cs = clonesets(h.c.kubeConfig(), h.ns);
    await cs.create(cloneSet("dc-1", { labels: { batch: "x" } }));
    await cs.create(cloneSet("dc-2", { labels: { batch: "x" } }));
    const r = await raw(h.c, { method: "DELETE", path: `${base()}?labelSelector=${encodeURIComponent("batch=x")}` });
    expect(r.status).toBe(200);
    const body = r.json<List>();
    expect(body.kind).toBe("CloneSetList");
    expect(names(body)).toEqual(["dc-1", "dc-2"]);
    expect(names(await list(""))).toEqual(["c0", "c1", "c2", "c3", "c4"]);
  });
});
