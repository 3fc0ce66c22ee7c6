/**
 * A CloneSet's facts for the action bar (./actions.ts): its state, partition and revisions as the detail page shows
 * them, and the Kruise Rollout that drives it, if any (lib/kruise/kruise-rollout/view.ts).
 */
import { controlledBy } from "../core/owner";
import { templateFromRevision } from "../inplace/spec";
import { rollbackUnderRollout } from "../kruise-rollout/actions";
import type { KruiseRolloutView } from "../kruise-rollout/view";
import type { CloneSet, ControllerRevision } from "../../k8s/objects";
import { revisionFacts, type ActionFacts, type RolloutFacts } from "./actions";
import type { CloneSetRow } from "./list";

function rolloutFacts(cs: CloneSet, v: KruiseRolloutView, revisions: ControllerRevision[]): RolloutFacts | undefined {
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
          abortEffect: rollbackUnderRollout(r, cs, stable!, templateFromRevision(stableRev)).text,
        }
      : {}),
  };
}

/** The bar's facts for a CloneSet: `header` is the detail view's row (its state is the page's one state). */
export function cloneSetActionFacts(
  cs: CloneSet,
  header: CloneSetRow,
  revisions: ControllerRevision[],
  rollout?: KruiseRolloutView | null,
): ActionFacts {
  const own = controlledBy(revisions, cs.metadata.uid);
  const rf = rollout ? rolloutFacts(cs, rollout, own) : undefined;
  return {
    kind: "CloneSet",
    state: { kind: header.state.kind, word: header.state.word, reason: header.state.reason },
    replicas: cs.spec.replicas ?? 1,
    paused: !!cs.spec.updateStrategy?.paused,
    partition: cs.spec.updateStrategy?.partition,
    currentRevision: cs.status?.currentRevision ?? "",
    updateRevision: cs.status?.updateRevision ?? "",
    revisions: own.map(revisionFacts),
    offUpdate: header.offUpdate,
    rollbackKeeps: "it keeps its share of the pods where they are",
    ...(rollout ? { owner: rollout.name } : {}),
    ...(rf ? { rollout: rf } : {}),
  };
}
