// What a rollback to an older revision will do, shared by the workload kinds (docs/kruise-rules.md §6.2, §13.10,
// §14.9): the old revision comes back under its own name and pods move to it by the kind's own update rules.
import { calculateInPlaceUpdateSpec } from "../inplace/spec";
import { sortRevisions } from "../revision/revision";
import type { ControllerRevision } from "../../k8s/objects";

export type MoveHow = "in-place" | "recreate" | "blocked";

export interface RollbackMove {
  pod: string;
  /** The node the pod runs on (DaemonSet pods), for views that lay pods out by node. */
  node?: string;
  how: MoveHow;
}

export interface RollbackPrediction {
  /** The revision that becomes the update revision: the target, reused under its own name. */
  revision: string;
  /** Its `.revision` afterwards: one more than the highest, so it sorts last again. */
  revisionNumber: number;
  /** Pods already on the target revision: counted as updated at once, never touched. */
  alreadyThere: string[];
  /** Pods the controller moves to the target, in its order (where it has one), and how. */
  moves: RollbackMove[];
  /** Pods the partition (or the DaemonSet's selector) keeps where they are. */
  kept: string[];
  notes: string[];
}

/**
 * How a pod on `from` reaches `to` under an update policy: ReCreate recreates; the in-place policies update in place
 * when the revision diff allows (docs/kruise-rules.md §7.1), else InPlaceIfPossible recreates and InPlaceOnly is
 * blocked. Upstream: kruise pkg/util/inplaceupdate/inplace_update.go CanUpdateInPlace.
 */
export function moveHow(
  policy: "ReCreate" | "InPlaceIfPossible" | "InPlaceOnly",
  from: ControllerRevision | undefined,
  to: ControllerRevision,
): MoveHow {
  if (policy === "ReCreate") return "recreate";
  if (calculateInPlaceUpdateSpec(from, to)) return "in-place";
  return policy === "InPlaceOnly" ? "blocked" : "recreate";
}

/**
 * The `.revision` the target has after the rollback: unchanged when it is already the newest, else one more than the
 * highest. Upstream: kubernetes pkg/controller/history/controller_history.go (FindEqualRevisions, the controllers'
 * "reuse the equal revision with the next number").
 */
export function rollbackRevisionNumber(revisions: ControllerRevision[], target: ControllerRevision): number {
  const sorted = sortRevisions(revisions);
  if (sorted.at(-1)?.metadata.name === target.metadata.name) return target.revision;
  return (sorted.at(-1)?.revision ?? 0) + 1;
}
