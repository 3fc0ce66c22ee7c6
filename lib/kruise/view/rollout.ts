/**
 * The rollout as steps: which pods moved to the update revision when, and what is stuck.
 * docs/kruise-rules.md §7.3/§7.5 (in-place moves carry updateTimestamp), §9.2 (recreates show as new pods), §10.
 */
import { rolloutProgress, type RolloutProgress } from "./list";
import { sameRevision, timeOf } from "./format";
import type { PodRow } from "./pods";
import type { ViewCloneSet } from "./types";

export interface RolloutStep {
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

export interface StuckPod {
  pod: string;
  revision: string;
  container: string;
  reason: string;
  message: string;
}

export type RolloutState = "complete" | "paused" | "stuck" | "held-by-partition" | "rolling";

export interface RolloutView {
  progress: RolloutProgress;
  replicas: number;
  /** Pods the partition still wants moved: target − updated (never negative). */
  remaining: number;
  /** Pods held on old revisions by the partition once the target is reached. */
  heldByPartition: number;
  state: RolloutState;
  steps: RolloutStep[];
  stuck: StuckPod[];
}

function moved(p: PodRow, updateRevision: string): { at: string; how: RolloutStep["how"] } {
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
export function rolloutSteps(pods: PodRow[], updateRevision: string): RolloutStep[] {
  const steps = new Map<string, RolloutStep>();
  for (const p of pods) {
    if (p.terminating || !sameRevision(p.revision, updateRevision)) continue;
    const m = moved(p, updateRevision);
    const at = m.at ? new Date(timeOf(m.at)).toISOString().replace(".000Z", "Z") : "";
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
    .sort((a, b) => a.pod.localeCompare(b.pod));
}

/** Where the rollout stands for the current partition (docs/kruise-rules.md §10 cheat-sheet) and what is stuck. */
export function inPlaceBatches(cs: ViewCloneSet, pods: PodRow[]): RolloutView {
  const st = cs.status ?? {};
  const progress = rolloutProgress(cs);
  const replicas = cs.spec?.replicas ?? 1;
  const stuck = stuckPods(pods);
  const synced = !!st.updateRevision && st.currentRevision === st.updateRevision;
  let state: RolloutState = "rolling";
  if (synced && progress.updatedAvailable >= replicas) state = "complete";
  else if (stuck.length > 0) state = "stuck";
  else if (cs.spec?.updateStrategy?.paused && progress.updated < progress.target) state = "paused";
  else if (progress.doneForPartition) state = progress.target >= replicas ? "complete" : "held-by-partition";
  return {
    progress,
    replicas,
    remaining: Math.max(progress.target - progress.updated, 0),
    heldByPartition: Math.max(replicas - progress.target, 0),
    state,
    steps: rolloutSteps(pods, st.updateRevision ?? ""),
    stuck,
  };
}
