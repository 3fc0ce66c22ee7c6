// The rolling update of an Advanced DaemonSet, counted in nodes (docs/kruise-rules.md §14.5, §14.6).
import { k8sScaledValue } from "../core/intorstr";
import { matchesSelector } from "../core/labels";
import type { DaemonSet, Node, Pod } from "../../k8s/objects";
import { isPodAvailable } from "./health";
import {
  findUpdatedPodsOnNode,
  isPodNilOrPreDeleting,
  isPodPreDeleting,
  nodeToDaemonPods,
  templateGeneration,
} from "./daemon-pods";
import { nodeShouldRunDaemonPod } from "./placement";

const rolling = (ds: Pick<DaemonSet, "spec">) =>
  (ds.spec.updateStrategy?.type ?? "RollingUpdate") === "RollingUpdate"
    ? ds.spec.updateStrategy?.rollingUpdate
    : undefined;

/** maxSurge of `nodes` (percentages round up); 0 when unset or not RollingUpdate (surgeCount). */
export function surgeCount(ds: Pick<DaemonSet, "spec">, nodes: number): number {
  const v = rolling(ds)?.maxSurge;
  return v === undefined || v === null ? 0 : k8sScaledValue(v, nodes, true).value;
}

/** maxUnavailable of `nodes` (percentages round up); 0 when unset or not RollingUpdate (unavailableCount). */
export function unavailableCount(ds: Pick<DaemonSet, "spec">, nodes: number): number {
  const v = rolling(ds)?.maxUnavailable;
  return v === undefined || v === null ? 0 : k8sScaledValue(v, nodes, true).value;
}

export interface DaemonLimits {
  /** Nodes that should run a pod (status.desiredNumberScheduled). */
  desired: number;
  maxSurge: number;
  maxUnavailable: number;
}

/**
 * Both limits are counted against the nodes that should run a pod, rounding up; if both are 0 the controller
 * accepts one unavailable node. Upstream: kruise pkg/controller/daemonset/daemonset_update.go updatedDesiredNodeCounts.
 */
export function daemonLimits(ds: Pick<DaemonSet, "spec">, nodes: Node[]): DaemonLimits {
  const desired = nodes.filter((n) => nodeShouldRunDaemonPod(ds, n).shouldRun).length;
  const maxSurge = surgeCount(ds, desired);
  let maxUnavailable = unavailableCount(ds, desired);
  if (desired > 0 && maxUnavailable === 0 && maxSurge === 0) maxUnavailable = 1;
  return { desired, maxSurge, maxUnavailable };
}

/** The nodes the update may touch, and why the others may not. */
export interface NodesToUpdate {
  /** In the controller's order: nodes already updated, then nodes being updated, then the others by name, descending. */
  nodes: string[];
  /** Nodes `rollingUpdate.selector` leaves out. */
  excluded: string[];
  /** Nodes the partition keeps on the old revision. */
  kept: string[];
}

/**
 * Which nodes a rolling update may touch: nodes with a pod to consider (those that should run one, and any with
 * pods), by name descending, grouped as already updated (or with excess pods), being updated (no pod or only a
 * PreparingDelete one), then the rest — only the nodes `rollingUpdate.selector` matches when it is set; the first
 * `nodes − partition` of them. Upstream: kruise pkg/controller/daemonset/daemonset_update.go
 * filterDaemonPodsNodeToUpdate.
 */
export function nodesToUpdate(ds: DaemonSet, nodes: Node[], pods: Pod[], hash: string): NodesToUpdate {
  const byNode = nodeToDaemonPods(pods);
  const ru = rolling(ds);
  const generation = templateGeneration(ds);
  const considered = nodes
    .filter((n) => byNode.has(n.metadata.name) || nodeShouldRunDaemonPod(ds, n).shouldRun)
    .map((n) => n.metadata.name)
    .sort()
    .reverse();
  const labels = new Map(nodes.map((n) => [n.metadata.name, n.metadata.labels ?? {}]));
  const updated: string[] = [],
    updating: string[] = [],
    selected: string[] = [],
    rest: string[] = [];
  for (const name of considered) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(byNode.get(name), hash, generation);
    if (!ok || newPod) updated.push(name);
    else if (isPodNilOrPreDeleting(oldPod)) updating.push(name);
    else if (ru?.selector && matchesSelector(ru.selector, labels.get(name))) selected.push(name);
    else rest.push(name);
  }
  const order = [...updated, ...updating, ...(ru?.selector ? selected : rest)];
  const maxUpdate = Math.max(considered.length - (ru?.partition ?? 0), 0);
  const chosen = order.slice(0, maxUpdate);
  return {
    nodes: chosen,
    excluded: ru?.selector ? rest : [],
    kept: order.slice(maxUpdate),
  };
}

export interface DaemonRound {
  /** Old pods to replace now: deleted, or with InPlaceIfPossible updated in place where the diff allows. */
  oldPodsToDelete: Pod[];
  /** Nodes that get a surge pod at the new revision now (maxSurge > 0). */
  newNodesToCreate: string[];
}

/**
 * One round of the rolling update over the nodes it may touch, visited in `order` (Go map order: arbitrary to
 * Kruise). Without surge: an unavailable old pod is always replaced; available old pods are replaced while nodes
 * without an available new pod stay below maxUnavailable. With surge: a node whose old pod is unavailable gets a new
 * pod at once; others get one while nodes with an unavailable new pod stay below maxSurge; an old pod goes once the
 * new one beside it is available. Upstream: kruise pkg/controller/daemonset/daemonset_update.go rollingUpdate.
 */
export function rollingUpdateRound(
  ds: DaemonSet,
  nodes: Node[],
  pods: Pod[],
  hash: string,
  now: number,
  order: (names: string[]) => string[] = (n) => n,
): DaemonRound {
  const { maxSurge, maxUnavailable } = daemonLimits(ds, nodes);
  const byNode = nodeToDaemonPods(pods);
  const minReady = ds.spec.minReadySeconds ?? 0;
  const generation = templateGeneration(ds);
  const visit = order(nodesToUpdate(ds, nodes, pods, hash).nodes);
  const available = (p: Pod) => isPodAvailable(p, minReady, now);
  if (maxSurge === 0) {
    let unavailable = 0;
    const allowed: Pod[] = [],
      candidates: Pod[] = [];
    for (const name of visit) {
      const { newPod, oldPod, ok } = findUpdatedPodsOnNode(byNode.get(name), hash, generation);
      if (!ok) unavailable++;
      else if (isPodNilOrPreDeleting(oldPod) === isPodNilOrPreDeleting(newPod)) unavailable++;
      else if (newPod) unavailable += (available(newPod) ? 0 : 1) + (isPodPreDeleting(newPod) ? 1 : 0);
      else if (!available(oldPod!)) allowed.push(oldPod!);
      else if (unavailable < maxUnavailable) candidates.push(oldPod!);
    }
    const remaining = Math.min(Math.max(maxUnavailable - unavailable, 0), candidates.length);
    return { oldPodsToDelete: [...allowed, ...candidates.slice(0, remaining)], newNodesToCreate: [] };
  }
  let surging = 0;
  const oldPodsToDelete: Pod[] = [],
    allowedNew: string[] = [],
    candidateNew: string[] = [];
  for (const name of visit) {
    const { newPod, oldPod, ok } = findUpdatedPodsOnNode(byNode.get(name), hash, generation);
    if (!ok) surging++;
    else if (isPodNilOrPreDeleting(oldPod)) continue;
    else if (!newPod) {
      if (!available(oldPod!)) allowedNew.push(name);
      else if (surging < maxSurge) candidateNew.push(name);
    } else if (!available(newPod) || isPodPreDeleting(newPod)) surging++;
    else oldPodsToDelete.push(oldPod!);
  }
  const remaining = Math.min(Math.max(maxSurge - surging, 0), candidateNew.length);
  return { oldPodsToDelete, newNodesToCreate: [...allowedNew, ...candidateNew.slice(0, remaining)] };
}
