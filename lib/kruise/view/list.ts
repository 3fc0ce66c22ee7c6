/**
 * CloneSet list-row view model: everything the list page shows, computed once from the object.
 */
import { partitionReplicas } from "../core/partition";
import { age } from "./format";
import type { IntOrString, ViewCloneSet, ViewCondition } from "./types";

export interface RolloutProgress {
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

export interface CloneSetRow {
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
  /** Pods kept on old revisions, resolved with Kruise's rule; null when the partition cannot be parsed. */
  partitionResolved: number | null;
  maxUnavailable: string;
  maxSurge: string;
  paused: boolean;
  progress: RolloutProgress;
  currentRevision: string;
  updateRevision: string;
  /** currentRevision == updateRevision: fully rolled out (says nothing about readiness). */
  revisionsSynced: boolean;
  /** status.observedGeneration < metadata.generation: the controller has not seen the latest spec. */
  statusStale: boolean;
  images: string[];
  conditions: ViewCondition[];
  /** One-word state for the row; never conveyed by colour alone. */
  phase: RolloutPhase;
  /** Lifecycle hook holds, worded (filled in when the pods are known; see withHookWaits). */
  hookWaits: string[];
}

export type RolloutPhase =
  "complete" | "rolling" | "stuck" | "partitioned" | "paused" | "stale-status" | "waiting-for-hook";

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
export function rolloutProgress(cs: ViewCloneSet): RolloutProgress {
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

function rolloutPhase(cs: ViewCloneSet, progress: RolloutProgress, synced: boolean, stale: boolean): RolloutPhase {
  if (stale) return "stale-status";
  if (cs.spec?.updateStrategy?.paused) return "paused";
  if (synced && progress.doneForPartition) return "complete";
  if (progress.doneForPartition) return "partitioned";
  return "rolling";
}

/** Images of the CloneSet's pod template, in container order. */
export function templateImages(cs: ViewCloneSet): string[] {
  return (cs.spec?.template?.spec?.containers ?? []).map((c) => c.image ?? "").filter(Boolean);
}

/** One list row: kubectl's printer columns (CRD additionalPrinterColumns) plus rollout state. */
export function cloneSetView(cs: ViewCloneSet, now: Date): CloneSetRow {
  const md = cs.metadata ?? {};
  const st = cs.status ?? {};
  const us = cs.spec?.updateStrategy ?? {};
  const progress = rolloutProgress(cs);
  const synced = !!st.updateRevision && st.currentRevision === st.updateRevision;
  const stale = md.generation !== undefined && (st.observedGeneration ?? 0) < md.generation;
  return {
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
    maxUnavailable: intOrStr(us.maxUnavailable, "20%"),
    maxSurge: intOrStr(us.maxSurge, "0"),
    paused: !!us.paused,
    progress,
    currentRevision: st.currentRevision ?? "",
    updateRevision: st.updateRevision ?? "",
    revisionsSynced: synced,
    statusStale: stale,
    images: templateImages(cs),
    conditions: st.conditions ?? [],
    phase: rolloutPhase(cs, progress, synced, stale),
    hookWaits: [],
  };
}

/**
 * A row with the hook holds among its pods: a rollout that does not move because a hook holds pods says so
 * (a stale status still says "waiting for the controller" first, and failing pods are not known here).
 */
export function withHookWaits(row: CloneSetRow, waits: { text: string }[] | undefined): CloneSetRow {
  if (!waits?.length) return row;
  const phase = row.phase === "stale-status" ? row.phase : "waiting-for-hook";
  return { ...row, phase, hookWaits: waits.map((w) => w.text) };
}

export type SortKey = "name" | "namespace" | "age" | "desired" | "ready" | "progress";

export interface ListQuery {
  namespace?: string;
  name?: string;
  sort?: SortKey;
  desc?: boolean;
}

/** Filter (namespace exact, name substring) and sort list rows; stable on name for ties. */
export function filterAndSortRows(rows: CloneSetRow[], q: ListQuery): CloneSetRow[] {
  const needle = (q.name ?? "").trim().toLowerCase();
  const out = rows.filter(
    (r) => (!q.namespace || r.namespace === q.namespace) && (!needle || r.name.toLowerCase().includes(needle)),
  );
  const key = q.sort ?? "name";
  const value = (r: CloneSetRow): string | number => {
    switch (key) {
      case "namespace":
        return r.namespace;
      case "age":
        return -Date.parse(r.created || "1970-01-01T00:00:00Z");
      case "desired":
        return r.desired;
      case "ready":
        return r.ready;
      case "progress":
        return r.progress.percent;
      default:
        return r.name;
    }
  };
  out.sort((a, b) => {
    const va = value(a),
      vb = value(b);
    const c = va < vb ? -1 : va > vb ? 1 : a.key.localeCompare(b.key);
    return q.desc ? -c : c;
  });
  return out;
}

/** Distinct namespaces of the rows, sorted, for the namespace filter. */
export function namespacesOf(rows: CloneSetRow[]): string[] {
  return [...new Set(rows.map((r) => r.namespace))].sort();
}
