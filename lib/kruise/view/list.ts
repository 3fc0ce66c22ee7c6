/**
 * Workload list-row view model: everything the list page shows, computed once from the object. A CloneSet is read as
 * it is; the other kinds are projected onto the same fields by their own rules (./workload.ts).
 */
import type { Pod } from "../../k8s/objects";
import { partitionReplicas } from "../core/partition";
import { revisionBar, type RevisionBar } from "./bar";
import { age } from "./format";
import type { PodRow } from "./pods";
import type { PodCounts } from "./snapshot";
import { podsRun, podsSynced, type PodsRun } from "./pods-run";
import { cloneSetState, type CloneSetState, type FailingPod, type StateKind } from "./state";
import type { KruiseRolloutFacts } from "./state-kruise-rollout";
import type { IntOrString, ViewWorkload, ViewCondition } from "./types";

export interface UpdateProgress {
  /** Pods on the update revision (status.updatedReplicas). */
  updated: number;
  updatedReady: number;
  updatedAvailable: number;
  /** Pods the current partition wants on the update revision. */
  target: number;
  /** 0..100, updatedAvailable against target (100 when the target is 0). */
  percent: number;
  /** updatedAvailableReplicas ≥ expectedUpdatedReplicas. */
  doneForPartition: boolean;
}

/** One workload as the list and the detail's header show it. */
export interface WorkloadRow {
  /** The kind's resource (plural): its pages and writes (`clonesets`, `statefulsets`, `daemonsets`). */
  resource: string;
  /** The kind as its events and owner references name it (`CloneSet`, `StatefulSet`, `DaemonSet`). */
  kind: string;
  /** The kind as the console names it (`CloneSet`, `Advanced StatefulSet`). */
  kindTitle: string;
  key: string;
  name: string;
  namespace: string;
  uid: string;
  desired: number;
  updated: number;
  updatedReady: number;
  updatedAvailable: number;
  ready: number;
  total: number;
  age: string;
  created: string;
  strategyType: string;
  /** Partition as written in the spec ("50%", 3) or "0" when unset. */
  partitionSet: string;
  /** Pods (or nodes) kept on old revisions, resolved with Kruise's rule; null when the partition cannot be parsed. */
  partitionResolved: number | null;
  /** What the partition counts: pods (CloneSet, Advanced StatefulSet) or nodes (Advanced DaemonSet). */
  partitionUnit: "pod" | "node";
  /** What else decides which pods stay old ("ordinals 0–2", "2 nodes the selector leaves out"); "" when nothing. */
  partitionNote: string;
  maxUnavailable: string;
  /** "—" for a kind without surge (Advanced StatefulSet). */
  maxSurge: string;
  paused: boolean;
  progress: UpdateProgress;
  currentRevision: string;
  updateRevision: string;
  /**
   * currentRevision == updateRevision and every pod on it (from the pods where they are known, else from status
   * counts): fully rolled out, says nothing about readiness (./pods-run.ts).
   */
  revisionsSynced: boolean;
  /** pods not on the update revision (pods where known, else status.replicas − status.updatedReplicas) */
  offUpdate: number;
  /** what the pods run, when the pods are known (the detail page, and namespaces the list watches) */
  running?: PodsRun;
  /** status.observedGeneration < metadata.generation: the controller has not seen the latest spec. */
  statusStale: boolean;
  images: string[];
  conditions: ViewCondition[];
  /** The CloneSet's one state (./state.ts); never conveyed by colour alone. */
  phase: StateKind;
  state: CloneSetState;
  /** Pods by where they stand, for the stacked bar, with the partition's target marked. */
  bar: RevisionBar;
  /** Lifecycle hook holds, worded (filled in when the pods are known; see withPods). */
  hookWaits: string[];
  /** The Kruise Rollout that names the CloneSet, which the state defers to while it drives a release. */
  rollout?: KruiseRolloutFacts;
}

/** A CloneSet's row: the workload row of its kind. */
export type CloneSetRow = WorkloadRow;

/** @deprecated the state's kind; kept as a name for the list's callers. */
export type RolloutPhase = StateKind;

function intOrStr(v: IntOrString | undefined, dflt: string): string {
  return v === undefined || v === null ? dflt : String(v);
}

/** Kruise partition → pods kept on the old revision (pkg/util/tools.go: CalculatePartitionReplicas), via ./partition. */
export function resolvePartition(partition: IntOrString | undefined, replicas: number | undefined): number | null {
  const r = partitionReplicas(partition, replicas);
  return r.error ? null : r.value;
}

/**
 * Rollout progress per the dashboard cheat-sheet (docs/kruise-rules.md §10): target is status.expectedUpdatedReplicas
 * (cloneset_status.go), falling back to spec.replicas − partitionReplicas before the controller wrote it.
 */
export function updateProgress(cs: ViewWorkload): UpdateProgress {
  const st = cs.status ?? {};
  const replicas = cs.spec?.replicas ?? 1;
  const resolved = resolvePartition(cs.spec?.updateStrategy?.partition, replicas);
  const target = st.expectedUpdatedReplicas ?? (resolved === null ? replicas : replicas - resolved);
  const updated = st.updatedReplicas ?? 0;
  const updatedReady = st.updatedReadyReplicas ?? 0;
  const updatedAvailable = st.updatedAvailableReplicas ?? 0;
  const percent = target <= 0 ? 100 : Math.min(100, Math.round((updatedAvailable / target) * 100));
  return { updated, updatedReady, updatedAvailable, target, percent, doneForPartition: updatedAvailable >= target };
}

/** Images of the CloneSet's pod template, in container order. */
export function templateImages(cs: ViewWorkload): string[] {
  return (cs.spec?.template?.spec?.containers ?? []).map((c) => c.image ?? "").filter(Boolean);
}

/** One list row: kubectl's printer columns (CRD additionalPrinterColumns) plus rollout state. */
export function cloneSetView(cs: ViewWorkload, now: Date, rollout?: KruiseRolloutFacts): WorkloadRow {
  const md = cs.metadata ?? {};
  const st = cs.status ?? {};
  const us = cs.spec?.updateStrategy ?? {};
  const progress = updateProgress(cs);
  const { synced, offUpdate } = podsSynced(cs, undefined);
  const stale = md.generation !== undefined && (st.observedGeneration ?? 0) < md.generation;
  const state = cloneSetState(cs, { progress, rollout });
  return {
    resource: "clonesets",
    kind: "CloneSet",
    kindTitle: "CloneSet",
    key: `${md.namespace ?? ""}/${md.name ?? ""}`,
    name: md.name ?? "",
    namespace: md.namespace ?? "",
    uid: md.uid ?? "",
    desired: cs.spec?.replicas ?? 1,
    updated: progress.updated,
    updatedReady: progress.updatedReady,
    updatedAvailable: progress.updatedAvailable,
    ready: st.readyReplicas ?? 0,
    total: st.replicas ?? 0,
    age: age(md.creationTimestamp, now),
    created: md.creationTimestamp ?? "",
    strategyType: us.type ?? "ReCreate",
    partitionSet: intOrStr(us.partition, "0"),
    partitionResolved: resolvePartition(us.partition, cs.spec?.replicas),
    partitionUnit: "pod",
    partitionNote: "",
    maxUnavailable: intOrStr(us.maxUnavailable, "20%"),
    maxSurge: intOrStr(us.maxSurge, "0"),
    paused: !!us.paused,
    progress,
    currentRevision: st.currentRevision ?? "",
    updateRevision: st.updateRevision ?? "",
    revisionsSynced: synced,
    offUpdate,
    statusStale: stale,
    images: templateImages(cs),
    conditions: st.conditions ?? [],
    phase: state.kind,
    state,
    bar: revisionBar(cs, progress, st.replicas ?? 0, 0),
    hookWaits: [],
    ...(rollout ? { rollout } : {}),
  };
}

/** What the list learns from a namespace's pods, for one CloneSet (see ./list-pods.ts). */
export interface RowPodFacts {
  counts: PodCounts;
  pods: PodRow[];
  failing: FailingPod[];
  waits: { text: string }[];
  /** the workload's own pods these facts come from (a lens reads them: ./workload.ts LensContext) */
  owned?: readonly Pod[];
}

/**
 * A row recomputed with its pods: the same counts and the same state function the detail page uses, so the
 * list's word and bar agree with the header's (failing pods and hook holds are only known from pods).
 */
export function withPods(row: WorkloadRow, cs: ViewWorkload, f: RowPodFacts | undefined, now: Date): WorkloadRow {
  if (!f) return row;
  const progress = progressFromCounts(row.progress, f.counts);
  const state = cloneSetState(cs, {
    progress,
    counts: f.counts,
    pods: f.pods,
    failing: f.failing,
    hookWaits: f.waits.length,
    now,
    rollout: row.rollout,
  });
  const failingUpdated = f.failing.filter((p) => p.revision && p.revision === row.updateRevision).length;
  const running = podsRun(cs, f.pods);
  return {
    ...row,
    revisionsSynced: podsSynced(cs, running).synced,
    offUpdate: running.offUpdate,
    running,
    total: f.counts.replicas,
    ready: f.counts.ready,
    updated: f.counts.updated,
    updatedReady: f.counts.updatedReady,
    updatedAvailable: f.counts.updatedAvailable,
    progress,
    phase: state.kind,
    state,
    bar: revisionBar(cs, progress, f.counts.replicas, failingUpdated),
    hookWaits: f.waits.map((w) => w.text),
  };
}

/** The progress with a pods snapshot's counts (the target stays the controller's). */
export function progressFromCounts(base: UpdateProgress, counts: PodCounts | undefined): UpdateProgress {
  if (!counts) return base;
  const { target } = base;
  const percent = target <= 0 ? 100 : Math.min(100, Math.round((counts.updatedAvailable / target) * 100));
  return {
    updated: counts.updated,
    updatedReady: counts.updatedReady,
    updatedAvailable: counts.updatedAvailable,
    target,
    percent,
    doneForPartition: counts.updatedAvailable >= target,
  };
}

export type SortKey = "name" | "namespace" | "kind" | "age" | "desired" | "ready" | "progress" | "attention";

export interface ListQuery {
  namespace?: string;
  name?: string;
  /** one kind's rows only (its resource, e.g. "statefulsets") */
  kind?: string;
  sort?: SortKey;
  desc?: boolean;
}

/** Filter (kind and namespace exact, name substring) and sort list rows; stable on kind and key for ties. */
export function filterAndSortRows(rows: WorkloadRow[], q: ListQuery): WorkloadRow[] {
  const needle = (q.name ?? "").trim().toLowerCase();
  const out = rows.filter(
    (r) =>
      (!q.kind || r.resource === q.kind) &&
      (!q.namespace || r.namespace === q.namespace) &&
      (!needle || r.name.toLowerCase().includes(needle)),
  );
  const key = q.sort ?? "name";
  const value = (r: WorkloadRow): string | number => {
    switch (key) {
      case "namespace":
        return r.namespace;
      case "kind":
        return r.kind;
      case "age":
        return -Date.parse(r.created || "1970-01-01T00:00:00Z");
      case "desired":
        return r.desired;
      case "ready":
        return r.ready;
      case "progress":
        return r.progress.percent;
      case "attention":
        // Stuck, hook-held and paused-mid-rollout first; within a state the least progressed first.
        return r.state.attention * 1000 + r.progress.percent;
      default:
        return r.name;
    }
  };
  out.sort((a, b) => {
    const va = value(a),
      vb = value(b);
    const c = va < vb ? -1 : va > vb ? 1 : a.key.localeCompare(b.key) || a.kind.localeCompare(b.kind);
    return q.desc ? -c : c;
  });
  return out;
}

/** Distinct namespaces of the rows, sorted, for the namespace filter. */
export function namespacesOf(rows: WorkloadRow[]): string[] {
  return [...new Set(rows.map((r) => r.namespace))].sort();
}
