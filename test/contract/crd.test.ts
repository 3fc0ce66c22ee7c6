/**
 * Contract: any CRD is served generically with its structural schema honoured
 * (apiextensions-apiserver pkg/apiserver/schema: pruning, required, int-or-string,
 * x-kubernetes-preserve-unknown-fields) and deleting the CRD removes its objects.
 */
import { ApiextensionsV1Api, CustomObjectsApi } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { KINDS, failure, useCluster } from "./lib/harness";
import { raw } from "./lib/raw";

const GROUP = "contract.example.com";
const crd = {
  apiVersion: "apiextensions.k8s.io/v1",
  kind: "CustomResourceDefinition",
  metadata: { name: `widgets.${GROUP}` },
  spec: {
    group: GROUP,
    scope: "Namespaced",
    names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList", shortNames: ["wd"] },
    versions: [
      {
        name: "v1",
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: "object",
            properties: {
              spec: {
                type: "object",
                required: ["size"],
                properties: {
                  size: { type: "integer" },
                  mode: { "x-kubernetes-int-or-string": true },
                  extra: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
                },
              },
              status: { type: "object", properties: { phase: { type: "string" } } },
            },
          },
        },
      },
    ],
  },
};

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(KINDS)("generic CRD serving (%s)", (kind) => {
  const h = useCluster(kind, { ns: "crd" });
  const objs = () => h.c.kubeConfig().makeApiClient(CustomObjectsApi);
  const base = () => ({ group: GROUP, version: "v1", namespace: h.ns, plural: "widgets" });
  const widget = (name: string, spec: object) => ({
    apiVersion: `${GROUP}/v1`,
    kind: "Widget",
    metadata: { name },
    spec,
  });

  it("a new CRD becomes Established and its resource appears in discovery", async () => {
    // Raw JSON keeps the x-kubernetes-* keys exactly as written.
    const r = await raw(h.c, {
      method: "POST",
      path: "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(crd),
    });
    expect(r.status, r.text).toBe(201);
    const ext = h.c.kubeConfig().makeApiClient(ApiextensionsV1Api);
    await until(
      "Established",
      async () =>
        !!(await ext.readCustomResourceDefinition({ name: crd.metadata.name })).status?.conditions?.some(
          (c) => c.type === "Established" && c.status === "True",
        ),
    );
    await until("served", async () => (await raw(h.c, { path: `/apis/${GROUP}/v1/widgets` })).status === 200);
    const disc = (await raw(h.c, { path: `/apis/${GROUP}/v1` })).json<{
      resources: { name: string; kind: string; shortNames?: string[] }[];
    }>();
    expect(disc.resources.find((x) => x.name === "widgets")).toMatchObject({ kind: "Widget", shortNames: ["wd"] });
  });

  it("unknown fields are pruned, preserve-unknown-fields keeps them, int-or-string takes both", async () => {
    const out = (await objs().createNamespacedCustomObject({
      ...base(),
      body: widget("w1", { size: 1, mode: "50%", bogus: true, extra: { any: { thing: 1 } } }),
    })) as { spec: Record<string, unknown> };
    expect(out.spec).toEqual({ size: 1, mode: "50%", extra: { any: { thing: 1 } } });
    const two = (await objs().createNamespacedCustomObject({
      ...base(),
      body: widget("w2", { size: 2, mode: 3 }),
    })) as { spec: Record<string, unknown> };
    expect(two.spec.mode).toBe(3);
  });

  it("a missing required field is 422 with a FieldValueRequired cause", async () => {
    const f = await failure(objs().createNamespacedCustomObject({ ...base(), body: widget("w3", { mode: 1 }) }));
    expect(f.code).toBe(422);
    expect(f.body).toMatchObject({
      reason: "Invalid",
      message: 'Widget.contract.example.com "w3" is invalid: spec.size: Required value',
      details: {
        name: "w3",
        group: GROUP,
        kind: "Widget",
        causes: [{ reason: "FieldValueRequired", message: "Required value", field: "spec.size" }],
      },
    });
  });

  it("without a status subresource, a status change bumps generation like a spec change", async () => {
    const gadgets = {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: `gadgets.${GROUP}` },
      spec: {
        group: GROUP,
        scope: "Namespaced",
        names: { plural: "gadgets", singular: "gadget", kind: "Gadget", listKind: "GadgetList" },
        versions: [
          {
            name: "v1",
            served: true,
            storage: true,
            schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
          },
        ],
      },
    };
    const r = await raw(h.c, {
      method: "POST",
      path: "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(gadgets),
    });
    expect(r.status, r.text).toBe(201);
    await until("gadgets served", async () => (await raw(h.c, { path: `/apis/${GROUP}/v1/gadgets` })).status === 200);
    const g = { ...base(), plural: "gadgets" };
    const created = (await objs().createNamespacedCustomObject({
      ...g,
      body: { apiVersion: `${GROUP}/v1`, kind: "Gadget", metadata: { name: "g1" }, spec: { a: 1 }, status: { s: 1 } },
    })) as { metadata: { generation: number }; status?: { s: number } };
    expect(created.metadata.generation).toBe(1);
    expect(created.status?.s).toBe(1); // no status subresource: status is stored from the main resource
    const patched = await raw(h.c, {
      method: "PATCH",
      path: `/apis/${GROUP}/v1/namespaces/${h.ns}/gadgets/g1`,
      headers: { "Content-Type": "application/merge-patch+json" },
      body: JSON.stringify({ status: { s: 2 } }),
    });
    expect(patched.json<{ metadata: { generation: number } }>().metadata.generation).toBe(2);
    const labelled = await raw(h.c, {
      method: "PATCH",
      path: `/apis/${GROUP}/v1/namespaces/${h.ns}/gadgets/g1`,
      headers: { "Content-Type": "application/merge-patch+json" },
      body: JSON.stringify({ metadata: { labels: { x: "y" } } }),
    });
    expect(labelled.json<{ metadata: { generation: number } }>().metadata.generation).toBe(2);
    await raw(h.c, {
      method: "DELETE",
      path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/gadgets.${GROUP}`,
    });
  });

  it("deleting the CRD removes its objects and stops serving it", async () => {
    const r = await raw(h.c, {
      method: "DELETE",
      path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}`,
    });
    expect(r.status).toBe(200);
    await until(
      "CRD gone",
      async () =>
        (await raw(h.c, { path: `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}` }))
          .status === 404,
    );
    // kube-apiserver drops the CRD's handler when its informer sees the deletion, a moment after the CRD object is
    // gone: serving stops eventually, not in the same instant (apiextensions-apiserver crdHandler removeDeadStorage).
    await until(
      "the CRD's objects no longer served",
      async () => (await raw(h.c, { path: `/apis/${GROUP}/v1/namespaces/${h.ns}/widgets` })).status === 404,
    );
  });
});
