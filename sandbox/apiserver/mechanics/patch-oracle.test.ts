// Two implementations of RFC 7386 (merge patch) and RFC 6902 (JSON patch) on purpose: the console's
// (lib/patch/merge-patch.ts, json-patch.ts) builds and previews patches, the sandbox's (this folder)
// applies them as the API server would. They are written independently so a test cannot agree with
// itself; this file runs both on the same fixtures and requires the same results.
import { describe, expect, it } from "vitest";
import { sampleCloneSet } from "@/lib/patch/fixtures/cloneset";
import type { JsonObject } from "@/lib/patch/json";
import { applyJsonPatch as consoleJsonPatch, createJsonPatch } from "@/lib/patch/json-patch";
import { applyMergePatch as consoleMergePatch, createMergePatch } from "@/lib/patch/merge-patch";
import { ApiError } from "../status";
import { applyJsonPatch as sandboxJsonPatch } from "./json-patch";
import { applyMergePatch as sandboxMergePatch } from "./merge-patch";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// RFC 7386 Appendix A, the cases whose target and patch are objects (the API server's case).
const RFC7386: [object, object, object][] = [
  [{ a: "b" }, { a: "c" }, { a: "c" }],
  [{ a: "b" }, { b: "c" }, { a: "b", b: "c" }],
  [{ a: "b" }, { a: null }, {}],
  [{ a: "b", b: "c" }, { a: null }, { b: "c" }],
  [{ a: ["b"] }, { a: "c" }, { a: "c" }],
  [{ a: "c" }, { a: ["b"] }, { a: ["b"] }],
  [{ a: { b: "c" } }, { a: { b: "d", c: null } }, { a: { b: "d" } }],
  [{ a: [{ b: "c" }] }, { a: [1] }, { a: [1] }],
  [{ e: null }, { a: 1 }, { e: null, a: 1 }],
  [{}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
];

/** Edits of a CloneSet as the editor makes them: each is a (from, to) pair. */
function edits(): [string, JsonObject, JsonObject][] {
  const edit = (f: (o: Obj) => void): JsonObject => {
    const o = sampleCloneSet() as Obj;
    f(o);
    return o;
  };
  const c = (o: Obj) => o.spec.template.spec.containers;
  return [
    ["image", sampleCloneSet(), edit((o) => (c(o)[0].image = "nginx:1.27"))],
    ["env added", sampleCloneSet(), edit((o) => c(o)[0].env.push({ name: "NEW", value: "1" }))],
    ["env removed", sampleCloneSet(), edit((o) => c(o)[0].env.splice(0, 1))],
    ["container removed", sampleCloneSet(), edit((o) => c(o).splice(1, 1))],
    ["containers reordered", sampleCloneSet(), edit((o) => c(o).reverse())],
    [
      "label removed, annotation added",
      sampleCloneSet(),
      edit((o) => {
        delete o.metadata.labels.app;
        o.metadata.annotations["x/y~z"] = "slash and tilde in a key";
      }),
    ],
    [
      "partition and replicas",
      sampleCloneSet(),
      edit((o) => {
        o.spec.replicas = 9;
        o.spec.updateStrategy = { ...o.spec.updateStrategy, partition: "50%", paused: true };
      }),
    ],
    [
      "field set to null and list emptied",
      sampleCloneSet(),
      edit((o) => {
        o.spec.template.metadata.labels = {};
        c(o)[0].ports = [];
      }),
    ],
  ];
}

const refused = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    return e instanceof ApiError ? `ApiError ${e.status.code}` : "Error";
  }
  return "applied";
};

describe("the console's patch code and the sandbox's agree (independent oracles)", () => {
  it.each(RFC7386)("merge patch %j + %j gives the RFC's result in both", (target, patch, result) => {
    expect(consoleMergePatch(target as JsonObject, patch as JsonObject)).toEqual(result);
    expect(sandboxMergePatch(target, JSON.stringify(patch))).toEqual(result);
  });

  it.each(edits())("%s: the merge patch the console builds applies to the same object in both", (_, from, to) => {
    const patch = createMergePatch(from, to);
    expect(consoleMergePatch(from, patch)).toEqual(to);
    expect(sandboxMergePatch(from, JSON.stringify(patch))).toEqual(to);
  });

  it.each(edits())(
    "%s: the guarded JSON patch the console builds applies to the same object in both",
    (_, from, to) => {
      const ops = createJsonPatch(from, to, { tests: true, skipServerOwned: false });
      expect(ops.some((o) => o.op === "test")).toBe(true);
      expect(consoleJsonPatch(from, ops)).toEqual(to);
      expect(sandboxJsonPatch(from, JSON.stringify(ops))).toEqual(to);
    },
  );

  it.each(edits())("%s: after a concurrent change to a touched field, both refuse the guarded patch", (_, from, to) => {
    const ops = createJsonPatch(from, to, { tests: true });
    const moved = JSON.parse(JSON.stringify(from)) as Obj;
    const firstTest = ops.find((o) => o.op === "test")!;
    // Change exactly the value the first guard tests (or add it, when it tests an absent field).
    const segs = firstTest.path
      .split("/")
      .slice(1)
      .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    let parent: Obj = moved;
    for (const s of segs.slice(0, -1)) parent = parent[s];
    parent[segs.at(-1)!] = { changed: "by someone else" };
    expect(refused(() => consoleJsonPatch(moved as JsonObject, ops))).toBe("Error");
    expect(refused(() => sandboxJsonPatch(moved, JSON.stringify(ops)))).toBe("ApiError 422");
  });
});
