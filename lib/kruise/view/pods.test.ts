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

  it("orders DNS names (every pod's) as localeCompare does", () => {
    // Pod names the API server accepts, with the characters that could sort differently: "-", ".", digits, prefixes.
    const names = ["web-1", "web-10", "web.1", "web-1-a", "web", "web1", "we-b", "w-9", "w.9", "a0", "a-", "a.b", "z"];
    for (let k = 0; k < 200; k++) names.push(`p${((k * 7919) % 1000).toString(36)}-${k % 3 ? "x" : "x.y"}-${k % 10}`);
    const r = rows(...names);
    expect(nameOrder(r).map((i) => r[i].name)).toEqual([...names].sort((x, y) => x.localeCompare(y)));
  });

  it("gives the same order for the same names in the same sequence, and a new one when the sequence changes", () => {
    const first = nameOrder(rows("b", "a", "c"));
    expect(nameOrder(rows("b", "a", "c"))).toBe(first);
    expect(nameOrder(rows("c", "a", "b"))).toEqual([1, 2, 0]);
  });
});
