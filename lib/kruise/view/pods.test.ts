import { describe, expect, it } from "vitest";
import { nameOrder } from "./pods";

describe("nameOrder", () => {
  const rows = (...names: string[]) => names.map((name) => ({ name }));

  it("orders names as localeCompare does, and again when a pod joins", () => {
    const a = rows("web-10", "web-2", "Web-3", "web-1");
    expect(nameOrder(a).map((i) => a[i].name)).toEqual(a.map((r) => r.name).sort((x, y) => x.localeCompare(y)));
    const b = rows("web-10", "web-2", "Web-3", "web-1", "web-0");
    expect(nameOrder(b).map((i) => b[i].name)).toEqual(["web-0", "web-1", "web-10", "web-2", "Web-3"]);
  });

  it("gives the same order for the same names in the same sequence, and a new one when the sequence changes", () => {
    const first = nameOrder(rows("b", "a", "c"));
    expect(nameOrder(rows("b", "a", "c"))).toBe(first);
    expect(nameOrder(rows("c", "a", "b"))).toEqual([1, 2, 0]);
  });
});
