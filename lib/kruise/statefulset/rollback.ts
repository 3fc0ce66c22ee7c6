// The rollback prediction for an Advanced StatefulSet (docs/kruise-rules.md §13.10).
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { moveHow, rollbackRevisionNumber, type RollbackPrediction } from "../order/rollback";
import type { ControllerRevision, Pod, StatefulSet } from "../../k8s/objects";
import { slotPods } from "./ordinals";
import { podRevision, sortPodsToUpdate } from "./update";

/**
 * Rolling the template back to `target`: the revision is reused under its name with the next `.revision`; pods
 * already on it count as updated; the others move in the update order the partition allows (ordinals from the
 * highest down, or by priority with unorderedUpdate), in place or by recreation as podUpdatePolicy and the revision
 * diff decide. Upstream: kruise pkg/controller/statefulset/stateful_set_control.go getStatefulSetRevisions,
 * stateful_update_utils.go sortPodsToUpdate, inPlaceUpdatePod.
 */
export function predictStatefulRollback(
  set: StatefulSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  target: ControllerRevision,
): RollbackPrediction {
  const name = target.metadata.name ?? "";
  const slots = slotPods(set.spec, pods.filter(isPodActive));
  const inRange = slots.replicas.filter((p): p is Pod => !!p);
  const ru = set.spec.updateStrategy?.rollingUpdate;
  const policy = (ru?.podUpdatePolicy ?? "ReCreate") as "ReCreate" | "InPlaceIfPossible" | "InPlaceOnly";
  const order = sortPodsToUpdate(ru, name, set.spec.replicas ?? 1, slots.replicas).map((o) => slots.replicas[o]!);
  const moving = order.filter((p) => !isPodOnRevision(p, name));
  const moves = moving.map((p) => ({
    pod: p.metadata.name!,
    how: moveHow(
      policy,
      revisions.find((r) => r.metadata.name === podRevision(p)),
      target,
    ),
  }));
  const movingNames = new Set(moves.map((m) => m.pod));
  const alreadyThere = inRange.filter((p) => isPodOnRevision(p, name)).map((p) => p.metadata.name!);
  const kept = inRange.filter((p) => !isPodOnRevision(p, name) && !movingNames.has(p.metadata.name!));
  const notes: string[] = [];
  if (moves.some((m) => m.how === "blocked"))
    notes.push("podUpdatePolicy InPlaceOnly cannot reach this revision in place: the controller reports an error");
  if (ru?.paused) notes.push("the rollout is paused: nothing moves until it is resumed");
  return {
    revision: name,
    revisionNumber: rollbackRevisionNumber(revisions, target),
    alreadyThere,
    moves,
    kept: kept.map((p) => p.metadata.name!),
    notes,
  };
}
