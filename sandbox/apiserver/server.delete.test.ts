import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type ApiServerHandle } from "./index";
import { call, cloneSet, eventually, pod } from "./testing";

let h: ApiServerHandle;
beforeAll(async () => {
  h = await startApiServer({ port: 0, namespaceDeletionDelayMs: 200 });
});
afterAll(async () => {
  await h.close();
});

const CS = "/apis/apps.kruise.io/v1alpha1/namespaces/default/clonesets";
const PODS = "/api/v1/namespaces/default/pods";
const REVS = "/apis/apps/v1/namespaces/default/controllerrevisions";
const merge = { contentType: "application/merge-patch+json" };

async function ownedSet(name: string) {
  const cs = (await call(h, "POST", CS, cloneSet(name))).body;
  const ref = {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    name,
    uid: cs.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  };
  await call(h, "POST", PODS, pod(`${name}-pod`, "default", { metadata: { ownerReferences: [ref] } }));
  await call(h, "POST", REVS, { metadata: { name: `${name}-rev`, ownerReferences: [ref] }, data: {}, revision: 1 });
  return cs;
}
const exists = async (path: string) => (await call(h, "GET", path)).code === 200;

describe("finalizers and graceful deletion", () => {
  it("an object with finalizers stays with a deletionTimestamp until the last finalizer is removed", async () => {
    await call(h, "POST", CS, { ...cloneSet("fin"), metadata: { name: "fin", finalizers: ["example.com/hold"] } });
    const d = await call(h, "DELETE", `${CS}/fin`);
    expect(d.code).toBe(200); // kube answers 202 only for an explicit orphanDependents=false
    expect(d.body.kind).toBe("CloneSet");
    const cur = (await call(h, "GET", `${CS}/fin`)).body;
    expect(cur.metadata.deletionTimestamp).toBeTruthy();
    await call(h, "PATCH", `${CS}/fin`, { metadata: { finalizers: null } }, merge);
    expect(await exists(`${CS}/fin`)).toBe(false);
  });

  it("a pod bound to a node stays Terminating until deleted with gracePeriodSeconds=0", async () => {
    await call(h, "POST", PODS, pod("bound", "default", { spec: { nodeName: "node-1" } }));
    await call(h, "DELETE", `${PODS}/bound`);
    const p = (await call(h, "GET", `${PODS}/bound`)).body;
    expect(p.metadata.deletionGracePeriodSeconds).toBe(30);
    await call(h, "DELETE", `${PODS}/bound`, { kind: "DeleteOptions", apiVersion: "v1", gracePeriodSeconds: 0 });
    expect(await exists(`${PODS}/bound`)).toBe(false);
  });

  it("an unscheduled pod is deleted immediately", async () => {
    await call(h, "POST", PODS, pod("unbound"));
    const d = await call(h, "DELETE", `${PODS}/unbound`);
    expect(d.code).toBe(200);
    expect(await exists(`${PODS}/unbound`)).toBe(false);
  });

  it("a uid precondition that does not match is a 409", async () => {
    await call(h, "POST", PODS, pod("pre"));
    const r = await call(h, "DELETE", `${PODS}/pre`, { preconditions: { uid: "other" } });
    expect(r.body).toMatchObject({ code: 409, reason: "Conflict" });
    expect(r.body.message).toContain("the UID in the precondition (other) does not match the UID in record");
  });

  it("a terminating object may not gain new finalizers (422)", async () => {
    await call(h, "POST", CS, { ...cloneSet("fin2"), metadata: { name: "fin2", finalizers: ["example.com/hold"] } });
    await call(h, "DELETE", `${CS}/fin2`);
    const r = await call(
      h,
      "PATCH",
      `${CS}/fin2`,
      { metadata: { finalizers: ["example.com/hold", "example.com/more"] } },
      merge,
    );
    expect(r.body.code).toBe(422);
    expect(r.body.message).toContain(
      'metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/more"}',
    );
  });
});

describe("garbage collection by ownerReferences", () => {
  it("background: deleting a CloneSet removes its pods and controllerrevisions", async () => {
    await ownedSet("bg");
    await call(h, "DELETE", `${CS}/bg`);
    await eventually(async () => !(await exists(`${PODS}/bg-pod`)) && !(await exists(`${REVS}/bg-rev`)));
  });

  it("orphan: dependents stay and lose their ownerReference", async () => {
    await ownedSet("orph");
    await call(h, "DELETE", `${CS}/orph`, { propagationPolicy: "Orphan" });
    await eventually(async () => !(await exists(`${CS}/orph`)));
    const p = (await call(h, "GET", `${PODS}/orph-pod`)).body;
    expect(p.metadata.ownerReferences).toBeUndefined();
  });

  it("foreground: the owner carries foregroundDeletion until its dependents are gone", async () => {
    await ownedSet("fg");
    await call(h, "DELETE", `${CS}/fg`, { propagationPolicy: "Foreground" });
    const owner = await call(h, "GET", `${CS}/fg`);
    if (owner.code === 200) expect(owner.body.metadata.finalizers).toContain("foregroundDeletion");
    await eventually(async () => !(await exists(`${CS}/fg`)) && !(await exists(`${PODS}/fg-pod`)));
  });
});

describe("namespace deletion", () => {
  // The pod's finalizer holds the namespace in Terminating (kube's namespace controller waits for its contents), so
  // the 403 for new content is read while the namespace is certainly still there, however slow the machine.
  it("goes Terminating (refusing new content with 403), waits for its contents' finalizers, then disappears", async () => {
    await call(h, "POST", "/api/v1/namespaces", { metadata: { name: "gone" } });
    const held = pod("x", "gone", { metadata: { finalizers: ["example.com/hold"] } });
    await call(h, "POST", "/api/v1/namespaces/gone/pods", held);
    const d = await call(h, "DELETE", "/api/v1/namespaces/gone");
    expect(d.body.status.phase).toBe("Terminating");
    const late = await call(h, "POST", "/api/v1/namespaces/gone/pods", pod("late", "gone"));
    expect(late.body).toMatchObject({
      code: 403,
      reason: "Forbidden",
      message:
        'pods "late" is forbidden: unable to create new content in namespace gone because it is being terminated',
    });
    await eventually(async () => {
      const x = await call(h, "GET", "/api/v1/namespaces/gone/pods/x");
      return x.code === 200 && !!x.body.metadata.deletionTimestamp;
    });
    expect((await call(h, "GET", "/api/v1/namespaces/gone")).body.status.phase).toBe("Terminating");
    await call(h, "PATCH", "/api/v1/namespaces/gone/pods/x", { metadata: { finalizers: null } }, merge);
    await eventually(async () => (await call(h, "GET", "/api/v1/namespaces/gone")).code === 404);
    expect(await exists("/api/v1/namespaces/gone/pods/x")).toBe(false);
  });
});

describe("CRD lifecycle", () => {
  const crd = {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "widgets.example.com" },
    spec: {
      group: "example.com",
      scope: "Namespaced",
      names: { plural: "widgets", singular: "widget", kind: "Widget", shortNames: ["wd"] },
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
  it("serves a created CRD generically and removes its objects when it is deleted", async () => {
    expect((await call(h, "POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", crd)).code).toBe(201);
    const W = "/apis/example.com/v1/namespaces/default/widgets";
    expect(
      (await call(h, "POST", W, { apiVersion: "example.com/v1", kind: "Widget", metadata: { name: "w" }, size: 3 }))
        .code,
    ).toBe(201);
    expect((await call(h, "GET", "/apis/example.com/v1")).body.resources[0].shortNames).toEqual(["wd"]);
    await call(h, "DELETE", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com");
    await eventually(async () => (await call(h, "GET", W)).code === 404);
  });
});
