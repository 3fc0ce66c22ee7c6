import { describe, expect, it } from "vitest";
import { NEW, OLD, pod, pods, statefulSet } from "./fixtures";
import { predictStatefulScale } from "./scale-preview";

const names = (ps: { metadata: { name?: string } }[]) => ps.map((p) => p.metadata.name);

describe("Advanced StatefulSet scale preview (stateful_set_control.go updateStatefulSet)", () => {
  it("scale-in removes the highest ordinals first", () => {
    const p = predictStatefulScale(statefulSet(5), pods(5), 2);
    expect(names(p.deleted)).toEqual(["web-4", "web-3", "web-2"]);
    expect(p.created).toEqual([]);
  });

  it("scale-in skips reserveOrdinals: 4 pods at 0, 2, 3, 4 (1 reserved) → 2 keeps 0 and 2, deletes 4 and 3", () => {
    const set = statefulSet(4, {}, { reserveOrdinals: [1] });
    const p = predictStatefulScale(
      set,
      [0, 2, 3, 4].map((o) => pod(o)),
      2,
    );
    expect(names(p.deleted)).toEqual(["web-4", "web-3"]);
  });

  it("a pod at a newly reserved ordinal is deleted and the next free ordinal created", () => {
    const set = statefulSet(3, {}, { reserveOrdinals: [1] });
    const p = predictStatefulScale(set, pods(3), 3);
    expect(names(p.deleted)).toEqual(["web-1"]);
    expect(p.created.map((c) => c.name)).toEqual(["web-3"]);
  });

  it("scale-out creates the lowest free ordinals, gaps first, skipping reserved ones", () => {
    const set = statefulSet(3, {}, { reserveOrdinals: [3] });
    const p = predictStatefulScale(
      set,
      [0, 2].map((o) => pod(o)),
      5,
    );
    expect(p.created.map((c) => c.ordinal)).toEqual([1, 4, 5]);
  });

  it("ordered update: a created ordinal below the partition takes the current revision, the others the update revision", () => {
    const p = predictStatefulScale(statefulSet(3, { partition: 4 }), pods(3), 6);
    expect(p.created.map((c) => [c.name, c.revision])).toEqual([
      ["web-3", OLD],
      ["web-4", NEW],
      ["web-5", NEW],
    ]);
  });

  it("unorderedUpdate: created pods take the current revision while fewer than partition other pods are off the update revision", () => {
    const set = statefulSet(2, { partition: 3, unorderedUpdate: {} }, { podManagementPolicy: "Parallel" });
    const p = predictStatefulScale(set, [pod(0), pod(1, { rev: NEW })], 5);
    // One pod off the update revision: ordinals 2 and 3 come at the current revision, then three are; 4 is updated.
    expect(p.created.map((c) => c.revision)).toEqual([OLD, OLD, NEW]);
  });

  it("podManagementPolicy: OrderedReady goes one by one, Parallel at once within scaleStrategy.maxUnavailable", () => {
    expect(predictStatefulScale(statefulSet(3), pods(3), 5).parallel).toBe(false);
    const parallel = statefulSet(3, {}, { podManagementPolicy: "Parallel", scaleStrategy: { maxUnavailable: 2 } });
    expect(predictStatefulScale(parallel, pods(3), 5)).toMatchObject({ parallel: true, budget: 2 });
  });

  it("pods already terminating or PreparingDelete are leaving, not deleted again; preDelete-hooked ones are named", () => {
    const set = statefulSet(4, {}, { lifecycle: { preDelete: { labelsHandler: { hold: "true" } } } });
    const ps = [pod(0), pod(1), pod(2, { labels: { hold: "true" } }), pod(3, { deleting: true })];
    const p = predictStatefulScale(set, ps, 1);
    expect(names(p.leaving)).toEqual(["web-3"]);
    expect(names(p.deleted)).toEqual(["web-2", "web-1"]);
    expect(names(p.hooked)).toEqual(["web-2"]);
  });
});
