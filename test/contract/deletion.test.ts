/**
 * Contract: deletion (apiserver pkg/registry/rest/delete.go, generic/registry/store.go):
 * finalizers and deletionTimestamp, delete preconditions, pod graceful deletion,
 * propagationPolicy finalizers, and (sandbox-only) garbage collection of owned objects.
 */
import { describe, expect, it } from "vitest";
import { KINDS, UID, failure, statusBody, useCluster } from "./lib/harness";
import { cloneSet, clonesets, core, pod, FIELD_MANAGER, type Obj } from "./lib/fixtures";
import { raw } from "./lib/raw";

const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe.each(KINDS)("deletion (%s)", (kind) => {
  const h = useCluster(kind, { ns: "del" });
  const cs = () => clonesets(h.c.kubeConfig(), h.ns);
  const del = (name: string, body: object) =>
    raw(h.c, {
      method: "DELETE",
      path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets/${name}`,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("an object with finalizers is marked (deletionTimestamp) and stays until they are removed", async () => {
    await cs().create({ ...cloneSet("fin"), metadata: { name: "fin", finalizers: ["example.com/hold"] } });
    const r = await del("fin", {});
    expect(r.status).toBe(200);
    const marked = r.json<Obj>();
    expect(marked.kind).toBe("CloneSet");
    expect(Date.parse(String(marked.metadata.deletionTimestamp))).not.toBeNaN();
    expect(marked.metadata.deletionGracePeriodSeconds).toBe(0);
    expect((await cs().get("fin")).metadata.finalizers).toEqual(["example.com/hold"]);
    await cs().patch("fin", "merge", { metadata: { finalizers: null } });
    await until(
      "fin gone",
      async () =>
        (await raw(h.c, { path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets/fin` })).status === 404,
    );
  });

  it("no new finalizers may be added to an object being deleted (422)", async () => {
    await cs().create({ ...cloneSet("fin2"), metadata: { name: "fin2", finalizers: ["example.com/hold"] } });
    await cs().delete("fin2");
    const f = await failure(
      cs().patch("fin2", "merge", { metadata: { finalizers: ["example.com/hold", "example.com/more"] } }),
    );
    expect(f.code).toBe(422);
    expect(f.body).toMatchObject({
      reason: "Invalid",
      message: expect.stringContaining(
        "metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted",
      ),
    });
    await cs().patch("fin2", "merge", { metadata: { finalizers: null } });
  });

  it("a uid precondition that does not match is 409 and nothing is deleted", async () => {
    const a = await cs().create(cloneSet("pre-uid"));
    const r = await del("pre-uid", { preconditions: { uid: "00000000-0000-0000-0000-000000000000" } });
    expect(r.status).toBe(409);
    expect(r.json()).toEqual(
      statusBody(
        409,
        "Conflict",
        // The storage layer names the Kind here, unlike the update Conflict (§11.2) which names the resource.
        `Operation cannot be fulfilled on CloneSet.apps.kruise.io "pre-uid": the UID in the precondition (00000000-0000-0000-0000-000000000000) does not match the UID in record (${a.metadata.uid}). The object might have been deleted and then recreated`,
        { name: "pre-uid", group: "apps.kruise.io", kind: "CloneSet" },
      ),
    );
    expect(a.metadata.uid).toMatch(UID);
    expect((await cs().get("pre-uid")).metadata.uid).toBe(a.metadata.uid);
  });

  it("a resourceVersion precondition that does not match is 409", async () => {
    const a = await cs().create(cloneSet("pre-rv"));
    const b = await cs().patch("pre-rv", "merge", { spec: { replicas: 3 } });
    const r = await del("pre-rv", { preconditions: { resourceVersion: a.metadata.resourceVersion } });
    expect(r.status).toBe(409);
    expect(r.json<{ message: string }>().message).toBe(
      `Operation cannot be fulfilled on CloneSet.apps.kruise.io "pre-rv": the ResourceVersion in the precondition (${a.metadata.resourceVersion}) does not match the ResourceVersion in record (${b.metadata.resourceVersion}). The object might have been modified`,
    );
    expect((await del("pre-rv", { preconditions: { resourceVersion: b.metadata.resourceVersion } })).status).toBe(200);
  });

  it.each([
    ["Foreground", "foregroundDeletion"],
    ["Orphan", "orphan"],
  ])("propagationPolicy %s answers the object marked with the %s finalizer", async (policy, finalizer) => {
    const name = `prop-${policy.toLowerCase()}`;
    await cs().create(cloneSet(name));
    const r = await del(name, { propagationPolicy: policy });
    expect([200, 202]).toContain(r.status);
    const body = r.json<Obj>();
    expect(body.metadata.finalizers).toContain(finalizer);
    expect(body.metadata.deletionTimestamp).toBeTruthy();
  });

  it("a pod not yet scheduled is deleted at once; a scheduled pod terminates gracefully until grace 0", async () => {
    const api = core(h.c.kubeConfig());
    await api.createNamespacedPod({ namespace: h.ns, fieldManager: FIELD_MANAGER, body: pod("unscheduled") });
    await api.deleteNamespacedPod({ namespace: h.ns, name: "unscheduled" });
    expect((await failure(api.readNamespacedPod({ namespace: h.ns, name: "unscheduled" }))).code).toBe(404);

    await api.createNamespacedPod({
      namespace: h.ns,
      fieldManager: FIELD_MANAGER,
      body: { ...pod("scheduled"), spec: { nodeName: "node-a", containers: [{ name: "app", image: "nginx:1.0" }] } },
    });
    const terminating = await api.deleteNamespacedPod({ namespace: h.ns, name: "scheduled" });
    expect(terminating.metadata?.deletionTimestamp).toBeTruthy();
    expect(terminating.metadata?.deletionGracePeriodSeconds).toBe(30);
    expect(
      (await api.readNamespacedPod({ namespace: h.ns, name: "scheduled" })).metadata?.deletionTimestamp,
    ).toBeTruthy();
    await api.deleteNamespacedPod({ namespace: h.ns, name: "scheduled", gracePeriodSeconds: 0 });
    await until(
      "pod gone",
      async () => (await raw(h.c, { path: `/api/v1/namespaces/${h.ns}/pods/scheduled` })).status === 404,
    );
  });

  // kube-apiserver alone has no garbage collector (that is kube-controller-manager), so these run on the sandbox only.
  it.runIf(kind === "sandbox")(
    "sandbox-only (GC lives in kube-controller-manager): deleting a CloneSet removes the pods it owns",
    async () => {
      const owner = await cs().create(cloneSet("gc-owner"));
      const api = core(h.c.kubeConfig());
      const ownerRef = {
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        name: "gc-owner",
        uid: owner.metadata.uid,
        controller: true,
        blockOwnerDeletion: true,
      };
      await api.createNamespacedPod({
        namespace: h.ns,
        fieldManager: FIELD_MANAGER,
        body: { ...pod("gc-child"), metadata: { name: "gc-child", ownerReferences: [ownerRef] } },
      });
      await cs().delete("gc-owner");
      await until(
        "owned pod collected",
        async () => (await raw(h.c, { path: `/api/v1/namespaces/${h.ns}/pods/gc-child` })).status === 404,
      );
    },
  );

  it.runIf(kind === "sandbox")(
    "sandbox-only (GC lives in kube-controller-manager): Orphan keeps the pod and strips its ownerReference",
    async () => {
      const owner = await cs().create(cloneSet("gc-orphan"));
      const api = core(h.c.kubeConfig());
      const ownerRef = {
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        name: "gc-orphan",
        uid: owner.metadata.uid,
        controller: true,
      };
      await api.createNamespacedPod({
        namespace: h.ns,
        fieldManager: FIELD_MANAGER,
        body: { ...pod("gc-kept"), metadata: { name: "gc-kept", ownerReferences: [ownerRef] } },
      });
      await cs().delete("gc-orphan", { propagationPolicy: "Orphan" });
      await until(
        "owner gone",
        async () =>
          (await raw(h.c, { path: `/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/clonesets/gc-orphan` })).status ===
          404,
      );
      const kept = await api.readNamespacedPod({ namespace: h.ns, name: "gc-kept" });
      expect(kept.metadata?.ownerReferences ?? []).toEqual([]);
    },
  );
});
