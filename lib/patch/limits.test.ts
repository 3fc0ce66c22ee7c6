import { describe, expect, it } from "vitest";
import { sampleCloneSet } from "./fixtures/cloneset";
import { buildEditSave } from "./edit-save";
import { checkEdit } from "./edit-yaml";
import { clone, type JsonObject } from "./json";
import { assertWithinLimits, PATCH_LIMITS, PatchInputError } from "./limits";
import { resolveConflicts, threeWayMerge } from "./three-way";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const withEnv = (n: number, tag: string): JsonObject => {
  const o = sampleCloneSet() as Obj;
  o.spec.template.spec.containers[0].env = Array.from({ length: n }, (_, i) => ({
    name: `E${i}`,
    value: `${tag}${i}`,
  }));
  return o;
};

const refusal = (fn: () => unknown): PatchInputError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof PatchInputError) return e;
    throw e;
  }
  throw new Error("expected a PatchInputError");
};

describe("patch limits", () => {
  it("a list longer than the limit is refused with 413, naming the list and the limit", () => {
    const big = withEnv(PATCH_LIMITS.maxListLength + 1, "m");
    const e = refusal(() => threeWayMerge(sampleCloneSet(), big, sampleCloneSet()));
    expect(e.status).toBe(413);
    expect(e.message).toMatch(/mine has a list of 2049 elements at spec\.template\.spec\.containers\.0\.env/);
    expect(e.message).toContain(`at most ${PATCH_LIMITS.maxListLength}`);
    expect(refusal(() => checkEdit(big, sampleCloneSet())).message).toMatch(/^base has a list/);
  });

  it("a list at the limit still merges by key", () => {
    const base = withEnv(PATCH_LIMITS.maxListLength, "b");
    const mine = clone(base) as Obj;
    mine.spec.template.spec.containers[0].env.reverse();
    const theirs = clone(base) as Obj;
    theirs.spec.template.spec.containers[0].env[5].value = "theirs";
    const { merged, conflicts } = threeWayMerge(base, mine, theirs);
    expect(conflicts).toEqual([]);
    const env = (merged as Obj).spec.template.spec.containers[0].env;
    expect(env[0].name).toBe(`E${PATCH_LIMITS.maxListLength - 1}`); // only mine reordered: mine's order
    expect(env.find((e: Obj) => e.name === "E5").value).toBe("theirs");
  });

  it("deep nesting and too many values are refused without overflowing the stack", () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(refusal(() => assertWithinLimits({ spec: deep }, "mine")).message).toMatch(/nested more than 64 levels/);
    const wide = { spec: Array.from({ length: 150 }, () => new Array(1500).fill(0)) }; // 225,151 values
    expect(refusal(() => assertWithinLimits(wide, "mine")).message).toMatch(/more than 200000 values/);
  });

  it("more conflicting fields than the limit is a 413 asking to reload", () => {
    const e = refusal(() => threeWayMerge(withEnv(1500, "b"), withEnv(1500, "m"), withEnv(1500, "t")));
    expect(e.status).toBe(413);
    expect(e.message).toMatch(/more than 1000 fields conflict .* reload/);
  });
});

describe("prototype keys", () => {
  const withProto = (x: string): JsonObject =>
    JSON.parse(JSON.stringify(sampleCloneSet()).replace('"template":{', `"template":{"__proto__":{"x":"${x}"},`));

  it("base or mine holding __proto__ is refused with 422 and nothing is polluted", () => {
    const e = refusal(() => buildEditSave(withProto("b"), withProto("m"), withProto("t")));
    expect(e.status).toBe(422);
    expect(e.message).toMatch(/field name "__proto__" at base spec\.template is not accepted/);
    expect(({} as Obj).x).toBeUndefined();
  });

  it("a conflict choice naming __proto__, constructor or prototype is refused with 422", () => {
    const result = threeWayMerge(withEnv(1, "b"), withEnv(1, "m"), withEnv(1, "t"));
    expect(result.conflicts.map((c) => c.field)).toEqual([
      "spec.template.spec.containers[name=app].env[name=E0].value",
    ]);
    for (const field of ["spec.template.__proto__.x", "spec.constructor.prototype.x", "metadata.labels[prototype]"]) {
      const e = refusal(() => resolveConflicts(result, { [field]: "mine" }));
      expect(e.status).toBe(422);
      expect(e.message).toContain("conflict choice");
    }
    expect(({} as Obj).x).toBeUndefined();
  });

  it("a merge key value that happens to read constructor is an ordinary element", () => {
    const base = sampleCloneSet() as Obj;
    base.spec.template.spec.containers[0].name = "constructor";
    const mine = clone(base) as Obj;
    mine.spec.template.spec.containers[0].image = "mine";
    const theirs = clone(base) as Obj;
    theirs.spec.template.spec.containers[0].image = "theirs";
    const result = threeWayMerge(base, mine, theirs);
    const field = "spec.template.spec.containers[name=constructor].image";
    expect(result.conflicts.map((c) => c.field)).toEqual([field]);
    const { merged } = resolveConflicts(result, { [field]: "mine" });
    expect((merged as Obj).spec.template.spec.containers[0].image).toBe("mine");
  });

  it("choices only count as own properties: an inherited name is no choice", () => {
    const base = { metadata: { name: "a" }, toString: "b" } as JsonObject;
    const result = threeWayMerge(base, { ...base, toString: "m" }, { ...base, toString: "t" });
    expect(resolveConflicts(result, {}).unresolved.map((c) => c.field)).toEqual(["toString"]);
  });
});
