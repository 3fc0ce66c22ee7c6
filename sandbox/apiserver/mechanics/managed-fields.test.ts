import { describe, expect, it } from "vitest";
import { ApiError } from "../status";
import { recordUpdate, serverSideApply } from "./managed-fields";

const gr = { group: "apps.kruise.io", resource: "clonesets" };
const gk = { group: "apps.kruise.io", kind: "CloneSet" };
const AV = "apps.kruise.io/v1alpha1";
type Obj = {
  metadata: { managedFields?: Array<Record<string, unknown>>; [k: string]: unknown };
  spec?: Record<string, unknown>;
  [k: string]: unknown;
};

const base = (): Obj => ({
  apiVersion: AV,
  kind: "CloneSet",
  metadata: {
    name: "sample",
    namespace: "default",
    uid: "u",
    resourceVersion: "1",
    generation: 1,
    creationTimestamp: "t",
    labels: { app: "a" },
  },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: "a" } },
    template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "app", image: "x:1" }] } },
  },
  status: { replicas: 0 },
});
const upd = (manager: string, time = "2026-01-01T00:00:00Z") => ({ manager, apiVersion: AV, time });
const app = (manager: string, force = false, time = "2026-01-01T00:00:00Z") => ({
  manager,
  apiVersion: AV,
  time,
  force,
  gr,
  gk,
});
const entry = (o: object, manager: string, operation = "Update") =>
  (o as Obj).metadata.managedFields!.find((e) => e.manager === manager && e.operation === operation);

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("recordUpdate", () => {
  it("a create records every set field in kube's FieldsV1 format, without server-owned metadata or status", () => {
    const out = recordUpdate(undefined, base(), upd("kubectl-create")) as Obj;
    expect(out.metadata.managedFields).toEqual([
      {
        manager: "kubectl-create",
        operation: "Update",
        apiVersion: AV,
        time: "2026-01-01T00:00:00Z",
        fieldsType: "FieldsV1",
        fieldsV1: {
          "f:metadata": { "f:labels": { ".": {}, "f:app": {} } },
          "f:spec": {
            ".": {},
            "f:replicas": {},
            "f:selector": { ".": {}, "f:matchLabels": { ".": {}, "f:app": {} } },
            "f:template": {
              ".": {},
              "f:metadata": { ".": {}, "f:labels": { ".": {}, "f:app": {} } },
              "f:spec": { ".": {}, "f:containers": {} },
            },
          },
        },
      },
    ]);
  });
  it("an update takes ownership of the changed field away from the creator", () => {
    const created = recordUpdate(undefined, base(), upd("creator"));
    const next = structuredClone(created) as Obj;
    next.spec!.replicas = 5;
    const out = recordUpdate(created, next, upd("scaler", "2026-01-02T00:00:00Z"));
    expect(entry(out, "scaler")!.fieldsV1).toEqual({ "f:spec": { "f:replicas": {} } });
    expect(
      (entry(out, "creator")!.fieldsV1 as Record<string, Record<string, unknown>>)["f:spec"]["f:replicas"],
    ).toBeUndefined();
  });
  it("a no-op update by a new manager adds no entry", () => {
    const created = recordUpdate(undefined, base(), upd("creator"));
    const out = recordUpdate(created, structuredClone(created), upd("idle")) as Obj;
    expect(out.metadata.managedFields!.map((e) => e.manager)).toEqual(["creator"]);
  });
  it("status writes are recorded only for the status subresource, with subresource set", () => {
    const created = recordUpdate(undefined, base(), upd("creator"));
    const next = structuredClone(created) as Obj;
    (next.status as Record<string, unknown>).readyReplicas = 2;
    const out = recordUpdate(created, next, { ...upd("controller"), subresource: "status" });
    expect(entry(out, "controller")).toMatchObject({
      subresource: "status",
      fieldsV1: { "f:status": { "f:readyReplicas": {} } },
    });
  });
  it("built-in pods key containers by name and finalizers by value", () => {
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p", finalizers: ["x/y"] },
      spec: { containers: [{ name: "app", image: "i", ports: [{ containerPort: 80, protocol: "TCP" }] }] },
    };
    const out = recordUpdate(undefined, pod, { manager: "m", apiVersion: "v1", time: "t" });
    expect(entry(out, "m")!.fieldsV1).toEqual({
      "f:metadata": { "f:finalizers": { ".": {}, 'v:"x/y"': {} } },
      "f:spec": {
        "f:containers": {
          'k:{"name":"app"}': {
            ".": {},
            "f:image": {},
            "f:name": {},
            "f:ports": {
              ".": {},
              'k:{"containerPort":80,"protocol":"TCP"}': { ".": {}, "f:containerPort": {}, "f:protocol": {} },
            },
          },
        },
      },
    });
  });
});

describe("recordUpdate: where ownership starts from", () => {
  it("a write without managedFields, or with an empty list, keeps the live entries", () => {
    const created = recordUpdate(undefined, base(), upd("creator")) as Obj;
    for (const mf of [undefined, []]) {
      const next = structuredClone(created);
      next.spec!.replicas = 8;
      if (mf) next.metadata.managedFields = mf;
      else delete next.metadata.managedFields;
      const out = recordUpdate(created, next, upd("putter"));
      expect((out as Obj).metadata.managedFields!.map((e) => e.manager)).toEqual(["creator", "putter"]);
    }
  });
  it("a write carrying different, non-empty managedFields replaces them", () => {
    const created = recordUpdate(undefined, base(), upd("creator")) as Obj;
    const next = structuredClone(created);
    next.metadata.managedFields = [
      {
        manager: "someone",
        operation: "Update",
        apiVersion: AV,
        fieldsType: "FieldsV1",
        fieldsV1: { "f:spec": { "f:minReadySeconds": {} } },
      },
    ];
    const out = recordUpdate(created, next, upd("putter"));
    expect((out as Obj).metadata.managedFields!.map((e) => e.manager)).toEqual(["someone"]);
  });
});

describe("serverSideApply", () => {
  const cfg = (replicas: number) => ({
    apiVersion: AV,
    kind: "CloneSet",
    metadata: { name: "sample", namespace: "default" },
    spec: { replicas },
  });
  it("apply may create the object and records an Apply entry for exactly the applied fields", () => {
    const out = serverSideApply(undefined, cfg(2), app("deployer")) as Obj;
    expect(out.spec).toEqual({ replicas: 2 });
    expect(out.metadata.managedFields).toEqual([
      {
        manager: "deployer",
        operation: "Apply",
        apiVersion: AV,
        time: "2026-01-01T00:00:00Z",
        fieldsType: "FieldsV1",
        fieldsV1: { "f:spec": { ".": {}, "f:replicas": {} } },
      },
    ]);
  });
  it("apply by a second manager on an owned field conflicts with FieldManagerConflict", () => {
    const live = serverSideApply(undefined, cfg(2), app("alice"));
    const e = failure(() => serverSideApply(live, cfg(4), app("bob")));
    expect(e.status).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      code: 409,
      reason: "Conflict",
      message: 'Apply failed with 1 conflict: conflict with "alice": .spec.replicas',
      details: {
        causes: [{ reason: "FieldManagerConflict", message: 'conflict with "alice"', field: ".spec.replicas" }],
      },
    });
  });
  it("a conflict with an Update owner names its apiVersion", () => {
    const live = recordUpdate(undefined, base(), upd("kubectl-edit"));
    const e = failure(() => serverSideApply(live, cfg(9), app("bob")));
    expect(e.status.message).toBe(
      `Apply failed with 1 conflict: conflict with "kubectl-edit" using ${AV}: .spec.replicas`,
    );
  });
  it("several conflicts are listed per manager", () => {
    const live = recordUpdate(undefined, base(), upd("editor"));
    const c = cfg(9) as Obj;
    (c.metadata as Record<string, unknown>).labels = { app: "b" };
    const e = failure(() => serverSideApply(live, c, app("bob")));
    expect(e.status.message).toBe(
      `Apply failed with 2 conflicts: conflicts with "editor" using ${AV}:\n- .metadata.labels.app\n- .spec.replicas`,
    );
    expect(e.status.details!.causes).toHaveLength(2);
  });
  it("applying the same value as another owner shares ownership without conflict", () => {
    const live = serverSideApply(undefined, cfg(2), app("alice"));
    const out = serverSideApply(live, cfg(2), app("bob")) as Obj;
    expect(out.metadata.managedFields!.map((e) => e.manager).sort()).toEqual(["alice", "bob"]);
  });
  it("force takes ownership and removes the field from the other manager", () => {
    const live = serverSideApply(undefined, { ...cfg(2), spec: { replicas: 2, minReadySeconds: 1 } }, app("alice"));
    const out = serverSideApply(live, cfg(4), app("bob", true)) as Obj;
    expect(out.spec!.replicas).toBe(4);
    expect(entry(out, "alice", "Apply")!.fieldsV1).toEqual({ "f:spec": { ".": {}, "f:minReadySeconds": {} } });
    expect(entry(out, "bob", "Apply")!.fieldsV1).toEqual({ "f:spec": { ".": {}, "f:replicas": {} } });
  });
  it("fields this manager applied before and omits now are removed", () => {
    const live = serverSideApply(undefined, { ...cfg(2), spec: { replicas: 2, minReadySeconds: 5 } }, app("alice"));
    const out = serverSideApply(live, cfg(2), app("alice")) as Obj;
    expect(out.spec).toEqual({ replicas: 2 });
  });
  it("an omitted field that another manager also owns is kept", () => {
    let live = serverSideApply(undefined, { ...cfg(2), spec: { replicas: 2, minReadySeconds: 5 } }, app("alice"));
    live = serverSideApply(live, { ...cfg(2), spec: { minReadySeconds: 5 } }, app("bob"));
    const out = serverSideApply(live, cfg(2), app("alice")) as Obj;
    expect(out.spec).toEqual({ replicas: 2, minReadySeconds: 5 });
  });
  it("lists in custom resources are atomic", () => {
    const live = serverSideApply(
      undefined,
      { ...cfg(1), spec: { scaleStrategy: { podsToDelete: ["a", "b"] } } },
      app("alice"),
    );
    const out = serverSideApply(
      live,
      { ...cfg(1), spec: { scaleStrategy: { podsToDelete: ["c"] } } },
      app("alice"),
    ) as Obj;
    expect(out.spec).toEqual({ scaleStrategy: { podsToDelete: ["c"] } });
  });
  it("keyed lists of built-ins merge by key across appliers", () => {
    const pod = (c: object[]) => ({ apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { containers: c } });
    const m = (manager: string) => ({
      manager,
      apiVersion: "v1",
      time: "t",
      force: false,
      gr: { group: "", resource: "pods" },
      gk: { group: "", kind: "Pod" },
    });
    const live = serverSideApply(undefined, pod([{ name: "app", image: "a" }]), m("one"));
    const out = serverSideApply(live, pod([{ name: "side", image: "s" }]), m("two")) as Obj;
    expect((out.spec!.containers as Array<{ name: string }>).map((c) => c.name)).toEqual(["app", "side"]);
  });
  it("built-in apply sets own leaves and list items, not maps, and default port protocol in keys", () => {
    const m = {
      manager: "applier",
      apiVersion: "v1",
      time: "t",
      force: false,
      gr: { group: "", resource: "pods" },
      gk: { group: "", kind: "Pod" },
    };
    const out = serverSideApply(
      undefined,
      {
        apiVersion: "v1",
        kind: "Pod",
        metadata: { name: "ap", labels: { a: "b" } },
        spec: { containers: [{ name: "app", image: "i", ports: [{ containerPort: 80 }] }] },
      },
      m,
    );
    expect(entry(out, "applier", "Apply")!.fieldsV1).toEqual({
      "f:metadata": { "f:labels": { "f:a": {} } },
      "f:spec": {
        "f:containers": {
          'k:{"name":"app"}': {
            ".": {},
            "f:image": {},
            "f:name": {},
            "f:ports": { 'k:{"containerPort":80,"protocol":"TCP"}': { ".": {}, "f:containerPort": {} } },
          },
        },
      },
    });
  });
  it("a keyed-list conflict names the item by key", () => {
    const m = (manager: string) => ({
      manager,
      apiVersion: "v1",
      time: "t",
      force: false,
      gr: { group: "", resource: "pods" },
      gk: { group: "", kind: "Pod" },
    });
    const pod = (image: string) => ({
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p" },
      spec: { containers: [{ name: "app", image }] },
    });
    const live = serverSideApply(undefined, pod("a"), m("applier"));
    expect(failure(() => serverSideApply(live, pod("b"), m("other"))).status.message).toBe(
      'Apply failed with 1 conflict: conflict with "applier": .spec.containers[name="app"].image',
    );
  });
  it.each([
    [
      "managedFields in the body",
      { ...cfg(1), metadata: { name: "sample", managedFields: [] } },
      "metadata.managedFields must be nil",
    ],
    ["a missing kind", { apiVersion: AV, metadata: { name: "sample" } }, undefined],
    ["a missing apiVersion", { kind: "CloneSet", metadata: { name: "sample" } }, undefined],
    ["a missing name", { apiVersion: AV, kind: "CloneSet", metadata: {} }, undefined],
  ])("%s is 400", (_n, body, msg) => {
    const e = failure(() => serverSideApply(undefined, body, app("x")));
    expect(e.code).toBe(400);
    if (msg) expect(e.status.message).toBe(msg);
  });
});
