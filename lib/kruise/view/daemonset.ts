/**
 * An Advanced DaemonSet in the shared views (docs/kruise-rules.md §14): its lens (./workload.ts). Its replicas are
 * the nodes that should run its pod, its partition counts nodes kept on the old revision among those
 * rollingUpdate.selector picks, its limits are counted in nodes, and its status counts one pod per node (the oldest).
 * Its pods laid out by node are ./daemonset-nodes.ts.
 */
import type { DaemonSet, Node, Pod } from "../../k8s/objects";
import { isPodReadyCondition } from "../core/pod-state";
import { plural } from "../core/plural";
import { selectorString } from "../core/labels";
import {
  LABEL_DS_HASH,
  byCreationTimestampAndPhase,
  isDaemonPodUpdated,
  nodeToDaemonPods,
  templateGeneration,
} from "../daemonset/daemon-pods";
import { isDaemonPodAvailable } from "../daemonset/health";
import { updateRevisionName } from "../daemonset/revision";
import { nodeShouldRunDaemonPod } from "../daemonset/placement";
import { nodesToUpdate } from "../daemonset/update";
import type { PodCounts } from "./snapshot";
import { predictDaemonRollback } from "../daemonset/rollback";
import { daemonLimitsNotes, daemonPartitionModel } from "./daemonset-partition";
import type { ViewWorkload } from "./types";
import { needsPods, shapeCache, type LensContext, type WorkloadLens } from "./workload";

const rolling = (ds: DaemonSet) => ds.spec.updateStrategy?.rollingUpdate ?? {};
const partitionOf = (ds: DaemonSet) => rolling(ds).partition ?? 0;
const hashOf = (ds: DaemonSet) => ds.status?.daemonSetHash ?? "";

/** The nodes the DaemonSet should run a pod on: from the nodes where known, else its status. */
function desiredNodes(ds: DaemonSet, nodes: readonly Node[] | undefined): number {
  if (!nodes) return ds.status?.desiredNumberScheduled ?? 0;
  return nodes.filter((n) => nodeShouldRunDaemonPod(ds, n).shouldRun).length;
}

interface Reach {
  /** nodes that should run a pod and that the partition and selector let the update reach */
  target: number;
  /** nodes the partition keeps on the old revision */
  kept: number;
  /** nodes rollingUpdate.selector leaves out; undefined when not known (no nodes or pods) */
  excluded?: string[];
}

/**
 * How far the update reaches (§14.6): exactly with the nodes and the pods (lib/kruise/daemonset/update.ts
 * nodesToUpdate); from the counts alone it is the desired nodes less the partition.
 */
function reach(ds: DaemonSet, ctx: LensContext): Reach {
  const desired = desiredNodes(ds, ctx.nodes);
  const hash = hashOf(ds);
  if (ctx.nodes && ctx.pods && hash) {
    const n = nodesToUpdate(ds, [...ctx.nodes], [...ctx.pods], hash);
    const should = new Set(
      ctx.nodes.filter((x) => nodeShouldRunDaemonPod(ds, x).shouldRun).map((x) => x.metadata.name),
    );
    return { target: n.nodes.filter((x) => should.has(x)).length, kept: n.kept.length, excluded: n.excluded };
  }
  const kept = Math.min(partitionOf(ds), desired);
  return { target: desired - kept, kept };
}

/**
 * The revision the old pods run, `<ds>-<hash>` of the hash most live pods off the update revision carry: a DaemonSet's
 * status names no current revision, yet the views call that one current, as a CloneSet's status does. Upstream: kruise
 * pkg/controller/daemonset/daemonset_history.go (revision names and the controller-revision-hash label).
 */
function oldRevisionName(ds: DaemonSet, pods: readonly Pod[]): string | undefined {
  const count = new Map<string, number>();
  for (const p of pods) {
    const h = p.metadata.labels?.[LABEL_DS_HASH];
    if (h && h !== hashOf(ds) && !p.metadata.deletionTimestamp) count.set(h, (count.get(h) ?? 0) + 1);
  }
  const top = [...count].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  return top ? `${ds.metadata.name}-${top}` : undefined;
}

/** The DaemonSet on the shared views' fields (apis/apps/v1alpha1/daemonset_types.go; §14.5–§14.7). */
function project(ds: DaemonSet, ctx: LensContext): ViewWorkload {
  const ru = rolling(ds);
  const st = ds.status;
  const current = st?.currentNumberScheduled ?? 0;
  const updated = st?.updatedNumberScheduled ?? 0;
  const desired = desiredNodes(ds, ctx.nodes);
  const update = updateRevisionName(ds);
  // The status has no updated-and-ready counts: at least the ready pods less the old ones (the detail counts pods).
  const old = Math.max(current - updated, 0);
  return {
    metadata: ds.metadata,
    spec: {
      replicas: desired,
      minReadySeconds: ds.spec.minReadySeconds ?? 0,
      lifecycle: ds.spec.lifecycle,
      template: ds.spec.template,
      updateStrategy: {
        type: ru.rollingUpdateType ?? "Standard",
        partition: partitionOf(ds),
        paused: !!ru.paused,
        maxUnavailable: ru.maxUnavailable ?? 1,
        maxSurge: ru.maxSurge ?? 0,
      },
    },
    status: {
      observedGeneration: st?.observedGeneration,
      conditions: st?.conditions,
      replicas: current,
      readyReplicas: st?.numberReady ?? 0,
      availableReplicas: st?.numberAvailable ?? 0,
      updatedReplicas: updated,
      updatedReadyReplicas: Math.max((st?.numberReady ?? 0) - old, 0),
      updatedAvailableReplicas: Math.max((st?.numberAvailable ?? 0) - old, 0),
      expectedUpdatedReplicas: reach(ds, ctx).target,
      updateRevision: update,
      // A DaemonSet names no current revision: the one its old pods run, where the pods are known; the update's once
      // every node runs it.
      ...(update && updated >= desired && current === desired
        ? { currentRevision: update }
        : ctx.pods && oldRevisionName(ds, ctx.pods)
          ? { currentRevision: oldRevisionName(ds, ctx.pods) }
          : {}),
    },
  };
}

/**
 * The status counts its pods make, one per node that should run one (the node's oldest pod, scheduled first):
 * current, ready (Ready=True), available (Ready for minReadySeconds, InPlaceUpdateReady not False), updated (its
 * hash or template generation is the DaemonSet's). Upstream: kruise pkg/controller/daemonset/daemonset_controller.go
 * updateDaemonSetStatus (lib/kruise/daemonset/status.ts daemonCounts).
 */
export function daemonPodCounts(
  ds: DaemonSet,
  nodes: readonly Node[] | undefined,
  pods: readonly Pod[],
  now: Date,
): PodCounts {
  const hash = hashOf(ds);
  const generation = templateGeneration(ds);
  const should = nodes
    ? new Set(nodes.filter((n) => nodeShouldRunDaemonPod(ds, n).shouldRun).map((n) => n.metadata.name))
    : undefined;
  const minReady = ds.spec.minReadySeconds ?? 0;
  const c: PodCounts = { replicas: 0, ready: 0, available: 0, updated: 0, updatedReady: 0, updatedAvailable: 0 };
  for (const [node, here] of nodeToDaemonPods([...pods])) {
    if (should && !should.has(node)) continue;
    const pod = [...here].sort(byCreationTimestampAndPhase)[0];
    const ready = isPodReadyCondition(pod);
    const available = ready && isDaemonPodAvailable(pod, minReady, now.getTime());
    const updated = isDaemonPodUpdated(pod, hash, generation);
    c.replicas++;
    if (ready) c.ready++;
    if (available) c.available++;
    if (updated) c.updated++;
    if (updated && ready) c.updatedReady++;
    if (updated && available) c.updatedAvailable++;
  }
  return c;
}

function partitionNote(ds: DaemonSet, r: Reach): string {
  const sel = rolling(ds).selector;
  if (!sel) return "";
  if (!r.excluded) return `rollingUpdate.selector ${selectorString(sel)} picks the nodes`;
  return `rollingUpdate.selector ${selectorString(sel)} leaves out ${plural(r.excluded.length, "node")}`;
}

/** The Advanced DaemonSet's lens (docs/architecture.md §8). */
export const daemonSetLens: WorkloadLens<DaemonSet> = {
  resource: "daemonsets",
  kind: "DaemonSet",
  title: "Advanced DaemonSet",
  unit: "node",
  shape: shapeCache(project),
  partition: (ds, ctx) => {
    const r = reach(ds, ctx);
    return { set: String(partitionOf(ds)), resolved: r.kept, note: partitionNote(ds, r) };
  },
  strategy: (ds) =>
    [ds.spec.updateStrategy?.type ?? "RollingUpdate", rolling(ds).rollingUpdateType ?? "Standard"].join(" · "),
  maxUnavailable: (ds) => String(rolling(ds).maxUnavailable ?? 1),
  maxSurge: (ds) => String(rolling(ds).maxSurge ?? 0),
  counts: (ds, rows, now, ctx) =>
    ctx.pods ? daemonPodCounts(ds, ctx.nodes, ctx.pods, now) : daemonPodCountsFromStatus(ds, rows.length),
  // Its status never says how many updated pods are ready; the bound from below reads "not ready" while unsure.
  needsPods: (ds) => needsPods(daemonSetLens.shape(ds, {})),
  partitionModel: (ds, ctx) => daemonPartitionModel(ds, ctx.nodes, ctx.pods ?? []),
  limitsNotes: (ds, ctx, v) => daemonLimitsNotes(ds, ctx.nodes, v),
  inPlaceReading: (ds) => {
    const ru = ds.spec?.updateStrategy?.rollingUpdate;
    const replicas = ds.status?.desiredNumberScheduled ?? 0;
    const type = ru?.rollingUpdateType === "InPlaceIfPossible" ? "InPlaceIfPossible" : "ReCreate";
    return { type, replicas, podsToUpdate: Math.max(replicas - (ru?.partition ?? 0), 0) };
  },
  rollback: (ds, ctx, revisions, target) =>
    predictDaemonRollback(ds, [...(ctx.nodes ?? [])], [...(ctx.pods ?? [])], revisions, target),
};

/** Without the pods themselves, the status's own counts (the updated-ready ones bounded from below). */
function daemonPodCountsFromStatus(ds: DaemonSet, pods: number): PodCounts {
  const st = daemonSetLens.shape(ds, {}).status ?? {};
  return {
    replicas: st.replicas ?? pods,
    ready: st.readyReplicas ?? 0,
    available: st.availableReplicas ?? 0,
    updated: st.updatedReplicas ?? 0,
    updatedReady: st.updatedReadyReplicas ?? 0,
    updatedAvailable: st.updatedAvailableReplicas ?? 0,
  };
}

/** What only a DaemonSet has, for its header: its update type, the selector, hooks, readiness wait. */
export function daemonFacts(ds: DaemonSet): { label: string; value: string }[] {
  const ru = rolling(ds);
  const hooks = [ds.spec.lifecycle?.preDelete ? "preDelete" : ""].filter(Boolean);
  return [
    { label: "Rolling update type", value: ru.rollingUpdateType ?? "Standard" },
    { label: "Update selector", value: ru.selector ? selectorString(ru.selector) || "(matches every node)" : "none" },
    { label: "Lifecycle hooks", value: hooks.length ? hooks.join(", ") : "none" },
    { label: "minReadySeconds", value: String(ds.spec.minReadySeconds ?? 0) },
  ];
}
