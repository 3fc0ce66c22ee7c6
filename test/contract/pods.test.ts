/**
 * Contract: built-in pod mechanics the controllers rely on (kubernetes pkg/registry/core/pod:
 * binding, status subresource, update validation) and namespace termination
 * (pkg/registry/core/namespace, admission NamespaceLifecycle).
 */
import { PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { KINDS, failure, statusBody, useCluster } from "./lib/harness";
import { core, pod, FIELD_MANAGER } from "./lib/fixtures";
import { raw } from "./lib/raw";

const JSON_PATCH = setHeaderOptions("Content-Type", PatchStrategy.JsonPatch);

describe.each(KINDS)("pods and namespaces (%s)", (kind) => {
  const h = useCluster(kind, { ns: "pods" });
  const api = () => core(h.c.kubeConfig());
  const create = (name: string) =>
    api().createNamespacedPod({ namespace: h.ns, fieldManager: FIELD_MANAGER, body: pod(name) });

  it("POST pods/binding assigns the node", async () => {
    await create("bind-me");
    const r = await raw(h.c, {
      method: "POST",
      path: `/api/v1/namespaces/${h.ns}/pods/bind-me/binding`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        apiVersion: "v1",
        kind: "Binding",
        metadata: { name: "bind-me" },
        target: { apiVersion: "v1", kind: "Node", name: "node-a" },
      }),
    });
    expect(r.status).toBe(201);
    expect(r.json()).toMatchObject({ kind: "Status", status: "Success", code: 201 });
    expect((await api().readNamespacedPod({ namespace: h.ns, name: "bind-me" })).spec?.nodeName).toBe("node-a");
  });

  it("binding an already bound pod is 409", async () => {
    await create("bound-twice");
    const bind = (node: string) =>
      raw(h.c, {
        method: "POST",
        path: `/api/v1/namespaces/${h.ns}/pods/bound-twice/binding`,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          apiVersion: "v1",
          kind: "Binding",
          metadata: { name: "bound-twice" },
          target: { kind: "Node", name: node },
        }),
      });
    expect((await bind("node-a")).status).toBe(201);
    const again = await bind("node-b");
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({
      reason: "Conflict",
      message:
        'Operation cannot be fulfilled on pods/binding "bound-twice": pod bound-twice is already assigned to node "node-a"',
    });
  });

  it("pods/status writes change status but never spec", async () => {
    const p = await create("status-pod");
    const body = {
      ...p,
      spec: { ...p.spec!, containers: [{ name: "app", image: "nginx:9.9" }] },
      status: { phase: "Running" },
    };
    const out = await api().replaceNamespacedPodStatus({
      namespace: h.ns,
      name: "status-pod",
      fieldManager: FIELD_MANAGER,
      body,
    });
    expect(out.status?.phase).toBe("Running");
    expect(out.spec?.containers.map((c) => c.image)).toEqual(["nginx:1.0"]);
  });

  it("a pod update may change the image but not add a container (422)", async () => {
    await create("immutable");
    const img = await api().patchNamespacedPod(
      {
        namespace: h.ns,
        name: "immutable",
        fieldManager: FIELD_MANAGER,
        body: [{ op: "replace", path: "/spec/containers/0/image", value: "nginx:2.0" }],
      },
      JSON_PATCH,
    );
    expect(img.spec?.containers[0].image).toBe("nginx:2.0");
    const f = await failure(
      api().patchNamespacedPod(
        {
          namespace: h.ns,
          name: "immutable",
          fieldManager: FIELD_MANAGER,
          body: [{ op: "add", path: "/spec/containers/-", value: { name: "extra", image: "busybox:1" } }],
        },
        JSON_PATCH,
      ),
    );
    expect(f.code).toBe(422);
    expect(f.body).toEqual(
      statusBody(
        422,
        "Invalid",
        'Pod "immutable" is invalid: spec.containers: Forbidden: pod updates may not add or remove containers',
        {
          name: "immutable",
          kind: "Pod",
          causes: [
            {
              reason: "FieldValueForbidden",
              message: "Forbidden: pod updates may not add or remove containers",
              field: "spec.containers",
            },
          ],
        },
      ),
    );
  });

  it("a deleted namespace is Terminating and refuses new content with 403", async () => {
    const ns = `${h.ns}-gone`;
    await api().createNamespace({ body: { metadata: { name: ns } } });
    // A finalizer keeps content in the namespace, so it stays Terminating on both servers (the real
    // one has no namespace controller at all; the sandbox's would otherwise empty and remove it at once).
    const held = { ...pod("keeps-ns-busy"), metadata: { name: "keeps-ns-busy", finalizers: ["example.com/hold"] } };
    await api().createNamespacedPod({ namespace: ns, fieldManager: FIELD_MANAGER, body: held });
    const r = await raw(h.c, { method: "DELETE", path: `/api/v1/namespaces/${ns}` });
    expect(r.status).toBe(200);
    expect(r.json<{ status: { phase: string } }>().status.phase).toBe("Terminating");
    const f = await failure(
      api().createNamespacedPod({ namespace: ns, fieldManager: FIELD_MANAGER, body: pod("late") }),
    );
    expect(f.code).toBe(403);
    expect(f.body).toMatchObject({
      reason: "Forbidden",
      message: `pods "late" is forbidden: unable to create new content in namespace ${ns} because it is being terminated`,
      details: { name: "late", kind: "pods" },
    });
    await api().patchNamespacedPod(
      {
        namespace: ns,
        name: "keeps-ns-busy",
        fieldManager: FIELD_MANAGER,
        body: [{ op: "remove", path: "/metadata/finalizers" }],
      },
      JSON_PATCH,
    );
  });
});
