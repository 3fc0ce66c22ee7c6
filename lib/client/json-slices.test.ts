import { describe, expect, it } from "vitest";
import { arrayCuts, withoutArray } from "./json-slices";

/** The runs of elements the cuts make, decoded, and the object without its items. */
function pieces(text: string, every: number) {
  const cuts = arrayCuts(text, "items", every);
  if (!cuts) return null;
  const runs = cuts.slice(1).map((c, i) => JSON.parse(`[${text.slice(cuts[i] + 1, c)}]`) as unknown[]);
  return { runs, head: JSON.parse(withoutArray(text, cuts[0], cuts[cuts.length - 1])) as unknown };
}

describe("cutting a snapshot's items into runs of whole elements without decoding them", () => {
  const items = [
    { metadata: { name: "a", annotations: { tricky: 'quotes " and \\ and ] } , [ { \\"' } } },
    { list: [1, [2, { x: "]" }]], empty: {}, none: [] },
    "a string, with a comma",
    42,
    null,
    { slash: "\\", quote: '"' },
    { unicode: "é ✓ \u2028" },
  ];
  const obj = { resource: "pods", namespace: null, items, resourceVersion: "7" };

  it("gives every element once, in order, whatever the run length, and the object without the array", () => {
    for (const every of [1, 2, 3, 100]) {
      const got = pieces(JSON.stringify(obj), every);
      expect(got?.runs.flat()).toEqual(items);
      expect(got?.runs.every((r) => r.length <= every)).toBe(true);
      expect(got?.head).toEqual({ ...obj, items: [] });
    }
  });

  it("reads indented text and an empty array", () => {
    expect(pieces(JSON.stringify(obj, null, 2), 2)?.runs.flat()).toEqual(items);
    expect(pieces(JSON.stringify({ resource: "pods", items: [] }), 5)).toEqual({
      runs: [[]],
      head: { resource: "pods", items: [] },
    });
  });

  it("cuts only a top-level field holding an array", () => {
    const cuts = (v: unknown) => arrayCuts(typeof v === "string" ? v : JSON.stringify(v), "items", 1);
    expect(cuts({ nested: { items: [1] } })).toBeNull();
    expect(cuts({ note: '"items":[1]', items: 3 })).toBeNull();
    expect(cuts("[1,2]")).toBeNull();
    const text = JSON.stringify({ a: { b: [1] }, items: [1] });
    expect(cuts(text)).toEqual([text.lastIndexOf("["), text.lastIndexOf("]")]);
  });

  it("runs alone, from its own source, as the worker runs it", () => {
    const rebuilt = new Function(`return ${arrayCuts.toString()}`)() as typeof arrayCuts;
    const text = JSON.stringify(obj);
    expect(rebuilt(text, "items", 2)).toEqual(arrayCuts(text, "items", 2));
  });

  it("says when the text ends inside the array", () => {
    expect(arrayCuts('{"resource":"pods","items":[{"a":1},{"b":', "items", 1)).toBeNull();
  });
});
