import { describe, expect, it } from "vitest";
import { isBuiltinKind, patchPreviews } from "./alternatives";
import { buildApplyBody } from "./apply";
import { sampleCloneSet } from "./fixtures/cloneset";
import type { JsonObject } from "./json";
import { applyJsonPatch, createJsonPatch } from "./json-patch";
import { applyMergePatch, createMergePatch } from "./merge-patch";
import { createStrategicMergePatch } from "./strategic";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const edit = (o: JsonObject, f: (o: Obj) => void): JsonObject => {
  const c = structuredClone(o);
  f(c);
  return c;
};
const pod = (): JsonObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "default", finalizers: ["a", "b"] },
  spec: {
    containers: [
      { name: "app", image: "nginx:1", env: [{ name: "A", value: "1" }], ports: [{ containerPort: 80 }] },
      { name: "sidecar", image: "busybox:1" },
    ],
  },
});

describe("createMergePatch (kubectl edit for custom resources)", () => {
  it("sends only the changed field, nested", () => {
    const a = sampleCloneSet();
    expect(
      createMergePatch(
        a,
        edit(a, (o) => {
          o.spec.replicas = 8;
        }),
      ),
    ).toEqual({ spec: { replicas: 8 } });
  });
  it("sends null for a removed key", () => {
    const a = sampleCloneSet();
    expect(
      createMergePatch(
        a,
        edit(a, (o) => {
          delete o.metadata.annotations["team.example/owner"];
        }),
      ),
    ).toEqual({ metadata: { annotations: { "team.example/owner": null } } });
  });
  it("sends a changed list whole (containers included), and applying it yields the edit", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      o.spec.template.spec.containers[0].image = "nginx:2";
    });
    const p = createMergePatch(a, b) as Obj;
    expect(p.spec.template.spec.containers).toHaveLength(2);
    expect(applyMergePatch(a, p)).toEqual(b);
  });
  it("is empty for no change", () => {
    expect(createMergePatch(sampleCloneSet(), sampleCloneSet())).toEqual({});
  });
});

describe("createStrategicMergePatch (kubectl edit for built-ins)", () => {
  it("changes one container by name with $setElementOrder", () => {
    const a = pod();
    expect(
      createStrategicMergePatch(
        a,
        edit(a, (o) => {
          o.spec.containers[1].image = "busybox:2";
        }),
      ),
    ).toEqual({
      spec: {
        "$setElementOrder/containers": [{ name: "app" }, { name: "sidecar" }],
        containers: [{ image: "busybox:2", name: "sidecar" }],
      },
    });
  });
  it("deletes a container with $patch: delete", () => {
    const a = pod();
    expect(
      createStrategicMergePatch(
        a,
        edit(a, (o) => {
          o.spec.containers.pop();
        }),
      ),
    ).toEqual({
      spec: { "$setElementOrder/containers": [{ name: "app" }], containers: [{ $patch: "delete", name: "sidecar" }] },
    });
  });
  it("merges env by name and ports by containerPort inside a container", () => {
    const a = pod();
    const p = createStrategicMergePatch(
      a,
      edit(a, (o) => {
        o.spec.containers[0].env.push({ name: "B", value: "2" });
        o.spec.containers[0].ports[0].name = "http";
      }),
    ) as Obj;
    expect(p.spec.containers).toEqual([
      {
        name: "app",
        "$setElementOrder/env": [{ name: "A" }, { name: "B" }],
        env: [{ name: "B", value: "2" }],
        "$setElementOrder/ports": [{ containerPort: 80 }],
        ports: [{ containerPort: 80, name: "http" }],
      },
    ]);
  });
  it("removes a finalizer with $deleteFromPrimitiveList", () => {
    const a = pod();
    expect(
      createStrategicMergePatch(
        a,
        edit(a, (o) => {
          o.metadata.finalizers = ["b"];
        }),
      ),
    ).toEqual({
      metadata: { "$deleteFromPrimitiveList/finalizers": ["a"], "$setElementOrder/finalizers": ["b"] },
    });
  });
  it("replaces an atomic list (args) whole", () => {
    const a = sampleCloneSet();
    const p = createStrategicMergePatch(
      a,
      edit(a, (o) => {
        o.spec.template.spec.containers[1].args = ["sleep", "1"];
      }),
    ) as Obj;
    expect(p.spec.template.spec.containers).toEqual([{ name: "sidecar", args: ["sleep", "1"] }]);
  });
});

describe("createJsonPatch", () => {
  it("without tests: plain RFC 6902 ops that turn the original into the edit", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      o.spec.replicas = 1;
      o.spec.template.spec.containers[0].env.pop();
      o.metadata.labels["x/y~z"] = "1";
    });
    const ops = createJsonPatch(a, b, { tests: false });
    expect(ops.every((o) => o.op !== "test")).toBe(true);
    expect(ops).toContainEqual({ op: "add", path: "/metadata/labels/x~1y~0z", value: "1" });
    expect(applyJsonPatch(a, ops)).toEqual(b);
  });
  it("a changed env list is tested and replaced whole, behind a test of its container's name", () => {
    const a = sampleCloneSet();
    const b = edit(a, (o) => {
      o.spec.template.spec.containers[1].env.push({ name: "X", value: "1" });
    });
    expect(createJsonPatch(a, b)).toEqual([
      { op: "test", path: "/spec/template/spec/containers/1/name", value: "sidecar" },
      { op: "test", path: "/spec/template/spec/containers/1/env", value: [{ name: "LEVEL", value: "info" }] },
      {
        op: "replace",
        path: "/spec/template/spec/containers/1/env",
        value: [
          { name: "LEVEL", value: "info" },
          { name: "X", value: "1" },
        ],
      },
    ]);
  });
});

describe("buildApplyBody (server-side apply)", () => {
  it("custom resource: identity plus the whole changed list", () => {
    const a = sampleCloneSet();
    const { body, dropped } = buildApplyBody(
      a,
      edit(a, (o) => {
        o.spec.template.spec.containers[0].image = "nginx:2";
        o.status.replicas = 0;
      }),
    );
    expect(body).toEqual({
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      metadata: { name: "sample", namespace: "default" },
      spec: {
        template: {
          spec: {
            containers: (
              edit(a, (o) => {
                o.spec.template.spec.containers[0].image = "nginx:2";
              }) as Obj
            ).spec.template.spec.containers,
          },
        },
      },
    });
    expect(dropped).toEqual([]);
  });
  it("built-in: only the changed element with its key; removals reported", () => {
    const a = pod();
    const { body, dropped } = buildApplyBody(
      a,
      edit(a, (o) => {
        o.spec.containers[0].image = "nginx:2";
        o.spec.containers.pop();
      }),
      { keyedLists: true },
    );
    expect(body.spec).toEqual({ containers: [{ name: "app", image: "nginx:2" }] });
    expect(dropped).toEqual(["spec.containers[name=sidecar]"]);
  });
});

describe("patchPreviews", () => {
  it("a CloneSet previews a merge patch as kubectl edit would, with JSON patch and apply as alternatives", () => {
    const a = sampleCloneSet();
    const p = patchPreviews(
      a,
      edit(a, (o) => {
        o.spec.replicas = 2;
      }),
      { builtin: isBuiltinKind(a) },
    );
    expect(p.kubectlEdit).toMatchObject({
      method: "PATCH",
      contentType: "application/merge-patch+json",
      body: '{"spec":{"replicas":2}}',
    });
    expect(p.alternatives.map((r) => r.contentType)).toEqual([
      "application/json-patch+json",
      "application/apply-patch+yaml",
    ]);
    expect(p.alternatives.every((r) => r.note.length > 20)).toBe(true);
  });
  it("a Pod previews strategic merge", () => {
    const a = pod();
    expect(isBuiltinKind(a)).toBe(true);
    expect(
      patchPreviews(
        a,
        edit(a, (o) => {
          o.spec.containers[0].image = "x";
        }),
        { builtin: true },
      ).kubectlEdit.contentType,
    ).toBe("application/strategic-merge-patch+json");
  });
});
