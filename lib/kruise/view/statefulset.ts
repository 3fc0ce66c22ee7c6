/**
 * An Advanced StatefulSet in the shared views (docs/kruise-rules.md §13): its lens (./workload.ts) — partition,
 * pause and limits under updateStrategy.rollingUpdate, a partition that is an ordinal (or a count with
 * unorderedUpdate), status counted by the StatefulSet controller's rules — and its pods by ordinal, with the reserved
 * ordinals marked.
 */
import type { StatefulSet } from "../../k8s/objects";
import { plural } from "../core/plural";
import { replicasRange, parentAndOrdinal } from "../statefulset/ordinals";
import { statefulKeepOld } from "../statefulset/preview";
import type { DetailPods } from "./detail";
import { timeOf, sameRevision } from "./format";
import type { PodRow } from "./pods";
import type { PodCounts } from "./snapshot";
import { predictStatefulRollback } from "../statefulset/rollback";
import { statefulLimitsNotes, statefulPartitionModel } from "./statefulset-partition";
import { statefulScalePreviewModel } from "./statefulset-scale";
import type { ViewWorkload } from "./types";
import { needsPods, shapeCache, type WorkloadLens } from "./workload";

const rolling = (set: StatefulSet) => set.spec.updateStrategy?.rollingUpdate ?? {};
const partitionOf = (set: StatefulSet) => rolling(set).partition ?? 0;

/** Pods the partition wants on the update revision: every pod but those it keeps (none with OnDelete's own rule). */
function target(set: StatefulSet): number {
  const replicas = set.spec.replicas ?? 1;
  return replicas - Math.min(statefulKeepOld(set, partitionOf(set)), replicas);
}

/** The set on the shared views' fields (apis/apps/v1beta1/statefulset_types.go; §13.4–§13.6). */
function project(set: StatefulSet): ViewWorkload {
  const ru = rolling(set);
  return {
    metadata: set.metadata,
    spec: {
      replicas: set.spec.replicas ?? 1,
      minReadySeconds: ru.minReadySeconds ?? 0,
      lifecycle: set.spec.lifecycle,
      template: set.spec.template,
      updateStrategy: {
        type: ru.podUpdatePolicy ?? "ReCreate",
        partition: partitionOf(set),
        paused: !!ru.paused,
        maxUnavailable: ru.maxUnavailable ?? 1,
      },
    },
    status: { ...set.status, expectedUpdatedReplicas: target(set) },
  };
}

/**
 * The status counts as the StatefulSet controller makes them from these pods: every pod counts in replicas; ready is
 * Running with Ready=True; available is ready for rollingUpdate.minReadySeconds; updated counts pods not terminating
 * whose revision is the update revision. Upstream: kruise pkg/controller/statefulset/stateful_set_control.go
 * updateStatefulSet (lib/kruise/statefulset/status.ts countStatus).
 */
export function statefulPodCounts(set: StatefulSet, rows: PodRow[], now: Date): PodCounts {
  const minReady = rolling(set).minReadySeconds ?? 0;
  const update = set.status?.updateRevision;
  const c: PodCounts = { replicas: 0, ready: 0, available: 0, updated: 0, updatedReady: 0, updatedAvailable: 0 };
  for (const p of rows) {
    c.replicas++;
    const updated = sameRevision(p.revision, update);
    const ready = p.phase === "Running" && p.ready;
    const since = timeOf(p.readySince);
    const available = ready && (minReady <= 0 || (since > 0 && since + minReady * 1000 <= now.getTime()));
    if (ready) c.ready++;
    if (available) c.available++;
    if (updated && ready) c.updatedReady++;
    if (updated && available) c.updatedAvailable++;
    if (updated && !p.terminating) c.updated++;
  }
  return c;
}

function strategy(set: StatefulSet): string {
  const type = set.spec.updateStrategy?.type ?? "RollingUpdate";
  const ru = rolling(set);
  const parts = [type];
  if (type === "RollingUpdate") parts.push(ru.podUpdatePolicy ?? "ReCreate");
  if (ru.unorderedUpdate) parts.push("unordered");
  if (set.spec.podManagementPolicy === "Parallel") parts.push("Parallel");
  return parts.join(" · ");
}

function partitionNote(set: StatefulSet): string {
  const p = partitionOf(set);
  if (set.spec.updateStrategy?.type === "OnDelete") return "OnDelete: pods update only when you delete them";
  if (rolling(set).unorderedUpdate) return "a count with unorderedUpdate: priority picks which";
  return p > 0 ? `ordinals below ${p}` : "";
}

/** The Advanced StatefulSet's lens (docs/architecture.md §8). */
export const statefulSetLens: WorkloadLens<StatefulSet> = {
  resource: "statefulsets",
  kind: "StatefulSet",
  title: "Advanced StatefulSet",
  unit: "pod",
  shape: shapeCache(project),
  partition: (set) => ({
    set: String(partitionOf(set)),
    resolved: statefulKeepOld(set, partitionOf(set)),
    note: partitionNote(set),
  }),
  strategy,
  maxUnavailable: (set) => String(rolling(set).maxUnavailable ?? 1),
  maxSurge: () => "—",
  counts: (set, rows, now) => statefulPodCounts(set, rows, now),
  needsPods: (set) => needsPods(statefulSetLens.shape(set, {})),
  partitionModel: (set, ctx) => statefulPartitionModel(set, ctx.pods ?? []),
  limitsNotes: (set, _ctx, v) => statefulLimitsNotes(set, v),
  inPlaceReading: (set) => {
    const replicas = set.spec?.replicas ?? 1;
    if (set.spec?.updateStrategy?.type === "OnDelete") return { type: "ReCreate", replicas, podsToUpdate: 0 };
    const spec = { ...set.spec, replicas, reserveOrdinals: set.spec?.reserveOrdinals ?? [] };
    const kept = statefulKeepOld({ spec }, set.spec?.updateStrategy?.rollingUpdate?.partition ?? 0);
    return {
      type: set.spec?.updateStrategy?.rollingUpdate?.podUpdatePolicy ?? "ReCreate",
      replicas,
      podsToUpdate: replicas - kept,
    };
  },
  scale: (set, pods, replicas) => statefulScalePreviewModel(set, pods, replicas),
  rollback: (set, ctx, revisions, target) => predictStatefulRollback(set, [...(ctx.pods ?? [])], revisions, target),
};

export type OrdinalState = "pod" | "missing" | "reserved" | "condemned";

export interface OrdinalSlotView {
  ordinal: number;
  /** pod: where the set wants one; missing: wanted, none yet; reserved: skipped by reserveOrdinals; condemned: a pod
   * past the range or at a reserved ordinal, which the controller scales in */
  state: OrdinalState;
  pod?: PodRow;
  /** on the update revision */
  updated: boolean;
  /** ordered update: below the partition, so kept on its revision */
  kept: boolean;
}

export interface OrdinalsView {
  slots: OrdinalSlotView[];
  /** reserveOrdinals beyond the range: skipped if the set grows that far */
  reservedBeyond: number[];
  /** ordered update: the first ordinal the update reaches (the partition); null with unorderedUpdate or OnDelete */
  boundary: number | null;
  /** "5 pods at ordinals 0–5, ordinal 2 reserved; partition 3: ordinals 3 and up update, highest first" */
  summary: string;
}

/**
 * The set's ordinals from 0 to the end of its range (or its highest pod), each with its pod, and the reserved ones
 * marked (docs/kruise-rules.md §13.1: getStatefulSetReplicasRange, reserveOrdinals).
 */
export function ordinalsView(set: StatefulSet, rows: PodRow[]): OrdinalsView {
  const { replicaCount, reserved } = replicasRange(set.spec);
  const update = set.status?.updateRevision;
  const byOrdinal = new Map<number, PodRow>();
  for (const r of rows) {
    const { parent, ordinal } = parentAndOrdinal(r.name);
    if (ordinal >= 0 && parent === set.metadata.name) byOrdinal.set(ordinal, r);
  }
  const last = Math.max(replicaCount - 1, ...byOrdinal.keys());
  const ordered = !rolling(set).unorderedUpdate && set.spec.updateStrategy?.type !== "OnDelete";
  const p = partitionOf(set);
  const slots: OrdinalSlotView[] = [];
  for (let o = 0; o <= last; o++) {
    const pod = byOrdinal.get(o);
    const inRange = o < replicaCount && !reserved.has(o);
    // Past the range without a pod there is nothing to show; a reserved one within it is a gap worth naming.
    if (!inRange && !pod && o >= replicaCount) continue;
    const state: OrdinalState = inRange ? (pod ? "pod" : "missing") : pod ? "condemned" : "reserved";
    slots.push({
      ordinal: o,
      state,
      pod,
      updated: !!pod && sameRevision(pod.revision, update),
      kept: ordered && o < p,
    });
  }
  const reservedIn = [...reserved].filter((o) => o < replicaCount).sort((a, b) => a - b);
  const reservedBeyond = [...reserved].filter((o) => o >= replicaCount).sort((a, b) => a - b);
  const head = `${plural(set.spec.replicas ?? 1, "pod")} at ordinals 0–${Math.max(replicaCount - 1, 0)}`;
  const skip = reservedIn.length
    ? `, ${reservedIn.length === 1 ? "ordinal" : "ordinals"} ${reservedIn.join(", ")} reserved`
    : "";
  const how = !ordered
    ? rolling(set).unorderedUpdate
      ? `; partition ${p} counts pods kept old, priority picks which`
      : "; OnDelete: a pod updates when it is deleted"
    : `; partition ${p}: ordinals ${p} and up update, highest first`;
  return { slots, reservedBeyond, boundary: ordered ? p : null, summary: `${head}${skip}${how}` };
}

/** The detail's pods by revision with each group in ordinal order: a StatefulSet's pods are read by ordinal. */
export function inOrdinalOrder(half: DetailPods): DetailPods {
  const ordinal = new Map(half.rows.map((r) => [r.name, parentAndOrdinal(r.name).ordinal]));
  const by = (a: PodRow, b: PodRow) => ordinal.get(a.name)! - ordinal.get(b.name)! || a.name.localeCompare(b.name);
  return { ...half, groups: half.groups.map((g) => ({ ...g, pods: [...g.pods].sort(by) })) };
}

/** What only a StatefulSet has, for its header: pod management, reserved ordinals, hooks, readiness wait. */
export function statefulFacts(set: StatefulSet): { label: string; value: string }[] {
  const lc = set.spec.lifecycle;
  const hooks = [lc?.preDelete ? "preDelete" : "", lc?.inPlaceUpdate ? "inPlaceUpdate" : ""].filter(Boolean);
  const reserved = [...(set.spec.reserveOrdinals ?? [])].sort((a, b) => a - b);
  return [
    { label: "Pod management", value: set.spec.podManagementPolicy ?? "OrderedReady" },
    { label: "Reserved ordinals", value: reserved.length ? reserved.join(", ") : "none" },
    { label: "Lifecycle hooks", value: hooks.length ? hooks.join(", ") : "none" },
    { label: "minReadySeconds", value: String(rolling(set).minReadySeconds ?? 0) },
  ];
}
