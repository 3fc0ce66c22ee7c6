// The core loop of an Advanced DaemonSet: nodes that need a pod, pods that must go (docs/kruise-rules.md §14.4).
import type { DaemonSet, Node, Pod } from "../../k8s/objects";
import { availableWaitMs, isPodAvailable } from "./health";
import {
  byCreationTimestampAndPhase,
  findUpdatedPodsOnNode,
  isDaemonPodUpdated,
  isPodPreDeleting,
  nodeToDaemonPods,
  templateGeneration,
} from "./daemon-pods";
import { nodeShouldRunDaemonPod } from "./placement";
import { surgeCount } from "./update";

export interface ManagePlan {
  /** Nodes that get a new pod (at the current revision), in creation order. */
  nodesNeedingPods: string[];
  /** Pods to delete (or to move to PreparingDelete under the preDelete hook). */
  podsToDelete: Pod[];
  /** Failed pods found, one Warning event each (FailedDaemonPod). */
  failed: { pod: Pod; node: string }[];
  /** Wake again after this long (a surge pod reaching minReadySeconds). */
  requeueMs?: number;
}

/** Nodes that should run a pod and lack one, at most `desired − new − partition` of them, sorted (GetNodesNeedingPods). */
export function nodesNeedingPodsWithPartition(
  newPods: number,
  desired: number,
  partition: number,
  progressive: boolean,
  nodes: string[],
): string[] {
  if (!progressive) return [...nodes].sort();
  const p = Math.max(Math.min(partition, desired), 0);
  const max = Math.min(Math.max(desired - newPods - p, 0), nodes.length);
  return max > 0 ? [...nodes].sort().slice(0, max) : [];
}

/**
 * Per node: a node that should run a pod and has none gets one; pods on a node that must not keep them are deleted;
 * Failed and PreparingDelete pods are deleted; without surge every pod but the oldest is deleted; with surge the old
 * pod goes once the new one is available (or at once when the old one is not ready). Unscheduled pods aimed at a
 * vanished node are deleted. With a partition the nodes needing pods are sorted (and, with the progressive
 * annotation, capped). Upstream: kruise pkg/controller/daemonset/daemonset_controller.go manage, podsShouldBeOnNode.
 */
export function manage(ds: DaemonSet, nodes: Node[], pods: Pod[], hash: string, now: number): ManagePlan {
  const byNode = nodeToDaemonPods(pods);
  const plan: ManagePlan = { nodesNeedingPods: [], podsToDelete: [], failed: [] };
  let desired = 0,
    newPods = 0;
  const generation = templateGeneration(ds);
  for (const node of nodes) {
    const fit = nodeShouldRunDaemonPod(ds, node);
    onNode(ds, node.metadata.name, fit, byNode.get(node.metadata.name), hash, now, plan);
    if (fit.shouldRun) desired++;
    const found = findUpdatedPodsOnNode(byNode.get(node.metadata.name), hash, generation);
    if (found.ok && found.newPod) newPods++;
  }
  const known = new Set(nodes.map((n) => n.metadata.name));
  for (const [node, ps] of byNode) if (!known.has(node)) plan.podsToDelete.push(...ps.filter((p) => !p.spec.nodeName));
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  if ((ds.spec.updateStrategy?.type ?? "RollingUpdate") === "RollingUpdate" && ru?.partition) {
    const progressive = ds.metadata.annotations?.["daemonset.kruise.io/progressive-create-pod"] === "true";
    plan.nodesNeedingPods = nodesNeedingPodsWithPartition(
      newPods,
      desired,
      ru.partition,
      progressive,
      plan.nodesNeedingPods,
    );
  }
  return plan;
}

function onNode(
  ds: DaemonSet,
  node: string,
  fit: { shouldRun: boolean; shouldContinueRunning: boolean },
  pods: Pod[] | undefined,
  hash: string,
  now: number,
  plan: ManagePlan,
): void {
  if (fit.shouldRun && !pods) {
    plan.nodesNeedingPods.push(node);
    return;
  }
  if (!fit.shouldContinueRunning) {
    plan.podsToDelete.push(...(pods ?? []).filter((p) => !p.metadata.deletionTimestamp));
    return;
  }
  const running: Pod[] = [];
  for (const p of pods ?? []) {
    if (p.metadata.deletionTimestamp) continue;
    if (p.status?.phase === "Failed") {
      plan.failed.push({ pod: p, node });
      plan.podsToDelete.push(p);
    } else if (isPodPreDeleting(p)) plan.podsToDelete.push(p);
    else running.push(p);
  }
  running.sort(byCreationTimestampAndPhase);
  if (surgeCount(ds, 1) <= 0) {
    plan.podsToDelete.push(...running.slice(1));
    return;
  }
  if (running.length <= 1) {
    if (!running.length && fit.shouldRun) plan.nodesNeedingPods.push(node);
    return;
  }
  surgeOnNode(ds, running, hash, now, plan);
}

function surgeOnNode(ds: DaemonSet, running: Pod[], hash: string, now: number, plan: ManagePlan): void {
  const generation = templateGeneration(ds);
  let oldestNew: Pod | undefined, oldestOld: Pod | undefined;
  for (const p of running) {
    const isNew = isDaemonPodUpdated(p, hash, generation);
    if (isNew && !oldestNew) oldestNew = p;
    else if (!isNew && !oldestOld) oldestOld = p;
    else plan.podsToDelete.push(p);
  }
  if (!oldestNew || !oldestOld) return;
  const minReady = ds.spec.minReadySeconds ?? 0;
  if (!oldestOld.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"))
    plan.podsToDelete.push(oldestOld);
  else if (isPodAvailable(oldestNew, minReady, now)) plan.podsToDelete.push(oldestOld);
  else if (minReady > 0 && oldestNew.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True"))
    plan.requeueMs = Math.min(plan.requeueMs ?? Infinity, availableWaitMs(oldestNew, minReady, now));
}
