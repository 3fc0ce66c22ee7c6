/**
 * The rollout as steps: which pods moved to the update revision when, and what is stuck.
 * docs/kruise-rules.md §7.3/§7.5 (in-place moves carry updateTimestamp), §9.2 (recreates show as new pods), §10.
 */
import type { HookWait } from "../lifecycle/waits";
import { progressFromCounts, updateProgress, type UpdateProgress } from "./list";
import { compareNames, sameRevision, timeOf } from "./format";
import type { PodRow } from "./pods";
import type { PodCounts } from "./snapshot";
import { cloneSetState, type CloneSetState, type FailingPod, type StateKind } from "./state";
import type { KruiseRolloutFacts } from "./state-kruise-rollout";
import type { ViewWorkload } from "./types";

export interface UpdateStep {
  /** When the pods of this step moved (second precision, RFC 3339). */
  at: string;
  /** in-place: same pod, new images; created: a new pod (scale-out or recreate). */
  how: "in-place" | "created";
  pods: string[];
  ready: number;
  /** In-place update not finished yet (lifecycle Updating/PreparingUpdate, or InPlaceUpdateReady False). */
  inProgress: number;
  failing: number;
}

export type StuckPod = FailingPod;

/** The rollout's state is the CloneSet's one state (./state.ts). */
export type UpdateState = StateKind;

/** A lifecycle hook holding pods, with the sentence the step and the list show. */
export interface HookWaitView extends HookWait {
  text: string;
}

export interface UpdateView {
  progress: UpdateProgress;
  replicas: number;
  /** Pods the partition still wants moved: target − updated (never negative). */
  remaining: number;
  /** Pods held on old revisions by the partition once the target is reached. */
  heldByPartition: number;
  /** Of the pods still to move, those an inPlaceUpdate hook holds in PreparingUpdate: not next to move. */
  heldByHook: number;
  state: UpdateState;
  /** The state with its words and reason: the same object the header, the list and the title show. */
  status: CloneSetState;
  steps: UpdateStep[];
  stuck: StuckPod[];
  /** Lifecycle hooks holding pods (docs/kruise-rules.md §2.2, §8.2): what a step that does not move waits for. */
  waits: HookWaitView[];
}

/** What the detail knows beyond the CloneSet: the pods snapshot's counts and hook holds. */
export interface UpdateInputs {
  /** Counts from the same pods snapshot (./snapshot.ts); without them the status counts are used. */
  counts?: PodCounts;
  waits?: HookWaitView[];
  /** The snapshot's moment (the not-ready deadline is measured from it). */
  now?: Date;
  /** The Kruise Rollout that names the CloneSet (the state defers to it while it drives a release). */
  kruiseRollout?: KruiseRolloutFacts;
}

function moved(p: PodRow, updateRevision: string): { at: string; how: UpdateStep["how"] } {
  if (p.inPlace && sameRevision(p.inPlace.revision, updateRevision) && p.inPlace.updateTimestamp) {
    return { at: p.inPlace.updateTimestamp, how: "in-place" };
  }
  return { at: p.created, how: "created" };
}

function inProgress(p: PodRow): boolean {
  return (
    p.lifecycle === "Updating" ||
    p.lifecycle === "PreparingUpdate" ||
    p.gracePending ||
    p.inPlaceUpdateReady?.status === "False"
  );
}

/** Group the update revision's pods into steps by the second they moved, oldest first. */
export function updateSteps(pods: PodRow[], updateRevision: string): UpdateStep[] {
  const steps = new Map<string, UpdateStep>();
  // Pods of one step share their timestamp: each distinct one is parsed and written once.
  const seconds = new Map<string, string>();
  const second = (t: string) => {
    let s = seconds.get(t);
    if (s === undefined) seconds.set(t, (s = t ? new Date(timeOf(t)).toISOString().replace(".000Z", "Z") : ""));
    return s;
  };
  for (const p of pods) {
    if (p.terminating || !sameRevision(p.revision, updateRevision)) continue;
    const m = moved(p, updateRevision);
    const at = second(m.at);
    const key = `${at}|${m.how}`;
    let s = steps.get(key);
    if (!s) steps.set(key, (s = { at, how: m.how, pods: [], ready: 0, inProgress: 0, failing: 0 }));
    s.pods.push(p.name);
    if (p.ready) s.ready++;
    if (inProgress(p)) s.inProgress++;
    if (p.problem) s.failing++;
  }
  for (const s of steps.values()) s.pods.sort();
  return [...steps.values()].sort((a, b) => timeOf(a.at) - timeOf(b.at) || a.how.localeCompare(b.how));
}

/** Failing pods with the kubelet's reason: what holds the rollout (or the CloneSet) back. */
export function stuckPods(pods: PodRow[]): StuckPod[] {
  return pods
    .filter((p) => p.problem && !p.terminating)
    .map((p) => ({
      pod: p.name,
      revision: p.revision,
      container: p.problem!.container,
      reason: p.problem!.reason,
      message: p.problem!.message,
    }))
    .sort((a, b) => compareNames(a.pod, b.pod));
}

/** status.observedGeneration < metadata.generation: nothing derived from status describes the current spec. */
export function generationAhead(cs: ViewWorkload): boolean {
  const g = cs.metadata?.generation;
  return g !== undefined && (cs.status?.observedGeneration ?? 0) < g;
}

export function inPlaceBatches(cs: ViewWorkload, pods: PodRow[], inputs: UpdateInputs = {}): UpdateView {
  const st = cs.status ?? {};
  const progress = progressFromCounts(updateProgress(cs), inputs.counts);
  const replicas = cs.spec?.replicas ?? 1;
  const stuck = stuckPods(pods);
  const waits = inputs.waits ?? [];
  const status = cloneSetState(cs, {
    progress,
    counts: inputs.counts,
    pods: inputs.counts ? pods : undefined,
    failing: stuck,
    hookWaits: waits.length,
    now: inputs.now,
    rollout: inputs.kruiseRollout,
  });
  return {
    progress,
    replicas,
    remaining: Math.max(progress.target - progress.updated, 0),
    heldByPartition: Math.max(replicas - progress.target, 0),
    heldByHook: waits.filter((w) => w.state === "PreparingUpdate").reduce((n, w) => n + w.pods.length, 0),
    state: status.kind,
    status,
    steps: updateSteps(pods, st.updateRevision ?? ""),
    stuck,
    waits,
  };
}

/** What Kruise picked after a partition Apply, against what the preview promised. */
export interface ChosenPods {
  /** pods now on the update revision that were not at Apply (live pods) */
  chosen: string[];
  /** how many the preview said would move */
  expected: number;
  /** chosen pods the preview did not allow (exact or in a tie group): a wrong preview, said plainly */
  unexpected: string[];
}

/**
 * Pods on `updateRevision` now that were not in `before` (uids at Apply), compared with the pods the
 * preview allowed. Terminating pods do not count (a recreate shows as its replacement).
 */
export function chosenSinceApply(
  pods: Pick<PodRow, "name" | "uid" | "revision" | "terminating">[],
  updateRevision: string,
  before: string[],
  allowed: string[],
  expected: number,
): ChosenPods {
  const had = new Set(before);
  const chosen = pods
    .filter((p) => !p.terminating && sameRevision(p.revision, updateRevision) && !had.has(p.uid))
    .map((p) => p.name)
    .sort();
  const ok = new Set(allowed);
  return { chosen, expected, unexpected: chosen.filter((n) => !ok.has(n)) };
}
