/**
 * An Advanced StatefulSet's facts for the action bar (./actions.ts): its state as its page shows it, and the next
 * partition step by its own model — an ordinal (pods at ordinals below it keep their revision), or a count of pods with
 * unorderedUpdate — and what a rollback of the template alone leaves where it is (docs/kruise-rules.md §13.4, §13.10).
 */
import { controlledBy } from "../core/owner";
import { plural, verb } from "../core/plural";
import { desiredOrdinals } from "../statefulset/ordinals";
import { statefulKeepOld } from "../statefulset/preview";
import type { ControllerRevision, StatefulSet } from "../../k8s/objects";
import { nextPartitionStep, revisionFacts, type ActionFacts, type PartitionStepFacts } from "./actions";
import { kruiseRolloutFacts } from "./actions-rollout";
import type { KruiseRolloutView } from "../kruise-rollout/view";
import { listPhrase } from "./format";
import type { WorkloadRow } from "./list";

const rolling = (set: StatefulSet) => set.spec.updateStrategy?.rollingUpdate ?? {};

/** "ordinal 4", "ordinals 4 and 3" */
const ordinalsText = (os: number[]) => `${os.length === 1 ? "ordinal" : "ordinals"} ${listPhrase(os.map(String))}`;

/**
 * The next partition step of an Advanced StatefulSet: the pods its partition keeps, stepped as a CloneSet's are
 * (`nextPartitionStep`: one canary pod, a quarter, half, all), written in its own partition model. Ordered update:
 * the ordinal below which exactly that many of its ordinals stay (reserved ones skipped), the pods at the ordinals it
 * releases updating from the highest down; unorderedUpdate: the count itself, priority picking which. OnDelete: none
 * (the partition moves no pod). Upstream: kruise pkg/controller/statefulset/stateful_set_control.go
 * (rollingUpdateStatefulsetPods: ordinals at or above the partition update), stateful_update_utils.go
 * sortPodsToUpdate.
 */
export function statefulNextStep(set: StatefulSet): PartitionStepFacts | null {
  if (set.spec.updateStrategy?.type === "OnDelete") return null;
  const ru = rolling(set);
  const ordinals = desiredOrdinals(set.spec);
  const replicas = ordinals.length;
  const kept = statefulKeepOld(set, ru.partition ?? 0);
  const next = nextPartitionStep(kept, replicas);
  if (next === null) return null;
  const more = `${plural(kept - next, "more pod")} on the update revision (${replicas - next} of ${replicas})`;
  if (ru.unorderedUpdate) return { to: next, effect: `${more}, priority picking which` };
  const released = ordinals.slice(next, kept).reverse();
  return {
    to: next === 0 ? 0 : ordinals[next],
    effect: `${more}: ${ordinalsText(released)}, highest first`,
  };
}

/** What a rollback of the template alone leaves where it is: the pods the partition keeps, in its own words. */
function rollbackKeeps(set: StatefulSet): string {
  const p = rolling(set).partition ?? 0;
  const kept = statefulKeepOld(set, p);
  if (set.spec.updateStrategy?.type === "OnDelete") return "OnDelete: each pod goes back only when it is deleted";
  if (kept === 0) return "it keeps no pod, so every pod goes back";
  if (rolling(set).unorderedUpdate)
    return `${plural(kept, "pod")} ${verb(kept, "keeps", "keep")} the revision it runs, priority picking which`;
  const below = desiredOrdinals(set.spec).filter((o) => o < p);
  return `${ordinalsText(below)} ${verb(kept, "keeps", "keep")} the revision ${verb(kept, "it runs", "they run")}`;
}

/** The bar's facts for an Advanced StatefulSet: `header` is its detail view's row (the page's one state). */
export function statefulSetActionFacts(
  set: StatefulSet,
  header: Pick<WorkloadRow, "state" | "offUpdate">,
  revisions: ControllerRevision[],
  rollout?: KruiseRolloutView | null,
): ActionFacts {
  const own = controlledBy(revisions, set.metadata.uid);
  const rf = rollout ? kruiseRolloutFacts(set, rollout, own, "StatefulSet") : undefined;
  return {
    kind: "StatefulSet",
    state: { kind: header.state.kind, word: header.state.word, reason: header.state.reason },
    replicas: set.spec.replicas ?? 1,
    paused: !!rolling(set).paused,
    partition: rolling(set).partition ?? 0,
    currentRevision: set.status?.currentRevision ?? "",
    updateRevision: set.status?.updateRevision ?? "",
    revisions: own.map(revisionFacts),
    offUpdate: header.offUpdate,
    step: statefulNextStep(set),
    rollbackKeeps: rollbackKeeps(set),
    ...(rollout ? { owner: rollout.name } : {}),
    ...(rf ? { rollout: rf } : {}),
  };
}
