import { describe, expect, it } from "vitest";
import { buildEditSave } from "./edit-save";
import { sampleCloneSet, bigCloneSet } from "./fixtures/cloneset";
import { applyJsonPatch, type JsonPatchOp } from "./json-patch";
import type { JsonObject } from "./json";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function edit(o: JsonObject, f: (o: Obj) => void): JsonObject {
  const c = structuredClone(o);
  f(c);
  return c;
}
const container = (o: Obj, name: string) => o.spec.template.spec.containers.find((c: Obj) => c.name === name);
const churnStatus = (o: Obj) => {
  o.metadata.resourceVersion = String(Number(o.metadata.resourceVersion) + 7);
  o.status.updatedReplicas += 1;
  o.status.readyReplicas -= 1;
  o.metadata.managedFields.push({ manager: "kruise-manager", operation: "Update", subresource: "status" });
};

function saved(base: JsonObject, mine: JsonObject, latest: JsonObject): Obj {
  const r = buildEditSave(base, mine, latest);
  if (r.kind !== "patch") throw new Error(`expected a patch, got ${r.kind}: ${JSON.stringify(r)}`);
  expect(r.request.contentType).toBe("application/json-patch+json");
  return applyJsonPatch(latest, JSON.parse(r.request.body) as JsonPatchOp[]);
}

describe("buildEditSave: the editor's save scenarios", () => {
  it("image change while status churns: no conflict, status untouched and untested", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      container(o, "app").image = "nginx:1.27";
    });
    const latest = edit(base, churnStatus);
    const r = buildEditSave(base, mine, latest);
    expect(r.kind).toBe("patch");
    if (r.kind !== "patch") return;
    expect(r.request.body).not.toMatch(/status|resourceVersion|managedFields/);
    const after = applyJsonPatch(latest, JSON.parse(r.request.body));
    expect(container(after, "app").image).toBe("nginx:1.27");
    expect(after.status).toEqual(latest.status);
  });

  it("my image change + their replicas change: the patch keeps their replicas", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      container(o, "app").image = "nginx:1.27";
    });
    const latest = edit(base, (o) => {
      o.spec.replicas = 9;
      churnStatus(o);
    });
    const after = saved(base, mine, latest);
    expect(after.spec.replicas).toBe(9);
    expect(container(after, "app").image).toBe("nginx:1.27");
  });

  it("my app image + their sidecar env change: both survive", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      container(o, "app").image = "nginx:1.27";
    });
    const latest = edit(base, (o) => {
      container(o, "sidecar").env.push({ name: "DEBUG", value: "1" });
    });
    const after = saved(base, mine, latest);
    expect(container(after, "app").image).toBe("nginx:1.27");
    expect(container(after, "sidecar").env).toEqual([
      { name: "LEVEL", value: "info" },
      { name: "DEBUG", value: "1" },
    ]);
  });

  it("both survive even when they also reordered the containers", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      container(o, "app").image = "nginx:1.27";
    });
    const latest = edit(base, (o) => {
      o.spec.template.spec.containers.reverse();
      container(o, "sidecar").image = "busybox:1.37";
    });
    const after = saved(base, mine, latest);
    expect(after.spec.template.spec.containers.map((c: Obj) => `${c.name}=${c.image}`)).toEqual([
      "sidecar=busybox:1.37",
      "app=nginx:1.27",
    ]);
  });

  it("both change replicas differently: a conflict with base, mine and theirs, nothing to send", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.replicas = 7;
    });
    const latest = edit(base, (o) => {
      o.spec.replicas = 2;
    });
    const r = buildEditSave(base, mine, latest);
    expect(r).toMatchObject({ kind: "conflict", conflicts: [{ field: "spec.replicas", base: 5, mine: 7, theirs: 2 }] });
  });

  it("a chosen side of a conflict lands and the final request is guarded by their value", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.replicas = 7;
    });
    const latest = edit(base, (o) => {
      o.spec.replicas = 2;
    });
    const r = buildEditSave(base, mine, latest, { choices: { "spec.replicas": "mine" } });
    expect(r.kind).toBe("patch");
    if (r.kind !== "patch") return;
    expect(JSON.parse(r.request.body)).toEqual([
      { op: "test", path: "/spec/replicas", value: 2 },
      { op: "replace", path: "/spec/replicas", value: 7 },
    ]);
  });

  it("both change replicas to the same value: no conflict and nothing left to send", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.replicas = 7;
    });
    const latest = edit(base, (o) => {
      o.spec.replicas = 7;
      churnStatus(o);
    });
    expect(buildEditSave(base, mine, latest)).toEqual({ kind: "no-changes" });
  });

  it("they deleted a container I edited: conflict on that container", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      container(o, "sidecar").image = "busybox:1.37";
    });
    const latest = edit(base, (o) => {
      o.spec.template.spec.containers.splice(1, 1);
    });
    const r = buildEditSave(base, mine, latest);
    expect(r.kind).toBe("conflict");
    if (r.kind !== "conflict") return;
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0].field).toBe("spec.template.spec.containers[name=sidecar]");
    expect(r.conflicts[0].theirs).toBeUndefined();
    expect((r.conflicts[0].mine as Obj).image).toBe("busybox:1.37");
  });

  it("a field that changes again after the patch was computed makes the patch fail instead of clobbering", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      container(o, "app").image = "nginx:1.27";
    });
    const r = buildEditSave(base, mine, base);
    if (r.kind !== "patch") throw new Error(r.kind);
    const raced = edit(base, (o) => {
      container(o, "app").image = "nginx:9";
    });
    expect(() => applyJsonPatch(raced, JSON.parse(r.request.body))).toThrow(/test|testing value/);
    const reordered = edit(base, (o) => {
      o.spec.template.spec.containers.reverse();
    });
    expect(() => applyJsonPatch(reordered, JSON.parse(r.request.body))).toThrow(/testing value/);
  });

  it("an added label is guarded by a test that the key is still absent", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.metadata.labels.tier = "web";
    });
    const r = buildEditSave(base, mine, base);
    if (r.kind !== "patch") throw new Error(r.kind);
    expect(JSON.parse(r.request.body)).toEqual([
      { op: "test", path: "/metadata/labels/tier", value: null },
      { op: "add", path: "/metadata/labels/tier", value: "web" },
    ]);
  });

  it("an edit without status (editor hid it) never removes status", () => {
    const base = sampleCloneSet();
    delete (base as Obj).status;
    const mine = edit(base, (o) => {
      o.spec.replicas = 6;
    });
    const latest = edit(sampleCloneSet(), churnStatus);
    const after = saved(base, mine, latest);
    expect(after.spec.replicas).toBe(6);
    expect(after.status).toEqual(latest.status);
  });

  it("a Pod (built-in): my app image + their sidecar image both survive", () => {
    const base: JsonObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p", resourceVersion: "1" },
      spec: {
        containers: [
          { name: "app", image: "a:1" },
          { name: "sidecar", image: "s:1" },
        ],
      },
      status: { phase: "Running" },
    };
    const mine = edit(base, (o) => {
      o.spec.containers[0].image = "a:2";
    });
    const latest = edit(base, (o) => {
      o.spec.containers[1].image = "s:2";
      o.status.phase = "Pending";
      o.metadata.resourceVersion = "5";
    });
    const after = saved(base, mine, latest);
    expect(after.spec.containers.map((c: Obj) => c.image)).toEqual(["a:2", "s:2"]);
    expect(after.status.phase).toBe("Pending");
  });

  it("a 1 MB object: one image change yields a small guarded patch", () => {
    const base = bigCloneSet();
    expect(JSON.stringify(base).length).toBeGreaterThan(1_000_000);
    const mine = edit(base, (o) => {
      o.spec.template.spec.containers[100].image = "new:2";
    });
    const latest = edit(base, (o) => {
      o.spec.template.spec.containers[3].env[5].value = "theirs";
      churnStatus(o);
    });
    const r = buildEditSave(base, mine, latest);
    if (r.kind !== "patch") throw new Error(r.kind);
    expect(JSON.parse(r.request.body)).toEqual([
      { op: "test", path: "/spec/template/spec/containers/100/name", value: "c100" },
      { op: "test", path: "/spec/template/spec/containers/100/image", value: "registry.example/app-100:1.0.100" },
      { op: "replace", path: "/spec/template/spec/containers/100/image", value: "new:2" },
    ]);
  });
});
