// The partition slider's preview: how many pods stay old / move, WHICH pods move in what order,
// and how many at a time (docs/kruise-rules.md §3.2–§3.6, §4.1).
import { calculateDiffsWithExpectation } from "../core/expectations";
import { partitionReplicas } from "../core/partition";
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { rolloutLimits } from "../core/rollout-limits";
import { limitUpdateIndexes, sortUpdateIndexes, updateCandidates } from "./update-order";
import type { CloneSet, IntOrString, Pod } from "../../k8s/objects";

export interface PreviewPod {
  name: string;
  uid?: string;
}

export interface PartitionPreview {
  replicas: number;
  /** pods the partition keeps on old revisions (partitionReplicas) */
  keepOld: number;
  /** R − partitionReplicas = status.expectedUpdatedReplicas after the change */
  toUpdate: number;
  alreadyUpdated: number;
  /** pods the controller will move, in its update order (§4.1) */
  willMove: PreviewPod[];
  /** the same pods in update rounds: the first is what the next reconcile touches */
  rounds: PreviewPod[][];
  /** at most this many pods of the update revision unavailable at once (updateMaxUnavailable) */
  perRound: number;
  maxUnavailable: number;
  maxSurge: number;
  notes: string[];
  error?: string;
}

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

function chunk<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += Math.max(n, 1)) out.push(xs.slice(i, i + Math.max(n, 1)));
  return out;
}

function withPartition(cs: CloneSet, partition: IntOrString): CloneSet {
  return { ...cs, spec: { ...cs.spec, updateStrategy: { ...cs.spec.updateStrategy, partition } } };
}

/**
 * Preview of setting spec.updateStrategy.partition to `partition`: counts from
 * CalculatePartitionReplicas (pkg/util/tools.go), the update number and budget from
 * calculateDiffsWithExpectation (sync/cloneset_sync_utils.go), the pods from SortUpdateIndexes and
 * limitUpdateIndexes (sync/cloneset_update.go). Later rounds assume earlier pods became available.
 * `pods` are the CloneSet's own pods; `now` is injected (availability depends on minReadySeconds).
 */
export function previewPartition(cs: CloneSet, pods: Pod[], partition: IntOrString, now: number): PartitionPreview {
  const replicas = cs.spec.replicas ?? 1;
  const pr = partitionReplicas(partition, replicas);
  const next = withPartition(cs, partition);
  const limits = rolloutLimits(next);
  const updateRevision = cs.status?.updateRevision ?? "";
  const active = pods.filter(isPodActive);
  const alreadyUpdated = updateRevision ? active.filter((p) => isPodOnRevision(p, updateRevision)).length : 0;
  const base: PartitionPreview = {
    replicas,
    keepOld: pr.value,
    toUpdate: replicas - pr.value,
    alreadyUpdated,
    willMove: [],
    rounds: [],
    perRound: 0,
    maxUnavailable: limits.maxUnavailable,
    maxSurge: limits.maxSurge,
    notes: [],
  };
  if (pr.error) return { ...base, error: pr.error };
  if (!updateRevision) return { ...base, notes: ["the controller has not reported an update revision yet"] };
  const diffs = calculateDiffsWithExpectation(
    next,
    active,
    cs.status?.currentRevision ?? updateRevision,
    updateRevision,
    { now },
  );
  const notes = explain(cs, base, diffs.useSurge);
  if (diffs.updateNum <= 0) return { ...base, notes };
  const sorted = sortUpdateIndexes(next.spec.updateStrategy, active, updateCandidates(active, updateRevision, true));
  const order = sorted.slice(0, diffs.updateNum);
  const first = limitUpdateIndexes(
    next,
    active,
    sorted,
    diffs.updateNum,
    diffs.updateMaxUnavailable,
    updateRevision,
    now,
  );
  const rest = order.filter((i) => !first.includes(i));
  const rounds = [first, ...chunk(rest, diffs.updateMaxUnavailable)]
    .filter((r) => r.length > 0)
    .map((r) => r.map((i) => ref(active[i])));
  if (first.length === 0)
    notes.push(
      `the next pod waits until unavailable pods of the update revision are available again (budget ${diffs.updateMaxUnavailable})`,
    );
  return { ...base, willMove: order.map((i) => ref(active[i])), rounds, perRound: diffs.updateMaxUnavailable, notes };
}

function explain(cs: CloneSet, p: PartitionPreview, useSurge: number): string[] {
  const notes: string[] = [];
  if (cs.spec.updateStrategy?.paused) notes.push("the rollout is paused: nothing moves until it is resumed");
  if (p.toUpdate < p.alreadyUpdated) {
    notes.push(
      `${p.alreadyUpdated - p.toUpdate} already-updated pod(s) stay updated: raising the partition does not roll pods back (gate CloneSetPartitionRollback is off)`,
    );
  }
  if (useSurge > 0)
    notes.push(`${useSurge} surge pod(s) at the new revision are created first (maxSurge ${p.maxSurge})`);
  if (p.replicas <= 1 && p.toUpdate === 0)
    notes.push("with one replica, any percentage other than 0% keeps the pod on the old revision");
  return notes;
}

export interface PartitionPreset {
  label: string;
  value: IntOrString;
}

/** The slider's presets: one canary pod, 25 %, 50 % and all pods updated (partition = what stays old). */
export function partitionPresets(replicas: number): PartitionPreset[] {
  return [
    { label: "One canary pod", value: Math.max(replicas - 1, 0) },
    { label: "25 %", value: "75%" },
    { label: "50 %", value: "50%" },
    { label: "All", value: 0 },
  ];
}
