// The status of an Advanced DaemonSet, counted per node (docs/kruise-rules.md §14.7).
import type { DaemonSet, DaemonSetStatus, Node, Pod } from "../../k8s/objects";
import { isPodReadyCondition } from "../core/pod-state";
import { byCreationTimestampAndPhase, isDaemonPodUpdated, nodeToDaemonPods, templateGeneration } from "./daemon-pods";
import { isDaemonPodAvailable } from "./health";
import { nodeShouldRunDaemonPod } from "./placement";

export interface DaemonCounts {
  desiredNumberScheduled: number;
  currentNumberScheduled: number;
  numberMisscheduled: number;
  numberReady: number;
  updatedNumberScheduled: number;
  numberAvailable: number;
  numberUnavailable: number;
}

/**
 * Per node that should run a pod: desired; with any pod (terminating ones too) current; its oldest pod decides ready,
 * available (Ready for minReadySeconds and InPlaceUpdateReady not False) and updated. A node that should not run a
 * pod but has one is misscheduled. unavailable = desired − available. Upstream: kruise
 * pkg/controller/daemonset/daemonset_controller.go updateDaemonSetStatus.
 */
export function daemonCounts(ds: DaemonSet, nodes: Node[], pods: Pod[], hash: string, now: number): DaemonCounts {
  const byNode = nodeToDaemonPods(pods);
  const generation = templateGeneration(ds);
  const c: DaemonCounts = {
    desiredNumberScheduled: 0,
    currentNumberScheduled: 0,
    numberMisscheduled: 0,
    numberReady: 0,
    updatedNumberScheduled: 0,
    numberAvailable: 0,
    numberUnavailable: 0,
  };
  for (const node of nodes) {
    const here = byNode.get(node.metadata.name) ?? [];
    if (!nodeShouldRunDaemonPod(ds, node).shouldRun) {
      if (here.length) c.numberMisscheduled++;
      continue;
    }
    c.desiredNumberScheduled++;
    if (!here.length) continue;
    c.currentNumberScheduled++;
    const pod = [...here].sort(byCreationTimestampAndPhase)[0];
    if (isPodReadyCondition(pod)) {
      c.numberReady++;
      if (isDaemonPodAvailable(pod, ds.spec.minReadySeconds ?? 0, now)) c.numberAvailable++;
    }
    if (isDaemonPodUpdated(pod, hash, generation)) c.updatedNumberScheduled++;
  }
  c.numberUnavailable = c.desiredNumberScheduled - c.numberAvailable;
  return c;
}

/**
 * The status to write, or undefined when nothing changed: the counts, daemonSetHash and — unless the reconcile ended
 * waiting for its own writes — observedGeneration; the rest (conditions, collisionCount) is carried over.
 * Upstream: daemonset_controller.go storeDaemonSetStatus.
 */
export function nextDaemonStatus(
  ds: DaemonSet,
  c: DaemonCounts,
  hash: string,
  updateObservedGeneration: boolean,
): DaemonSetStatus | undefined {
  const s = ds.status;
  const same =
    !!s &&
    (Object.keys(c) as (keyof DaemonCounts)[]).every((k) => (s[k] ?? 0) === c[k]) &&
    (s.observedGeneration ?? 0) >= (ds.metadata.generation ?? 0) &&
    s.daemonSetHash === hash;
  if (same) return undefined;
  const next: DaemonSetStatus = { ...(s ?? { daemonSetHash: "" }), ...c, daemonSetHash: hash };
  if (updateObservedGeneration) next.observedGeneration = ds.metadata.generation;
  return wireDaemonStatus(next);
}

/** The status as Go's encoding/json writes it: omitempty fields at zero left out. */
export function wireDaemonStatus(s: DaemonSetStatus): DaemonSetStatus {
  const out: DaemonSetStatus = { ...s };
  for (const k of ["observedGeneration", "numberAvailable", "numberUnavailable"] as const) if (!out[k]) delete out[k];
  if (out.collisionCount === undefined || out.collisionCount === null) delete out.collisionCount;
  if (!out.conditions?.length) delete out.conditions;
  return out;
}
