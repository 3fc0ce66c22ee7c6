/**
 * A CloneSet under a Kruise Rollout: while the Rollout drives a release it owns the partition (docs/kruise-rollouts.md
 * §3, §5.6), so "held by partition" or "rolling" would only describe the Rollout's current batch from below. The
 * CloneSet's state then is the Rollout's step state, worded by lib/kruise/kruise-rollout/state.ts (never re-worded here).
 */
import type { BatchRelease, Rollout } from "../../k8s/objects";
import { rolloutOf, type RolloutWorkload, type RolloutWorkloadKind } from "../kruise-rollout/detect";
import { rolloutState, stateBadgeText, type RolloutState } from "../kruise-rollout/state";

/** The Rollout that names a CloneSet, as the state needs it (a subset of the Rollout panel's view model). */
export interface KruiseRolloutFacts {
  name: string;
  /** The release annotations are on the CloneSet (docs/kruise-rollouts.md §3). */
  releasing: boolean;
  /** The Rollout's state; undefined when only the CloneSet's annotations name it (the Rollout is not visible). */
  state?: RolloutState;
}

/**
 * The Rollout a CloneSet (or, with `kind`, an Advanced StatefulSet) is under, with its state, from the namespace's
 * live Rollouts; undefined when none.
 */
export function kruiseRolloutFacts(
  cs: RolloutWorkload,
  rollouts: readonly Rollout[],
  batchReleases: readonly BatchRelease[],
  now: Date,
  kind: RolloutWorkloadKind = "CloneSet",
): KruiseRolloutFacts | undefined {
  const link = rolloutOf(cs, rollouts, kind);
  if (!link) return undefined;
  const r = link.rollout;
  const br = r
    ? batchReleases.find((b) => b.metadata.name === r.metadata.name && b.metadata.namespace === r.metadata.namespace)
    : undefined;
  return { name: link.name, releasing: link.releasing, ...(r ? { state: rolloutState(r, cs, br, now) } : {}) };
}

/**
 * The Rollout's state when it drives a release (its annotations are on the CloneSet, or it is Progressing, which
 * covers finalising after the annotations go), else undefined: a Healthy Rollout leaves the CloneSet's own state.
 */
export function drivingRollout(f: KruiseRolloutFacts | undefined): RolloutState | undefined {
  const s = f?.state;
  return s && (f.releasing || s.phase === "Progressing") ? s : undefined;
}

/** "Rollout step 1/3, waiting for approval": the badge's words (stateBadgeText), said of the CloneSet. */
export function kruiseRolloutWord(s: RolloutState): string {
  return `Rollout ${stateBadgeText(s)}`;
}
