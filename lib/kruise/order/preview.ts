// The partition slider's preview: how many pods stay old / move, WHICH pods move in what order,
// and how many at a time; pods Kruise's order does not decide are named as tie groups
// (docs/kruise-rules.md §3.2–§3.6, §4.1, §8.2).
import { plural, verb } from "../core/plural";
import { calculateDiffsWithExpectation } from "../core/expectations";
import { partitionReplicas } from "../core/partition";
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { rolloutLimits } from "../core/rollout-limits";
import { isHookHeld, isPodHooked } from "../lifecycle/lifecycle";
import { sliceWithTies, tieClasses, type OrderSlice } from "./ties";
import { limitUpdateIndexes, sortUpdateIndexes, updateCandidates, updateTie } from "./update-order";
import type { CloneSet, IntOrString, Pod } from "../../k8s/objects";

export interface PreviewPod {
  name: string;
  uid?: string;
  /** The node it runs on, for kinds whose pods are laid out by node (Advanced DaemonSet). */
  node?: string;
}

/**
 * Pods of one stretch of the update order: `exact` move for certain; from each tie group Kruise
 * picks `count` of `of`; `held` come first in Kruise's order but wait on the in-place-update hook.
 */
export interface PodPick extends OrderSlice<PreviewPod> {
  held: PreviewPod[];
}

export interface PartitionPreview {
  replicas: number;
  /** pods the partition keeps on old revisions (partitionReplicas) */
  keepOld: number;
  /** R − partitionReplicas = status.expectedUpdatedReplicas after the change */
  toUpdate: number;
  alreadyUpdated: number;
  /** how many pods this partition sends to the update revision from here (hook-held ones included) */
  moveCount: number;
  /** which pods those are, as far as Kruise's order decides it (§4.1) */
  willMove: PodPick;
  /** the same in update rounds: the first is what the next reconcile touches */
  rounds: PodPick[];
  /** at most this many pods of the update revision unavailable at once (updateMaxUnavailable) */
  perRound: number;
  maxUnavailable: number;
  maxSurge: number;
  notes: string[];
  error?: string;
}

const EMPTY: PodPick = { exact: [], ties: [], held: [] };

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

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
    moveCount: 0,
    willMove: EMPTY,
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
  const count = Math.min(diffs.updateNum, sorted.length);
  // With maxSurge the surge pods are created first, and the budget is maxUnavailable plus the surge pods present
  // (updateMaxUnavailable = maxUnavailable + pods − replicas; docs/kruise-rules.md §3.8), not maxUnavailable alone.
  const budget = diffs.useSurge > 0 ? limits.maxUnavailable + diffs.useSurge : diffs.updateMaxUnavailable;
  const first =
    diffs.useSurge > 0
      ? Math.min(budget, count)
      : limitUpdateIndexes(next, active, sorted, diffs.updateNum, budget, updateRevision, now).length;
  const bounds = [0, first];
  for (let at = first; at < count; at += Math.max(budget, 1)) bounds.push(Math.min(at + Math.max(budget, 1), count));
  const pick = pickerFor(cs, active, sorted);
  const rounds = bounds
    .slice(1)
    .map((to, i) => pick(bounds[i], to))
    .filter((r) => r.exact.length + r.held.length + r.ties.length > 0);
  if (first === 0)
    notes.push(
      `the next pod waits until unavailable pods of the update revision are available again (budget ${budget})`,
    );
  const willMove = pick(0, count);
  notes.push(...hookNotes(cs, active, sorted.slice(0, count)));
  return { ...base, moveCount: count, willMove, rounds, perRound: budget, notes };
}

/** Every pod a pick may move: the named ones, the hook-held ones and each member of its tie groups. */
export function movablePods(pick: PodPick): string[] {
  return [...pick.exact, ...pick.held, ...pick.ties.flatMap((g) => g.of)].map((x) => x.name);
}

/** Slices of `sorted` with Kruise's ties named, hook-held pods set apart. */
function pickerFor(cs: CloneSet, pods: Pod[], sorted: number[]) {
  const ordered = sorted.map((i) => pods[i]);
  const cls = tieClasses(ordered, updateTie(cs.spec.updateStrategy));
  const hook = cs.spec.lifecycle?.inPlaceUpdate;
  const held = (p: Pod) => isHookHeld(hook, p);
  return (from: number, to: number): PodPick => {
    const s = sliceWithTies(ordered, cls, from, to);
    return {
      exact: s.exact.filter((p) => !held(p)).map(ref),
      ties: s.ties.map((g) => ({ ...g, of: g.of.map(ref) })),
      held: s.exact.filter(held).map(ref),
    };
  };
}

function hookNotes(cs: CloneSet, pods: Pod[], chosen: number[]): string[] {
  const hook = cs.spec.lifecycle?.inPlaceUpdate;
  if (!hook) return [];
  const held = chosen.filter((i) => isHookHeld(hook, pods[i])).length;
  const willWait = chosen.filter((i) => !isHookHeld(hook, pods[i]) && isPodHooked(hook, pods[i])).length;
  const notes: string[] = [];
  if (held)
    notes.push(
      `${plural(held, "pod")} already in PreparingUpdate ${held === 1 ? "is" : "are"} held by the in-place-update hook: ${held === 1 ? "it moves" : "they move"} only when your hook controller removes its label/finalizer`,
    );
  if (willWait)
    notes.push(
      `${plural(willWait, "pod")} still ${willWait === 1 ? "carries" : "carry"} the in-place-update hook's label/finalizer: Kruise will set ${willWait === 1 ? "it" : "them"} to PreparingUpdate and wait for your hook controller`,
    );
  return notes;
}

function explain(cs: CloneSet, p: PartitionPreview, useSurge: number): string[] {
  const notes: string[] = [];
  if (cs.spec.updateStrategy?.paused) notes.push("the rollout is paused: nothing moves until it is resumed");
  if (p.toUpdate < p.alreadyUpdated) {
    notes.push(
      `${plural(p.alreadyUpdated - p.toUpdate, "already-updated pod")} ${verb(p.alreadyUpdated - p.toUpdate, "stays", "stay")} updated: raising the partition does not roll pods back (gate CloneSetPartitionRollback is off)`,
    );
  }
  if (useSurge > 0)
    notes.push(
      `${plural(useSurge, "surge pod")} at the new revision ${useSurge === 1 ? "is" : "are"} created first (maxSurge ${p.maxSurge}); as they take the place of old pods, some old pods are deleted rather than updated`,
    );
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
