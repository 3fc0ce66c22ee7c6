import { describe, expect, it } from "vitest";
import { predictInPlace } from "../../patch/inplace-prediction";
import { cloneSet, rollout } from "../kruise-rollout/fixtures";
import { releaseStartedBy } from "../kruise-rollout/release";
import { editPredictionSummary } from "./edit-prediction";
import type { JsonObject } from "../../patch/json";

describe("the editor's prediction agrees with the Rollout that takes the change over", () => {
  it("says what step 1 does, never 'applied in place to 4 pods' beside 'step 1 of 3 will update 1 pod'", () => {
    const before = cloneSet();
    before.spec.updateStrategy = { type: "InPlaceIfPossible", partition: 0 };
    before.status = { ...before.status!, currentRevision: "checkout-h2" };
    const after = structuredClone(before);
    after.spec.template.spec!.containers[0].image = "shop/checkout:3";
    const healthy = rollout({ phase: "Healthy", state: "Completed", step: 3 });
    const release = releaseStartedBy(before, after, [healthy]);
    const p = predictInPlace(before as unknown as JsonObject, after as unknown as JsonObject);
    expect(p.summary).toBe("Applied in place to 4 pods (same pods, containers restarted).");
    expect(editPredictionSummary(p, release)).toBe(
      "Kruise Rollout checkout takes this change step by step: step 1 of 3 updates 1 pod in place (same pods, containers restarted); the other 3 pods follow as its steps move on.",
    );
    expect(editPredictionSummary(p, null)).toBe(p.summary);
  });
});
