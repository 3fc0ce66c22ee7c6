import { describe, expect, it } from "vitest";
import { ApiError } from "../status";
import { applyPatch, patchTypeOf } from "./patch";

const cr = {
  gr: { group: "apps.kruise.io", resource: "clonesets" },
  gk: { group: "apps.kruise.io", kind: "CloneSet" },
  name: "sample",
  builtin: false,
};
const pod = { gr: { group: "", resource: "pods" }, gk: { group: "", kind: "Pod" }, name: "p", builtin: true };
const cs = {
  apiVersion: "apps.kruise.io/v1alpha1",
  kind: "CloneSet",
  metadata: { name: "sample", labels: { a: "1" } },
  spec: { replicas: 3, list: [1, 2, 3] },
};

function failure(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error("expected an ApiError");
}

describe("patchTypeOf", () => {
  it.each([
    ["application/json-patch+json", "json"],
    ["application/merge-patch+json; charset=utf-8", "merge"],
    ["application/strategic-merge-patch+json", "strategic"],
    ["application/apply-patch+yaml", "apply"],
    ["application/json", null],
    ["text/plain", null],
  ])("content type %s is patch type %s", (ct, t) => expect(patchTypeOf(ct)).toBe(t));
});

describe("JSON patch (RFC 6902)", () => {
  it("replace, add, remove, move, copy and test apply in order", () => {
    const ops = [
      { op: "test", path: "/spec/replicas", value: 3 },
      { op: "replace", path: "/spec/replicas", value: 5 },
      { op: "add", path: "/spec/list/-", value: 4 },
      { op: "add", path: "/spec/list/0", value: 0 },
      { op: "remove", path: "/metadata/labels/a" },
      { op: "copy", from: "/spec/replicas", path: "/spec/copied" },
      { op: "move", from: "/spec/copied", path: "/spec/moved" },
    ];
    const out = applyPatch(cs, JSON.stringify(ops), "json", cr) as typeof cs & { spec: { moved: number } };
    expect(out.spec).toEqual({ replicas: 5, list: [0, 1, 2, 3, 4], moved: 5 });
    expect(out.metadata.labels).toEqual({});
    expect(cs.spec.replicas).toBe(3);
  });
  it("pointer escapes ~1 and ~0 address keys containing / and ~", () => {
    const obj = { metadata: { annotations: { "a/b": "x", "c~d": "y" } } };
    const out = applyPatch(
      obj,
      JSON.stringify([
        { op: "replace", path: "/metadata/annotations/a~1b", value: "X" },
        { op: "remove", path: "/metadata/annotations/c~0d" },
      ]),
      "json",
      cr,
    );
    expect(out).toEqual({ metadata: { annotations: { "a/b": "X" } } });
  });
  it("a failing test op is 422 Invalid with kube's generic message and empty details", () => {
    const e = failure(() =>
      applyPatch(cs, JSON.stringify([{ op: "test", path: "/spec/replicas", value: 9 }]), "json", cr),
    );
    expect(e.status).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: "the server rejected our request due to an error in our request",
      reason: "Invalid",
      details: {},
      code: 422,
    });
  });
  it.each([
    ["replace of a missing path", [{ op: "replace", path: "/spec/nope", value: 1 }]],
    ["remove of a missing path", [{ op: "remove", path: "/spec/nope" }]],
    ["add under a missing parent", [{ op: "add", path: "/nope/deeper", value: 1 }]],
    ["index out of bounds", [{ op: "add", path: "/spec/list/7", value: 1 }]],
    ["unknown op", [{ op: "frobnicate", path: "/spec" }]],
  ])("%s is 422", (_n, ops) => {
    expect(failure(() => applyPatch(cs, JSON.stringify(ops), "json", cr)).code).toBe(422);
  });
  it("a failing op leaves nothing half-applied", () => {
    const before = JSON.stringify(cs);
    failure(() =>
      applyPatch(
        cs,
        JSON.stringify([
          { op: "replace", path: "/spec/replicas", value: 1 },
          { op: "remove", path: "/x" },
        ]),
        "json",
        cr,
      ),
    );
    expect(JSON.stringify(cs)).toBe(before);
  });
  it("malformed JSON is 400 BadRequest with Go's decoder text", () => {
    const e = failure(() => applyPatch(cs, "[{op:", "json", cr));
    expect(e.status.code).toBe(400);
    expect(e.status.reason).toBe("BadRequest");
    expect(e.status.message).toBe("invalid character 'o' looking for beginning of object key string");
    expect(failure(() => applyPatch(cs, "[1, }", "json", cr)).status.message).toBe(
      "invalid character '}' looking for beginning of value",
    );
    expect(failure(() => applyPatch(cs, "[1 2]", "json", cr)).status.message).toBe(
      "invalid character '2' after array element",
    );
    expect(failure(() => applyPatch(cs, '[{"a":1,}]', "json", cr)).status.message).toBe(
      "invalid character '}' looking for beginning of object key string",
    );
    expect(failure(() => applyPatch(cs, "", "json", cr)).status.message).toBe("unexpected end of JSON input");
  });
  it("an object instead of an op list is 400", () => {
    expect(failure(() => applyPatch(cs, "{}", "json", cr)).status.message).toBe(
      "json: cannot unmarshal object into Go value of type jsonpatch.Patch",
    );
  });
  it("more than 10000 operations is 413", () => {
    const ops = Array.from({ length: 10001 }, () => ({ op: "test", path: "/spec/replicas", value: 3 }));
    const e = failure(() => applyPatch(cs, JSON.stringify(ops), "json", cr));
    expect(e.status.code).toBe(413);
    expect(e.status.reason).toBe("RequestEntityTooLarge");
    expect(e.status.message).toBe(
      "Request entity too large: The allowed maximum operations in a JSON patch is 10000, got 10001",
    );
  });
});

describe("JSON merge patch (RFC 7386)", () => {
  it("merge patch null deletes a key", () => {
    const out = applyPatch(cs, JSON.stringify({ metadata: { labels: { a: null, b: "2" } } }), "merge", cr) as typeof cs;
    expect(out.metadata.labels).toEqual({ b: "2" });
  });
  it("merge patch replaces arrays whole", () => {
    const out = applyPatch(cs, JSON.stringify({ spec: { list: [9] } }), "merge", cr) as typeof cs;
    expect(out.spec).toEqual({ replicas: 3, list: [9] });
  });
  it("merge patch carries metadata.resourceVersion into the patched object (the store's precondition)", () => {
    const out = applyPatch(
      { ...cs, metadata: { ...cs.metadata, resourceVersion: "5" } },
      JSON.stringify({ metadata: { resourceVersion: "4" } }),
      "merge",
      cr,
    ) as { metadata: { resourceVersion: string } };
    expect(out.metadata.resourceVersion).toBe("4");
  });
  it.each([["[]"], ["5"], ["null"], ["{bad"]])("merge patch body %s is 400 Invalid JSON Patch", (body) => {
    const e = failure(() => applyPatch(cs, body, "merge", cr));
    expect(e.status).toMatchObject({ code: 400, reason: "BadRequest", message: "Invalid JSON Patch" });
  });
});

describe("strategic merge patch", () => {
  it("is refused for custom resources with 415 and the accepted types", () => {
    const e = failure(() => applyPatch(cs, "{}", "strategic", cr));
    expect(e.status).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      code: 415,
      reason: "UnsupportedMediaType",
      message:
        "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
    });
  });
  const p = {
    metadata: { name: "p", finalizers: ["a"], ownerReferences: [{ uid: "u1", name: "o" }] },
    spec: {
      containers: [
        {
          name: "app",
          image: "app:1",
          env: [
            { name: "A", value: "1" },
            { name: "B", value: "2" },
          ],
          ports: [{ containerPort: 80 }],
        },
        { name: "sidecar", image: "side:1" },
      ],
      tolerations: [{ key: "a" }],
      volumes: [{ name: "v1", emptyDir: {} }],
    },
    status: {
      conditions: [
        { type: "Ready", status: "False" },
        { type: "PodScheduled", status: "True" },
      ],
    },
  };
  const smp = (patch: unknown) => applyPatch(p, JSON.stringify(patch), "strategic", pod) as typeof p;
  it("strategic merge keeps sidecar when patching app container by name", () => {
    const out = smp({ spec: { containers: [{ name: "app", image: "app:2" }] } });
    expect(out.spec.containers.map((c) => [c.name, c.image])).toEqual([
      ["app", "app:2"],
      ["sidecar", "side:1"],
    ]);
    expect(out.spec.containers[0].env).toHaveLength(2);
  });
  it("env merges by name and ports by containerPort", () => {
    const out = smp({
      spec: {
        containers: [
          {
            name: "app",
            env: [
              { name: "B", value: "3" },
              { name: "C", value: "4" },
            ],
            ports: [{ containerPort: 8080 }],
          },
        ],
      },
    });
    expect(out.spec.containers[0].env).toEqual([
      { name: "A", value: "1" },
      { name: "B", value: "3" },
      { name: "C", value: "4" },
    ]);
    // strategicpatch mergeSortedSlice: items the server does not know yet come before server-only ones
    expect(out.spec.containers[0].ports).toEqual([{ containerPort: 8080 }, { containerPort: 80 }]);
  });
  it("conditions merge by type", () => {
    const out = smp({ status: { conditions: [{ type: "Ready", status: "True" }] } });
    expect(out.status.conditions).toEqual([
      { type: "Ready", status: "True" },
      { type: "PodScheduled", status: "True" },
    ]);
  });
  it("$patch: delete removes one list element by merge key", () => {
    const out = smp({ spec: { containers: [{ name: "sidecar", $patch: "delete" }] } });
    expect(out.spec.containers.map((c) => c.name)).toEqual(["app"]);
  });
  it("$patch: replace on a list replaces it whole", () => {
    const out = smp({ spec: { volumes: [{ name: "v2", configMap: { name: "c" } }, { $patch: "replace" }] } });
    expect(out.spec.volumes).toEqual([{ name: "v2", configMap: { name: "c" } }]);
  });
  it("$patch: replace on a map replaces the map", () => {
    const out = smp({ metadata: { $patch: "replace", name: "p" } });
    expect(out.metadata).toEqual({ name: "p" });
  });
  it("finalizers merge as a set and $deleteFromPrimitiveList removes from it", () => {
    expect(smp({ metadata: { finalizers: ["a", "b"] } }).metadata.finalizers).toEqual(["a", "b"]);
    expect(smp({ metadata: { finalizers: ["b"] } }).metadata.finalizers).toEqual(["b", "a"]);
    expect(smp({ metadata: { "$deleteFromPrimitiveList/finalizers": ["a"] } }).metadata.finalizers).toEqual([]);
  });
  it("lists without a patch strategy (tolerations) are replaced whole", () => {
    expect(smp({ spec: { tolerations: [{ key: "b" }] } }).spec.tolerations).toEqual([{ key: "b" }]);
  });
  it("$setElementOrder orders the merged list", () => {
    const out = smp({
      spec: {
        "$setElementOrder/containers": [{ name: "sidecar" }, { name: "app" }],
        containers: [{ name: "app", image: "app:3" }],
      },
    });
    expect(out.spec.containers.map((c) => c.name)).toEqual(["sidecar", "app"]);
  });
  it("$setElementOrder on conditions places listed items in order, server order otherwise (as observed on 1.20)", () => {
    const out = smp({
      status: {
        "$setElementOrder/conditions": [{ type: "PodScheduled" }, { type: "Ready" }],
        conditions: [{ type: "Ready", status: "True" }],
      },
    });
    expect(out.status.conditions.map((c) => c.type)).toEqual(["PodScheduled", "Ready"]);
  });
  it("items a patch lists take the patch's order (as observed on 1.20)", () => {
    const out = smp({
      status: {
        conditions: [
          { type: "PodScheduled", status: "False" },
          { type: "Ready", status: "True" },
        ],
      },
    });
    expect(out.status.conditions.map((c) => c.type)).toEqual(["PodScheduled", "Ready"]);
  });
  it("$retainKeys drops keys not listed", () => {
    const out = smp({
      spec: { volumes: [{ name: "v1", $retainKeys: ["name", "hostPath"], hostPath: { path: "/x" } }] },
    });
    expect(out.spec.volumes).toEqual([{ name: "v1", hostPath: { path: "/x" } }]);
  });
  it("ownerReferences merge by uid", () => {
    const out = smp({ metadata: { ownerReferences: [{ uid: "u2", name: "o2" }] } });
    expect(out.metadata.ownerReferences.map((o) => o.uid)).toEqual(["u2", "u1"]);
  });
  it("an element without its merge key is a bare 500 as kube-apiserver answers it", () => {
    expect(failure(() => smp({ spec: { containers: [{ image: "x" }] } })).status).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      code: 500,
      message: "map: map[image:x] does not contain declared merge key: name",
    });
  });
  it("a non-object body is 400", () => {
    expect(failure(() => applyPatch(p, "[]", "strategic", pod)).code).toBe(400);
  });
});
