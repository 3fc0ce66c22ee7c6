import { describe, expect, it } from "vitest";
import { NEW, pod, pods, statefulSet } from "../statefulset/fixtures";
import { statefulSetLens } from "./statefulset";

const scale = statefulSetLens.scale!;

describe("the Advanced StatefulSet's replicas preview (lib/kruise/view/statefulset-scale.ts)", () => {
  it("a scale-in names the ordinals that go, highest first, and says OrderedReady takes them one at a time", () => {
    const m = scale(
      statefulSet(4, {}, { reserveOrdinals: [1] }),
      [0, 2, 3, 4].map((o) => pod(o)),
      2,
      0,
    );
    expect(m.direction).toBe("in");
    expect(m.text).toBe("Scaling in to 2 deletes 2 pods, highest ordinal first:");
    expect(m.scaleIn?.chosen.exact.map((p) => p.name)).toEqual(["web-4", "web-3"]);
    expect(m.scaleIn?.notes[0]).toMatch(/^OrderedReady: one pod at a time, highest ordinal first/);
  });

  it("a scale-out names the lowest free ordinals and their revision; Parallel creates them at once", () => {
    const set = statefulSet(3, {}, { podManagementPolicy: "Parallel" });
    const m = scale(set, pods(3), 5, 0);
    expect(m.text).toBe("Scaling out to 5 creates web-3 and web-4, the lowest free ordinals:");
    expect(m.createdPods).toEqual([
      { ordinal: 3, name: "web-3", revision: NEW },
      { ordinal: 4, name: "web-4", revision: NEW },
    ]);
    expect(m.created).toEqual({ update: 2, current: 0 });
    expect(m.notes).toEqual(["Parallel: created at once"]);
  });
});
