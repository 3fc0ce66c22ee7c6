/**
 * Contract: create/get/list/update/delete of a custom resource, identity fields, and the
 * NotFound/AlreadyExists Status bodies (apimachinery pkg/api/errors/errors.go, docs/kruise-rules.md §11.1-§11.2).
 */
import { describe, expect, it } from "vitest";
import { KINDS, UID, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";

describe.each(KINDS)("CRUD on clonesets (%s)", (kind) => {
  const h = useCluster(kind, { ns: "crud" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);

  it("create returns the stored object with uid, resourceVersion, generation 1 and creationTimestamp", async () => {
    const created = await cs().create(cloneSet("web"));
    expect(created.metadata.uid).toMatch(UID);
    expect(created.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(created.metadata.generation).toBe(1);
    expect(Date.parse(String(created.metadata.creationTimestamp))).not.toBeNaN();
    expect(created.metadata.namespace).toBe(h.ns);
    expect(created.spec).toMatchObject({ replicas: 2, selector: { matchLabels: { app: "web" } } });
    const got = await cs().get("web");
    expect(got.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    expect(got.metadata.uid).toBe(created.metadata.uid);
  });

  it("create of an existing name is 409 AlreadyExists", async () => {
    await cs().create(cloneSet("dup"));
    const f = await failure(cs().create(cloneSet("dup")));
    expect(f.code).toBe(409);
    expect(f.body).toEqual(
      statusBody(409, "AlreadyExists", 'clonesets.apps.kruise.io "dup" already exists', {
        name: "dup",
        group: "apps.kruise.io",
        kind: "clonesets",
      }),
    );
  });

  it("get of a missing object is 404 NotFound naming the resource", async () => {
    const f = await failure(cs().get("missing"));
    expect(f.code).toBe(404);
    expect(f.body).toEqual(
      statusBody(404, "NotFound", 'clonesets.apps.kruise.io "missing" not found', {
        name: "missing",
        group: "apps.kruise.io",
        kind: "clonesets",
      }),
    );
  });

  it("list carries a collection resourceVersion and the created items", async () => {
    await cs().create(cloneSet("listed"));
    const list = (await cs().api.listNamespacedCustomObject({ ...cs().base })) as {
      kind: string;
      apiVersion: string;
      metadata: { resourceVersion: string };
      items: { metadata: { name: string } }[];
    };
    expect(list.kind).toBe("CloneSetList");
    expect(list.apiVersion).toBe("apps.kruise.io/v1alpha1");
    expect(list.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(list.items.map((i) => i.metadata.name)).toContain("listed");
  });

  it("update (PUT) with the current resourceVersion stores the change and returns a new resourceVersion", async () => {
    const created = await cs().create(cloneSet("upd"));
    const next = { ...created, spec: { ...created.spec, replicas: 5 } };
    const updated = await cs().replace("upd", next);
    expect(updated.spec?.replicas).toBe(5);
    expect(updated.metadata.resourceVersion).not.toBe(created.metadata.resourceVersion);
    expect((await cs().get("upd")).spec?.replicas).toBe(5);
  });

  it("update (PUT) of a missing custom resource is 404, never a create", async () => {
    const body = { ...cloneSet("ghost"), metadata: { name: "ghost", resourceVersion: "1" } };
    const f = await failure(cs().replace("ghost", body));
    expect(f.code).toBe(404);
    expect(f.body).toEqual(
      statusBody(404, "NotFound", 'clonesets.apps.kruise.io "ghost" not found', {
        name: "ghost",
        group: "apps.kruise.io",
        kind: "clonesets",
      }),
    );
  });

  it("delete answers Success with the uid and the object is gone", async () => {
    const created = await cs().create(cloneSet("del"));
    const res = await cs().delete("del");
    expect(res).toMatchObject({
      kind: "Status",
      apiVersion: "v1",
      status: "Success",
      details: { name: "del", group: "apps.kruise.io", kind: "clonesets", uid: created.metadata.uid },
    });
    expect((await failure(cs().get("del"))).code).toBe(404);
  });

  it("delete of a missing object is 404 NotFound", async () => {
    const f = await failure(cs().delete("nope"));
    expect(f.code).toBe(404);
    expect(f.body).toEqual(
      statusBody(404, "NotFound", 'clonesets.apps.kruise.io "nope" not found', {
        name: "nope",
        group: "apps.kruise.io",
        kind: "clonesets",
      }),
    );
  });
});
