import { describe, expect, it } from "vitest";
import { sampleCloneSet } from "./fixtures/cloneset";
import type { JsonObject } from "./json";
import { resolveConflicts, threeWayMerge } from "./three-way";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const edit = (o: JsonObject, f: (o: Obj) => void): JsonObject => {
  const c = structuredClone(o);
  f(c);
  return c;
};
const names = (o: Obj) => o.spec.template.spec.containers.map((c: Obj) => c.name);

describe("threeWayMerge", () => {
  it("server-owned fields always come from theirs, even if mine edited them", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.status.replicas = 100;
      o.metadata.resourceVersion = "1";
      o.metadata.generation = 1;
    });
    const theirs = edit(base, (o) => {
      o.status.replicas = 4;
      o.metadata.resourceVersion = "2000";
    });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.merged).toEqual(theirs);
  });

  it("a container added by me and one added by them both appear, mine after its predecessor", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.template.spec.containers.splice(1, 0, { name: "mine", image: "m" });
    });
    const theirs = edit(base, (o) => {
      o.spec.template.spec.containers.push({ name: "theirs", image: "t" });
    });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect(names(r.merged)).toEqual(["app", "mine", "sidecar", "theirs"]);
  });

  it("both add the same env var with different values: conflict on that element", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.template.spec.containers[0].env.push({ name: "X", value: "1" });
    });
    const theirs = edit(base, (o) => {
      o.spec.template.spec.containers[0].env.push({ name: "X", value: "2" });
    });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.conflicts.map((c) => [c.field, c.base, c.mine, c.theirs])).toEqual([
      ["spec.template.spec.containers[name=app].env[name=X].value", undefined, "1", "2"],
    ]);
  });

  it("a port merges by containerPort inside a container", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.template.spec.containers[0].ports[0].name = "web";
    });
    const theirs = edit(base, (o) => {
      o.spec.template.spec.containers[0].ports.push({ containerPort: 9090 });
    });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect((r.merged as Obj).spec.template.spec.containers[0].ports).toEqual([
      { containerPort: 80, name: "web" },
      { containerPort: 9090 },
    ]);
  });

  it("an atomic list (args) changed on both sides is one conflict, not a mix", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.template.spec.containers[1].args = ["sleep", "1"];
    });
    const theirs = edit(base, (o) => {
      o.spec.template.spec.containers[1].args = ["sh", "infinity"];
    });
    const r = threeWayMerge(base, mine, theirs);
    expect(r.conflicts.map((c) => c.field)).toEqual(["spec.template.spec.containers[name=sidecar].args"]);
  });

  it("I removed a label they did not touch: removed; they removed one I did not touch: removed", () => {
    const base = edit(sampleCloneSet(), (o) => {
      o.metadata.labels.a = "1";
      o.metadata.labels.b = "2";
    });
    const mine = edit(base, (o) => {
      delete o.metadata.labels.a;
    });
    const theirs = edit(base, (o) => {
      delete o.metadata.labels.b;
    });
    expect((threeWayMerge(base, mine, theirs).merged as Obj).metadata.labels).toEqual({ app: "sample" });
  });

  it("extra ignore option keeps a field on theirs without conflict", () => {
    const base = sampleCloneSet();
    const mine = edit(base, (o) => {
      o.spec.replicas = 1;
    });
    const theirs = edit(base, (o) => {
      o.spec.replicas = 2;
    });
    const r = threeWayMerge(base, mine, theirs, { ignore: (p) => p.join(".") === "spec.replicas" });
    expect(r.conflicts).toEqual([]);
    expect((r.merged as Obj).spec.replicas).toBe(2);
  });
});

describe("resolveConflicts", () => {
  const base = sampleCloneSet();
  const mine = edit(base, (o) => {
    o.spec.replicas = 7;
    o.spec.template.spec.containers[1].image = "busybox:2";
  });
  const theirs = edit(base, (o) => {
    o.spec.replicas = 2;
    o.spec.template.spec.containers.pop();
  });
  const result = threeWayMerge(base, mine, theirs);

  it("lists both conflicts and leaves unresolved ones alone", () => {
    expect(result.conflicts.map((c) => c.field)).toEqual([
      "spec.replicas",
      "spec.template.spec.containers[name=sidecar]",
    ]);
    const r = resolveConflicts(result, { "spec.replicas": "base" });
    expect(r.unresolved.map((c) => c.field)).toEqual(["spec.template.spec.containers[name=sidecar]"]);
    expect((r.merged as Obj).spec.replicas).toBe(5);
  });

  it("choosing mine for a container they deleted re-adds my version; theirs keeps it deleted", () => {
    const keep = resolveConflicts(result, {
      "spec.replicas": "theirs",
      "spec.template.spec.containers[name=sidecar]": "mine",
    });
    expect(keep.unresolved).toEqual([]);
    expect((keep.merged as Obj).spec.template.spec.containers[1]).toMatchObject({
      name: "sidecar",
      image: "busybox:2",
    });
    const drop = resolveConflicts(result, {
      "spec.replicas": "mine",
      "spec.template.spec.containers[name=sidecar]": "theirs",
    });
    expect(names(drop.merged)).toEqual(["app"]);
    expect((drop.merged as Obj).spec.replicas).toBe(7);
  });
});
