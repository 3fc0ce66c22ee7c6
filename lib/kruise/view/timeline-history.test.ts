import { describe, expect, it } from "vitest";
import { NOW, pods } from "./fixtures";
import { podView } from "./pods";
import { historySamples, joinHistory, updatedSince } from "./timeline-history";

const NEW = "ro-659d94d4c9";
const CREATED = Date.parse("2026-11-22T11:00:00Z");
const rows = () => pods().map((p) => podView(p, NOW));

describe("timeline history from the pods' own times", () => {
  it("starts at the workload's creation with nothing updated", () => {
    const h = historySamples(rows(), NEW, CREATED, NOW.getTime());
    expect(h[0]).toEqual({ at: CREATED, updated: 0, ready: 0, available: 0 });
  });

  it("counts a pod updated in place from its in-place update's start, ready when Ready, once per instant", () => {
    const h = historySamples(rows(), NEW, CREATED, NOW.getTime());
    expect(h.slice(1)).toEqual([
      { at: Date.parse("2026-11-22T11:14:06Z"), updated: 2, ready: 2, available: 2 },
      { at: Date.parse("2026-11-22T11:14:09Z"), updated: 3, ready: 2, available: 2 },
    ]);
  });

  it("counts available minReadySeconds after ready, not before", () => {
    const h = historySamples(rows(), NEW, CREATED, NOW.getTime(), 30);
    expect(h.map((s) => [s.at - CREATED, s.updated, s.ready, s.available])).toEqual([
      [0, 0, 0, 0],
      [846_000, 2, 2, 0],
      [849_000, 3, 2, 0],
      [876_000, 3, 2, 2],
    ]);
  });

  it("a pod on an older revision is not updated", () => {
    const old = rows()[0];
    expect(updatedSince(old, NEW)).toBe(0);
  });

  it("the live samples take over from the page's first moment", () => {
    const h = historySamples(rows(), NEW, CREATED, NOW.getTime());
    const live = [{ at: Date.parse("2026-11-22T11:14:07Z"), updated: 2, ready: 2, available: 2 }];
    expect(joinHistory(h, live).map((s) => s.at)).toEqual([CREATED, Date.parse("2026-11-22T11:14:06Z"), live[0].at]);
  });
});
