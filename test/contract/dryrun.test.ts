/**
 * Contract: dryRun=All runs the whole write path but stores nothing
 * (apiserver pkg/registry/generic/registry/dryrun.go, handlers validate dryRun values).
 */
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets } from "./lib/fixtures";
import { raw } from "./lib/raw";

describe.each(KINDS)("dryRun=All (%s)", (kind) => {
  const h = useCluster(kind, { ns: "dry" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);

  it("create returns the would-be object and stores nothing", async () => {
    const out = await cs().create(cloneSet("dry-new"), { dryRun: "All" });
    expect(out.metadata.name).toBe("dry-new");
    expect(out.metadata.generation).toBe(1);
    expect((await failure(cs().get("dry-new"))).code).toBe(404);
  });

  it("update and patch return the result but leave the stored object and resourceVersion alone", async () => {
    const a = await cs().create(cloneSet("dry-upd"));
    const put = await cs().replace("dry-upd", { ...a, spec: { ...a.spec, replicas: 8 } }, { dryRun: "All" });
    expect(put.spec?.replicas).toBe(8);
    const patched = await cs().patch("dry-upd", "merge", { spec: { replicas: 9 } }, { dryRun: "All" });
    expect(patched.spec?.replicas).toBe(9);
    const now = await cs().get("dry-upd");
    expect(now.spec?.replicas).toBe(2);
    expect(now.metadata.resourceVersion).toBe(a.metadata.resourceVersion);
  });

  it("a dry-run write still reports conflicts and validation errors", async () => {
    const a = await cs().create(cloneSet("dry-conf"));
    await cs().patch("dry-conf", "merge", { spec: { replicas: 3 } });
    const f = await failure(cs().replace("dry-conf", { ...a, spec: { ...a.spec, replicas: 8 } }, { dryRun: "All" }));
    expect(f.code).toBe(409);
  });

  it("delete answers as if deleted and keeps the object", async () => {
    const created = await cs().create(cloneSet("dry-del"));
    const res = await cs().delete("dry-del", { dryRun: "All" });
    expect(res).toMatchObject({ kind: "Status", status: "Success" });
    // The object as it was stored: not even a deletionTimestamp was written. (A list's resourceVersion would not
    // do: on kube-apiserver it is etcd's revision, which any other file's write on the shared server moves.)
    const now = await cs().get("dry-del");
    expect(now.metadata.resourceVersion).toBe(created.metadata.resourceVersion);
    expect(now.metadata.deletionTimestamp).toBeUndefined();
  });

  it("an unsupported dryRun value is 422 on CreateOptions", async () => {
    const r = await raw(h.c, {
      method: "POST",
      path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets?dryRun=Foo`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(cloneSet("dry-bad")),
    });
    expect(r.status).toBe(422);
    expect(r.json()).toEqual(
      statusBody(
        422,
        "Invalid",
        'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Foo"}: supported values: "All"',
        {
          group: "meta.k8s.io",
          kind: "CreateOptions",
          causes: [
            {
              reason: "FieldValueNotSupported",
              message: 'Unsupported value: []string{"Foo"}: supported values: "All"',
              field: "dryRun",
            },
          ],
        },
      ),
    );
  });
});
