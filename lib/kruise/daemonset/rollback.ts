// The rollback prediction for an Advanced DaemonSet (docs/kruise-rules.md §14.10).
import { CONDITION_INPLACE_READY } from "../core/names";
import { hasReadinessGate } from "../lifecycle/lifecycle";
import { moveHow, rollbackRevisionNumber, type RollbackPrediction } from "../order/rollback";
import type { ControllerRevision, DaemonSet, Node, Pod } from "../../k8s/objects";
import { LABEL_DS_HASH, findUpdatedPodsOnNode, nodeToDaemonPods, targetNodeName } from "./daemon-pods";
import { nodesToUpdate } from "./update";

/**
 * Rolling the template back to `target`: its revision is reused with the next number; pods carrying its hash stay;
 * pods on the nodes the partition and selector let the update touch move, by name descending — in place only with
 * rollingUpdateType InPlaceIfPossible, a pod that has the InPlaceUpdateReady gate and a diff that allows it, else by
 * recreation. Upstream: kruise pkg/controller/daemonset/daemonset_history.go constructHistory,
 * daemonset_update.go filterDaemonPodsNodeToUpdate, canPodInPlaceUpdate.
 */
export function predictDaemonRollback(
  ds: DaemonSet,
  nodes: Node[],
  pods: Pod[],
  revisions: ControllerRevision[],
  target: ControllerRevision,
): RollbackPrediction {
  const hash = target.metadata.labels?.[LABEL_DS_HASH] ?? "";
  const live = pods.filter((p) => !p.metadata.deletionTimestamp);
  const byNode = nodeToDaemonPods(live);
  const scope = nodesToUpdate(ds, nodes, live, hash);
  const inPlace = ds.spec.updateStrategy?.rollingUpdate?.rollingUpdateType === "InPlaceIfPossible";
  const revOf = (p: Pod) =>
    revisions.find((r) => r.metadata.labels?.[LABEL_DS_HASH] === p.metadata.labels?.[LABEL_DS_HASH]);
  const moves = scope.nodes.flatMap((node) => {
    const { oldPod } = findUpdatedPodsOnNode(byNode.get(node), hash);
    if (!oldPod) return [];
    const can = inPlace && hasReadinessGate(oldPod, CONDITION_INPLACE_READY);
    return [
      { pod: oldPod.metadata.name!, node, how: moveHow(can ? "InPlaceIfPossible" : "ReCreate", revOf(oldPod), target) },
    ];
  });
  const alreadyThere = live.filter((p) => p.metadata.labels?.[LABEL_DS_HASH] === hash).map((p) => p.metadata.name!);
  const keptNodes = new Set([...scope.kept, ...scope.excluded]);
  const kept = live
    .filter((p) => keptNodes.has(targetNodeName(p) ?? "") && p.metadata.labels?.[LABEL_DS_HASH] !== hash)
    .map((p) => p.metadata.name!);
  const notes: string[] = [];
  if (ds.spec.updateStrategy?.rollingUpdate?.paused)
    notes.push("the rollout is paused: nothing moves until it is resumed");
  if (scope.excluded.length) notes.push(`rollingUpdate.selector leaves out ${scope.excluded.join(", ")}`);
  return {
    revision: target.metadata.name ?? "",
    revisionNumber: rollbackRevisionNumber(revisions, target),
    alreadyThere,
    moves,
    kept,
    notes,
  };
}
