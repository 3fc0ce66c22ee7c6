/**
 * One set of views for every workload kind (docs/architecture.md §8). The list row, the state, the revision bar, pods
 * by revision, the pod map, the update's steps, hooks, events and the timeline read a workload through the CloneSet's
 * fields (./types.ts ViewWorkload); a kind whose own rules differ — where its partition, pause and limits live, what
 * its partition keeps, how its status counts pods — says so in its lens, in its own room (./statefulset.ts,
 * ./daemonset.ts), so the shared functions never branch on the kind.
 */
import type { CloneSet, ControllerRevision, Node, Pod } from "../../k8s/objects";
import { previewLimits } from "../order/preview-limits";
import type { RollbackPrediction } from "../order/rollback";
import { detailPods, detailView, type CloneSetDetail, type DetailOptions, type DetailPods } from "./detail";
import { cloneSetView, resolvePartition, type WorkloadRow } from "./list";
import { hasHooks } from "./hooks";
import { cloneSetPartitionModel, type LimitsInput, type LimitsNotes, type PartitionModel } from "./partition";
import type { PodRow } from "./pods";
import { scalePreviewModel, type ScalePreviewModel } from "./scale-preview";
import { podCounts, type PodCounts } from "./snapshot";
import type { KruiseRolloutFacts } from "./state-kruise-rollout";
import type { ViewEvent, ViewPod, ViewRevision, ViewWorkload } from "./types";

/** What a lens may read besides the object: the cluster's nodes and the workload's own pods, where the page has them. */
export interface LensContext {
  /** the cluster's nodes, for kinds laid out by node; undefined while unknown (not streamed, loading, not readable) */
  nodes?: readonly Node[];
  /** the workload's own pods (its controller's), where the page watches them */
  pods?: readonly Pod[];
  /** its own ControllerRevisions, where a prediction needs what changes between them */
  revisions?: readonly ControllerRevision[];
}

/** The partition as the list and header show it. */
export interface PartitionFacts {
  /** As written in the spec ("50%", 3), "0" when unset. */
  set: string;
  /** What it keeps on old revisions by the kind's rule (pods, or nodes); null when it cannot be resolved. */
  resolved: number | null;
  /** What else decides it, in words; "" when nothing. */
  note: string;
}

/** How one kind reads in the shared views. `T` is its object as the live list holds it. */
export interface WorkloadLens<T> {
  /** The resource (plural) its pages, streams and writes use. */
  resource: string;
  /** The kind as its events and owner references name it. */
  kind: string;
  /** What the console calls it ("Advanced StatefulSet"). */
  title: string;
  /** What its partition counts. */
  unit: "pod" | "node";
  /** The object on the shared views' fields; the same object while `obj` and the context are (timeline, memo). */
  shape(obj: T, ctx: LensContext): ViewWorkload;
  partition(obj: T, ctx: LensContext): PartitionFacts;
  /** The update strategy in the kind's own words ("RollingUpdate · InPlaceIfPossible"). */
  strategy(obj: T): string;
  maxUnavailable(obj: T): string;
  /** "—" when the kind has none. */
  maxSurge(obj: T): string;
  /** The status counts the pods make, by the kind's controller rules (the detail's one moment, ./snapshot.ts). */
  counts(obj: T, rows: PodRow[], now: Date, ctx: LensContext): PodCounts;
  /** Whether only its pods can tell the list "slow" from "stuck" (./list-pods.ts needsPods). */
  needsPods(obj: T): boolean;
  /** Its partition slider: range, grammar, presets and preview by its rules, over its own pods (ctx.pods). */
  partitionModel(obj: T, ctx: LensContext): PartitionModel;
  /** What the maxUnavailable / maxSurge a user typed will do, by its webhook's and controller's rules. */
  limitsNotes(obj: T, ctx: LensContext, value: LimitsInput): LimitsNotes;
  /**
   * An edited object's update policy in the CloneSet's words and the pods its partition reaches, for the editor's
   * in-place prediction (lib/patch predictInPlace); none for a CloneSet, which it reads itself.
   */
  inPlaceReading?(edited: T): { type: string; replicas: number; podsToUpdate: number };
  /** Which pods a replicas change deletes or creates, in its controller's order, where the kind predicts it. */
  scale?(obj: T, pods: Pod[], replicas: number, now: number): ScalePreviewModel;
  /** What a rollback to `target` does to its pods, pod by pod, where the kind predicts it. */
  rollback?(obj: T, ctx: LensContext, revisions: ControllerRevision[], target: ControllerRevision): RollbackPrediction;
}

/** One list row of any kind: the shared row of its shape, then its own partition, strategy and limits. */
export function workloadRow<T>(
  lens: WorkloadLens<T>,
  obj: T,
  now: Date,
  ctx: LensContext = {},
  rollout?: KruiseRolloutFacts,
): WorkloadRow {
  return ownWords(lens, obj, ctx, cloneSetView(lens.shape(obj, ctx), now, rollout));
}

/** The row with what only the kind knows: its partition, strategy and limits in its own terms. */
function ownWords<T>(lens: WorkloadLens<T>, obj: T, ctx: LensContext, row: WorkloadRow): WorkloadRow {
  const p = lens.partition(obj, ctx);
  return {
    ...row,
    resource: lens.resource,
    kind: lens.kind,
    kindTitle: lens.title,
    strategyType: lens.strategy(obj),
    partitionSet: p.set,
    partitionResolved: p.resolved,
    partitionUnit: lens.unit,
    partitionNote: p.note,
    maxUnavailable: lens.maxUnavailable(obj),
    maxSurge: lens.maxSurge(obj),
  };
}

/** The detail's first half (./detail.ts detailPods) for any kind: its own pods as rows, its revisions, pods by revision. */
export function workloadDetailPods<T>(
  lens: WorkloadLens<T>,
  obj: T,
  pods: ViewPod[],
  revisions: ViewRevision[],
  now: Date,
  ctx: LensContext = {},
): DetailPods {
  return detailPods(lens.shape(obj, ctx), pods, revisions, now);
}

/**
 * The rest of the detail (./detail.ts detailView) for any kind: counted by its rules, its own events, its header in its
 * own words.
 */
export function workloadDetailView<T>(
  lens: WorkloadLens<T>,
  obj: T,
  half: DetailPods,
  events: ViewEvent[],
  now: Date,
  ctx: LensContext = {},
  opts: DetailOptions = {},
): CloneSetDetail {
  const d = detailView(lens.shape(obj, ctx), half, events, now, {
    ...opts,
    kind: lens.kind,
    counts: (rows) => lens.counts(obj, rows, now, ctx),
  });
  return { ...d, header: ownWords(lens, obj, ctx, d.header) };
}

/** Per object (and context), its projection: a lens's `shape` returns the same object until either changes. */
export function shapeCache<T extends object>(project: (obj: T, ctx: LensContext) => ViewWorkload) {
  const cache = new WeakMap<T, { nodes: LensContext["nodes"]; pods: LensContext["pods"]; shape: ViewWorkload }>();
  return (obj: T, ctx: LensContext): ViewWorkload => {
    const hit = cache.get(obj);
    if (hit && hit.nodes === ctx.nodes && hit.pods === ctx.pods) return hit.shape;
    const shape = project(obj, ctx);
    cache.set(obj, { nodes: ctx.nodes, pods: ctx.pods, shape });
    return shape;
  };
}

/**
 * The status shows pods not ready or missing (only the pods can say whether that is slow or stuck), or pods off the
 * update revision (only the pods say what they run: after a rollback at a partition, some may still run the image
 * rolled back from, ./pods-run.ts).
 */
export function needsPods(cs: ViewWorkload): boolean {
  const st = cs.status ?? {};
  const replicas = cs.spec?.replicas ?? 1;
  return (
    hasHooks(cs) ||
    (st.updatedReplicas ?? 0) > (st.updatedReadyReplicas ?? 0) ||
    (st.updatedReplicas ?? 0) < (st.replicas ?? 0) ||
    (st.readyReplicas ?? 0) < (st.replicas ?? 0) ||
    (st.replicas ?? 0) !== replicas
  );
}

const str = (v: unknown, dflt: string) => (v === undefined || v === null ? dflt : String(v));

/** A CloneSet is read as it is (docs/kruise-rules.md §10). */
export const cloneSetLens: WorkloadLens<ViewWorkload> = {
  resource: "clonesets",
  kind: "CloneSet",
  title: "CloneSet",
  unit: "pod",
  shape: (cs) => cs,
  partition: (cs) => {
    const p = cs.spec?.updateStrategy?.partition;
    return { set: str(p, "0"), resolved: resolvePartition(p, cs.spec?.replicas), note: "" };
  },
  strategy: (cs) => cs.spec?.updateStrategy?.type ?? "ReCreate",
  maxUnavailable: (cs) => str(cs.spec?.updateStrategy?.maxUnavailable, "20%"),
  maxSurge: (cs) => str(cs.spec?.updateStrategy?.maxSurge, "0"),
  counts: (cs, rows, now) => podCounts(cs, rows, now),
  needsPods,
  // The live list holds whole CloneSets; the view type only loosens them for readers.
  partitionModel: (cs, ctx) => cloneSetPartitionModel(cs as CloneSet, ctx.pods ?? [], ctx.revisions),
  scale: (cs, pods, replicas, now) => scalePreviewModel(cs as CloneSet, pods, replicas, now),
  limitsNotes: (cs, _ctx, v) =>
    previewLimits(cs.spec?.replicas ?? 1, cs.spec?.updateStrategy ?? {}, v.maxUnavailable, v.maxSurge),
};
