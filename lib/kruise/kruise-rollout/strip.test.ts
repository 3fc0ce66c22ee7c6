import { describe, expect, it } from "vitest";
import { rollout } from "./fixtures";
import { stepStrip } from "./strip";

describe("the steps strip", () => {
  it("gives each step its pods, how its pause ends and where the release is", () => {
    const strip = stepStrip(rollout({ step: 2, state: "StepUpgrade" }), 4);
    expect(strip).toMatchObject({ current: 2, total: 3 });
    expect(strip.steps.map((s) => [s.planned, s.pause, s.place])).toEqual([
      [1, { kind: "approve" }, "done"],
      [2, { kind: "timer", seconds: 20 }, "current"],
      [4, { kind: "none" }, "pending"],
    ]);
  });

  it("still pauses a last step given as an integer, and clamps steps above the replicas", () => {
    const strip = stepStrip(rollout({ steps: [{ replicas: 2, pause: { duration: 900 } }, { replicas: 9 }] }), 6);
    expect(strip.steps[1]).toMatchObject({ planned: 6, pause: { kind: "approve" } });
  });

  it("marks the last step done once the Rollout completed it, and shows traffic where set", () => {
    const r = rollout({
      step: 3,
      state: "Completed",
      steps: [{ replicas: 1, traffic: "10%" }, { replicas: "50%" }, { replicas: "100%" }],
    });
    const strip = stepStrip(r, 10);
    expect(strip.steps.every((s) => s.place === "done")).toBe(true);
    expect(strip.steps[0].traffic).toBe("10%");
  });
});
