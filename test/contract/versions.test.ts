/**
 * Contract: resourceVersion and generation (docs/kruise-rules.md §11.1, §11.5), the status subresource,
 * optimistic concurrency on PUT (409 body §11.2) and the missing-RV 422 (§11.8).
 * Sources: apiserver pkg/registry/generic/registry/store.go, apiextensions-apiserver
 * pkg/registry/customresource/strategy.go.
 */
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets, minimalStatus } from "./lib/fixtures";

const conflict = (name: string) =>
  statusBody(
    409,
    "Conflict",
    `Operation cannot be fulfilled on clonesets.apps.kruise.io "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, group: "apps.kruise.io", kind: "clonesets" },
  );

describe.each(KINDS)("resourceVersion and generation (%s)", (kind) => {
  const h = useCluster(kind, { ns: "rv" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);

  it("a spec change bumps generation by one and changes resourceVersion", async () => {
    const a = await cs().create(cloneSet("gen-spec"));
    const b = await cs().patch("gen-spec", "merge", { spec: { replicas: 4 } });
    expect(b.metadata.generation).toBe(2);
    expect(b.metadata.resourceVersion).not.toBe(a.metadata.resourceVersion);
  });

  it("a metadata-only change (labels) keeps generation but changes resourceVersion", async () => {
    const a = await cs().create(cloneSet("gen-meta"));
    const b = await cs().patch("gen-meta", "merge", { metadata: { labels: { tier: "front" } } });
    expect(b.metadata.generation).toBe(1);
    expect(b.metadata.resourceVersion).not.toBe(a.metadata.resourceVersion);
  });

  it("status sent to the main resource is dropped (create and update)", async () => {
    const a = await cs().create({ ...cloneSet("gen-drop"), status: { ...minimalStatus, replicas: 7 } });
    expect(a.status?.replicas).not.toBe(7);
    const b = await cs().patch("gen-drop", "merge", { status: { ...minimalStatus, replicas: 9 } });
    expect(b.status?.replicas).not.toBe(9);
    expect(b.metadata.generation).toBe(1);
  });

  it("a /status write changes status only: generation stays, spec changes are ignored", async () => {
    const a = await cs().create(cloneSet("gen-status"));
    const b = await cs().replaceStatus("gen-status", {
      ...a,
      spec: { ...a.spec, replicas: 9 },
      status: { ...minimalStatus, replicas: 2, observedGeneration: 1 },
    });
    expect(b.status).toMatchObject({ replicas: 2, observedGeneration: 1 });
    expect(b.spec?.replicas).toBe(2);
    expect(b.metadata.generation).toBe(1);
    expect(b.metadata.resourceVersion).not.toBe(a.metadata.resourceVersion);
  });

  it("a /status patch missing required status fields is 422 Invalid", async () => {
    await cs().create(cloneSet("status-req"));
    const f = await failure(cs().patch("status-req", "merge", { status: { replicas: 1 } }, { status: true }));
    expect(f.code).toBe(422);
    expect(f.body).toMatchObject({
      kind: "Status",
      status: "Failure",
      reason: "Invalid",
      code: 422,
      details: { name: "status-req", group: "apps.kruise.io", kind: "CloneSet" },
    });
    const fields = (f.body.details as { causes: { field: string; reason: string }[] }).causes.map((c) => [
      c.field,
      c.reason,
    ]);
    expect(fields).toContainEqual(["status.readyReplicas", "FieldValueRequired"]);
  });

  it("PUT with a stale resourceVersion is 409 Conflict with the exact body", async () => {
    const a = await cs().create(cloneSet("stale"));
    await cs().patch("stale", "merge", { spec: { replicas: 3 } });
    const f = await failure(cs().replace("stale", { ...a, spec: { ...a.spec, replicas: 6 } }));
    expect(f.code).toBe(409);
    expect(f.body).toEqual(conflict("stale"));
    expect((await cs().get("stale")).spec?.replicas).toBe(3);
  });

  it("PUT without resourceVersion on a custom resource is 422 naming metadata.resourceVersion", async () => {
    await cs().create(cloneSet("no-rv"));
    const f = await failure(cs().replace("no-rv", cloneSet("no-rv", { replicas: 4 })));
    expect(f.code).toBe(422);
    const msg = "metadata.resourceVersion: Invalid value: 0x0: must be specified for an update";
    expect(f.body).toEqual(
      statusBody(422, "Invalid", `clonesets.apps.kruise.io "no-rv" is invalid: ${msg}`, {
        name: "no-rv",
        group: "apps.kruise.io",
        kind: "clonesets",
        causes: [
          {
            reason: "FieldValueInvalid",
            message: "Invalid value: 0x0: must be specified for an update",
            field: "metadata.resourceVersion",
          },
        ],
      }),
    );
  });

  it("PUT /status with a stale resourceVersion is 409 Conflict too", async () => {
    const a = await cs().create(cloneSet("stale-status"));
    await cs().patch("stale-status", "merge", { spec: { replicas: 3 } });
    const f = await failure(cs().replaceStatus("stale-status", { ...a, status: { ...minimalStatus, replicas: 1 } }));
    expect(f.code).toBe(409);
    expect(f.body).toEqual(conflict("stale-status"));
  });

  it("resourceVersions of successive writes differ and the list RV is at least as new as the last write", async () => {
    const a = await cs().create(cloneSet("order"));
    const b = await cs().patch("order", "merge", { metadata: { annotations: { n: "1" } } });
    const list = (await cs().api.listNamespacedCustomObject({ ...cs().base })) as {
      metadata: { resourceVersion: string };
    };
    expect(new Set([a.metadata.resourceVersion, b.metadata.resourceVersion]).size).toBe(2);
    // Opaque for clients, but both servers use increasing integers; the dashboard never relies on this.
    expect(BigInt(list.metadata.resourceVersion) >= BigInt(b.metadata.resourceVersion)).toBe(true);
  });
});
