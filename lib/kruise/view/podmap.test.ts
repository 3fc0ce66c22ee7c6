import { describe, expect, it } from "vitest";
import { cloneSetDetailView } from "./detail";
import { NOW, cloneSet, pod, pods, revisions } from "./fixtures";
import { cellState, podMap } from "./podmap";
import { podView } from "./pods";

describe("pod map", () => {
  const d = cloneSetDetailView(cloneSet(), pods(), revisions(), [], NOW);

  it("puts the update revision's pods first and says the counts in words", () => {
    const m = podMap(d.groups);
    expect(m.groups.map((g) => [g.isUpdate, g.cells.length])).toEqual([
      [true, 3],
      [false, 7],
    ]);
    expect(m.summary).toBe("10 pods: 1 failing, 9 ready");
  });

  it("colours a pod mid in-place update as updating and carries its container batch", () => {
    const m = podMap(
      cloneSetDetailView(cloneSet(), [pod(1, { updated: true, updating: true })], revisions(), [], NOW).groups,
    );
    expect(m.groups[0].cells[0]).toMatchObject({ state: "updating", batch: { done: 1, of: 1 } });
  });

  it("tells terminating, failing, hook-held and recreated pods apart", () => {
    const row = (over: (p: ReturnType<typeof pod>) => void, updated = true) => {
      const p = pod(1, { updated });
      over(p);
      return podView(p, NOW);
    };
    expect(
      cellState(
        row((p) => (p.metadata!.deletionTimestamp = "2026-11-22T11:59:00Z")),
        true,
      ),
    ).toBe("terminating");
    expect(cellState(podView(pod(2, { updated: true, waiting: "CrashLoopBackOff" }), NOW), true)).toBe("failing");
    expect(
      cellState(
        row((p) => (p.metadata!.labels!["lifecycle.apps.kruise.io/state"] = "PreparingDelete")),
        true,
      ),
    ).toBe("preparing-delete");
    const fresh = row((p) => {
      p.metadata!.annotations = {};
      p.status!.conditions![0].status = "False";
    });
    expect(cellState(fresh, true)).toBe("recreating");
    // Moved in place and restarting its containers: still updating until ready again.
    const restarting = row((p) => (p.status!.conditions![0].status = "False"));
    expect(cellState(restarting, true)).toBe("updating");
    expect(cellState(fresh, false)).toBe("not-ready");
  });

  it("gives each square the pod's table line", () => {
    const cell = podMap(d.groups).groups[0].cells.find((c) => c.name === "ro-p9")!;
    expect(cell.line).toContain("ro-p9 · node-0 · Running · Not ready");
    expect(cell.line).toContain("ImagePullBackOff (app)");
  });
});
