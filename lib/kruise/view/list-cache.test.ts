import { describe, expect, it } from "vitest";
import { NOW, cloneSet } from "./fixtures";
import { cloneSetView, withPods } from "./list";
import { cachedListRow } from "./list-cache";

describe("cachedListRow", () => {
  it("shows exactly what cloneSetView and withPods show", () => {
    const cs = cloneSet();
    expect(cachedListRow(cs, NOW, undefined, undefined)).toEqual(withPods(cloneSetView(cs, NOW), cs, undefined, NOW));
  });

  it("reuses the row while the object and the clock are the same, and rebuilds it when either is new", () => {
    const cs = cloneSet();
    const row = cachedListRow(cs, NOW, undefined, undefined);
    expect(cachedListRow(cs, NOW, undefined, undefined)).toBe(row);
    const later = new Date(NOW.getTime() + 3600_000);
    expect(cachedListRow(cs, later, undefined, undefined)).not.toBe(row);
    const changed = cloneSet({ readyReplicas: 0 });
    expect(cachedListRow(changed, later, undefined, undefined).ready).toBe(0);
  });
});
