import { describe, expect, it } from "vitest";
import { LineRing, MAX_LINE_CHARS } from "./ring";

const all = (r: LineRing) => Array.from({ length: r.size }, (_, i) => r.at(i));

describe("the browser's ring of log lines", () => {
  it("keeps the newest lines up to its line count, counting the ones it dropped", () => {
    const r = new LineRing(3, 1000);
    for (const l of ["a", "b", "c", "d", "e"]) r.push(l);
    expect(all(r)).toEqual(["c", "d", "e"]);
    expect(r.dropped).toBe(2);
    expect(r.total).toBe(5);
  });

  it("keeps its characters under the bound, however long the lines", () => {
    const r = new LineRing(100, 10);
    r.push("aaaa");
    r.push("bbbb");
    r.push("cccc");
    expect(all(r)).toEqual(["bbbb", "cccc"]);
    expect(r.length).toBe(8);
    r.push("x".repeat(50));
    expect(r.size).toBe(1);
    expect(r.length).toBeLessThanOrEqual(10);
    expect(r.dropped).toBe(3);
  });

  it("cuts a line longer than the kubelet's 16 KiB and says how much it cut", () => {
    const r = new LineRing(10, 1 << 20);
    r.push("y".repeat(MAX_LINE_CHARS + 500));
    const kept = r.at(0);
    expect(kept.length).toBe(MAX_LINE_CHARS);
    const [, cut] = / … \[(\d+) more characters\]$/.exec(kept)!;
    expect(kept.indexOf(" …") + Number(cut)).toBe(MAX_LINE_CHARS + 500);
  });

  it("a million lines through a ring of a thousand keep a thousand, in order", () => {
    const r = new LineRing(1000, 1 << 20);
    for (let i = 0; i < 1_000_000; i++) r.push(`line ${i}`);
    expect(r.size).toBe(1000);
    expect(r.at(0)).toBe("line 999000");
    expect(r.at(999)).toBe("line 999999");
    expect(r.dropped).toBe(999_000);
    r.clear();
    expect([r.size, r.dropped, r.length]).toEqual([0, 0, 0]);
  });
});
