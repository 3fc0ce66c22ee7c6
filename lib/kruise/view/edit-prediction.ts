/**
 * The editor's in-place prediction beside a Kruise Rollout: a template change the Rollout takes over
 * (releaseStartedBy, lib/kruise/kruise-rollout/release.ts) reaches only the first step's pods now, so the prediction
 * says that instead of "applied in place to all 4 pods" beside the Rollout's "step 1 of 3 will update 1 pod"
 * (docs/kruise-rollouts.md §7.2, §9).
 */
import { plural } from "../core/plural";
import type { ReleaseStart } from "../kruise-rollout/release";
import type { InPlacePrediction } from "../../patch/inplace-prediction";

/** The prediction's summary, worded for the release the change starts (or its own summary without one). */
export function editPredictionSummary(p: InPlacePrediction, release: ReleaseStart | null): string {
  if (!release || p.mode === "none" || p.mode === "blocked") return p.summary;
  const how = p.mode === "in-place" ? "in place (same pods, containers restarted)" : "by recreating them";
  const total = Math.max(p.podsToUpdate, release.firstStepPods);
  const rest = total - release.firstStepPods;
  return (
    `Kruise Rollout ${release.rollout} takes this change step by step: step 1 of ${release.steps} updates ` +
    `${plural(release.firstStepPods, "pod")} ${how}` +
    (rest > 0 ? `; the other ${plural(rest, "pod")} follow as its steps move on.` : ".")
  );
}
