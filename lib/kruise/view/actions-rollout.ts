/**
 * The Kruise Rollout's part of a workload's action bar (./actions.ts): what the Rollout that drives a CloneSet or an
 * Advanced StatefulSet offers now — approve, jump to the last step, pause/resume, disable, and abort (the template
 * back to its stable revision, which cancels the release: docs/kruise-rollouts.md §5.7, §15).
 */
import { templateFromRevision } from "../inplace/spec";
import { rollbackUnderRollout } from "../kruise-rollout/actions";
import type { RolloutWorkload, RolloutWorkloadKind } from "../kruise-rollout/detect";
import type { KruiseRolloutView } from "../kruise-rollout/view";
import type { ControllerRevision } from "../../k8s/objects";
import type { RolloutFacts } from "./actions";

/** `revisions` are the workload's own. */
export function kruiseRolloutFacts(
  w: RolloutWorkload,
  v: KruiseRolloutView,
  revisions: ControllerRevision[],
  kind: RolloutWorkloadKind = "CloneSet",
): RolloutFacts | undefined {
  const r = v.rollout;
  if (!r || !v.actions) return undefined;
  const step = v.strip?.current ?? 0;
  const total = v.strip?.total ?? 0;
  const last = v.jumps.find((j) => j.step === total);
  const stable = v.map?.stable?.revision;
  const stableRev = stable ? revisions.find((x) => x.metadata.name === stable) : undefined;
  return {
    name: v.name,
    inFlight: v.inFlight,
    paused: r.spec.strategy.paused === true,
    step,
    total,
    approve: v.actions.approve,
    pause: v.actions.pause,
    resume: v.actions.resume,
    disable: v.actions.disable,
    // Jumping to the last step skips at least one: the next step alone is an approve.
    ...(last && total - step >= 2 ? { jumpToLast: last.check } : {}),
    ...(stableRev
      ? {
          stableRevision: stable,
          abortEffect: rollbackUnderRollout(r, w, stable!, templateFromRevision(stableRev), kind).text,
        }
      : {}),
  };
}
