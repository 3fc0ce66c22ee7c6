/**
 * A CloneSet's facts for the action bar (./actions.ts): its state, partition and revisions as the detail page shows
 * them, and the Kruise Rollout that drives it, if any (lib/kruise/kruise-rollout/view.ts).
 */
import { controlledBy } from "../core/owner";
import type { KruiseRolloutView } from "../kruise-rollout/view";
import type { CloneSet, ControllerRevision } from "../../k8s/objects";
import { revisionFacts, type ActionFacts } from "./actions";
import { kruiseRolloutFacts } from "./actions-rollout";
import type { CloneSetRow } from "./list";

/** The bar's facts for a CloneSet: `header` is the detail view's row (its state is the page's one state). */
export function cloneSetActionFacts(
  cs: CloneSet,
  header: CloneSetRow,
  revisions: ControllerRevision[],
  rollout?: KruiseRolloutView | null,
): ActionFacts {
  const own = controlledBy(revisions, cs.metadata.uid);
  const rf = rollout ? kruiseRolloutFacts(cs, rollout, own) : undefined;
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
