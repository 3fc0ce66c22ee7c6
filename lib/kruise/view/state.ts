/**
 * One vocabulary of states: the single place that decides what a CloneSet is doing. The list row, the detail
 * header, the in-place batches panel, the current step and the page title all show this function's answer, so a
 * CloneSet is never "rolling" on one page and "stuck" on another (docs/kruise-rules.md §10 cheat-sheet).
 *
 * Rules, checked in this order (the first that holds wins):
 *  1. waiting-for-controller: status.observedGeneration < metadata.generation (nothing in status describes the spec).
 *  2. complete: every pod is on the update revision and available, and the pod count is spec.replicas (unless a
 *     Kruise Rollout drives a release: then rule 7 says where the release is).
 *  3. stuck: a pod fails with a kubelet reason (ImagePullBackOff, CrashLoopBackOff, Unschedulable, …), or a pod
 *     of the update revision has been not ready longer than NOT_READY_DEADLINE_S (a progress deadline like a
 *     Deployment's progressDeadlineSeconds default).
 *  4. waiting-for-hook: a lifecycle hook holds pods (docs/kruise-rules.md §8.2).
 *  5. scaling: nothing to roll (current = update revision) but the pod count differs from spec.replicas.
 *  6. paused: updateStrategy.paused before the partition's target is available (paused mid-rollout).
 *  7. rollout: a Kruise Rollout drives a release (./state-kruise-rollout.ts): the Rollout's step state, in its own words,
 *     since the Rollout owns the partition (docs/kruise-rollouts.md §3, §5.6).
 *  8. complete / held-by-partition: the partition's target is available (held when it keeps pods on old revisions).
 *  9. rolling: otherwise.
 */
import { plural } from "../core/plural";
import type { RolloutState } from "../kruise-rollout/state";
import type { UpdateProgress } from "./list";
import type { PodRow } from "./pods";
import type { PodCounts } from "./snapshot";
import { sameRevision, timeOf } from "./format";
import { drivingRollout, kruiseRolloutWord, type KruiseRolloutFacts } from "./state-kruise-rollout";
import type { ViewWorkload } from "./types";

export type StateKind =
  | "complete"
  | "rolling"
  | "stuck"
  | "held-by-partition"
  | "paused"
  | "scaling"
  | "waiting-for-controller"
  | "waiting-for-hook"
  | "rollout";

export interface CloneSetState {
  kind: StateKind;
  /** The word every surface shows ("held by partition"). */
  word: string;
  /** The tab title's short form ("held 5/10", "rolling 3/10", "stuck 0/5"). */
  short: string;
  /** Why this state: the facts that decided it (tooltip on the list, line under the header). */
  reason: string;
  /** Lower needs attention sooner (the list's "needs attention" sort). */
  attention: number;
  /** Rule 7: the Kruise Rollout's state this one defers to (its tone colours the badge). */
  rollout?: RolloutState;
}

/** A pod that fails, with the kubelet's reason (the same list the batches panel shows). */
export interface FailingPod {
  pod: string;
  revision: string;
  container: string;
  reason: string;
  message: string;
}

export interface StateFacts {
  progress: UpdateProgress;
  /** Counts from one pods snapshot; without them the CloneSet's status counts are used. */
  counts?: PodCounts;
  /** Pods the detail (or the list, where it watches the namespace) knows; undefined when not watched. */
  pods?: PodRow[];
  failing?: FailingPod[];
  /** Number of lifecycle hook holds among the pods. */
  hookWaits?: number;
  now?: Date;
  /** The Kruise Rollout that names the CloneSet (./state-kruise-rollout.ts `kruiseRolloutFacts`), if any. */
  rollout?: KruiseRolloutFacts;
}

/** Ten minutes, like a Deployment's default progressDeadlineSeconds: a new pod not ready this long is not "slow". */
export const NOT_READY_DEADLINE_S = 600;

export const STATE_WORD: Record<StateKind, string> = {
  complete: "rolled out",
  rolling: "rolling",
  stuck: "stuck",
  "held-by-partition": "held by partition",
  paused: "paused",
  scaling: "scaling",
  "waiting-for-controller": "waiting for the controller",
  "waiting-for-hook": "waiting for a lifecycle hook",
  // The generic word; a state of this kind carries the Rollout's own words (./state-kruise-rollout.ts `kruiseRolloutWord`).
  rollout: "under a Kruise Rollout",
};

const ATTENTION: Record<StateKind, number> = {
  stuck: 0,
  "waiting-for-hook": 1,
  paused: 2,
  rollout: 4,
  "waiting-for-controller": 3,
  rolling: 4,
  scaling: 5,
  "held-by-partition": 6,
  complete: 7,
};

/**
 * Updated pods not ready for longer than the deadline, counted from the Ready condition's lastTransitionTime (or
 * the in-place update's start, if later); a pod without that time is not judged.
 */
export function overdueNotReady(pods: PodRow[], updateRevision: string | undefined, now: Date): PodRow[] {
  const limit = now.getTime() - NOT_READY_DEADLINE_S * 1000;
  return pods.filter((p) => {
    if (p.terminating || p.ready || p.problem || !sameRevision(p.revision, updateRevision)) return false;
    const since = Math.max(timeOf(p.readySince), timeOf(p.inPlace?.updateTimestamp));
    return timeOf(p.readySince) > 0 && since < limit;
  });
}

function stuckReason(failing: FailingPod[], overdue: PodRow[]): string {
  if (failing.length) {
    const f = failing[0];
    const where = f.container ? `${f.pod}/${f.container}` : f.pod;
    const more = failing.length > 1 ? ` (and ${plural(failing.length - 1, "more pod")})` : "";
    return `${where}: ${f.reason}${f.message ? ` — ${f.message}` : ""}${more}`;
  }
  return `${plural(overdue.length, "updated pod")} not ready for over ${NOT_READY_DEADLINE_S / 60} minutes: ${overdue
    .slice(0, 3)
    .map((p) => p.name)
    .join(", ")}`;
}

function make(kind: StateKind, short: string, reason: string): CloneSetState {
  return { kind, word: STATE_WORD[kind], short, reason, attention: ATTENTION[kind] };
}

/** Rule 7: the Rollout's words; one that waits for a person (approval, paused) needs attention like "paused". */
function underRollout(s: RolloutState, name: string, p: UpdateProgress, replicas: number): CloneSetState {
  const waitsForPerson = s.tone === "warn" || s.tone === "bad";
  return {
    kind: "rollout",
    word: kruiseRolloutWord(s),
    short: kruiseRolloutWord(s),
    reason: `Kruise Rollout ${name}: ${s.words}; it sets the partition, ${p.updatedAvailable} of ${replicas} updated and available`,
    attention: waitsForPerson ? ATTENTION.paused : ATTENTION.rollout,
    rollout: s,
  };
}

/** The CloneSet's one state (rules in the file comment). */
export function cloneSetState(cs: ViewWorkload, facts: StateFacts): CloneSetState {
  const st = cs.status ?? {};
  const md = cs.metadata ?? {};
  const replicas = cs.spec?.replicas ?? 1;
  const p = facts.progress;
  const pods = facts.counts?.replicas ?? st.replicas ?? 0;
  const frac = `${p.updatedAvailable}/${p.target}`;
  const driving = drivingRollout(facts.rollout);
  if (md.generation !== undefined && (st.observedGeneration ?? 0) < md.generation) {
    return make(
      "waiting-for-controller",
      "waiting for the controller",
      `status.observedGeneration ${st.observedGeneration ?? 0} < metadata.generation ${md.generation}: the controller has not processed the latest spec`,
    );
  }
  const synced = facts.counts
    ? facts.counts.updated === replicas
    : !!st.updateRevision && st.currentRevision === st.updateRevision;
  if (!driving && synced && pods === replicas && p.updatedAvailable >= replicas) {
    return make("complete", "rolled out", `all ${plural(replicas, "pod")} on the update revision and available`);
  }
  const failing = facts.failing ?? [];
  const overdue = facts.pods ? overdueNotReady(facts.pods, st.updateRevision, facts.now ?? new Date()) : [];
  if (failing.length || overdue.length) return make("stuck", `stuck ${frac}`, stuckReason(failing, overdue));
  if (facts.hookWaits) {
    return make("waiting-for-hook", `waiting for a hook ${frac}`, "a lifecycle hook holds pods until its handler acts");
  }
  const revisionsSynced = !!st.updateRevision && st.currentRevision === st.updateRevision;
  if (revisionsSynced && pods !== replicas) {
    return make("scaling", `scaling ${pods}→${replicas}`, `${pods} of ${plural(replicas, "pod")} exist`);
  }
  if (cs.spec?.updateStrategy?.paused && !p.doneForPartition) {
    const left = Math.max(p.target - p.updated, 0);
    return make("paused", `paused ${frac}`, `updateStrategy.paused with ${plural(left, "pod")} still to move`);
  }
  if (driving) return underRollout(driving, facts.rollout!.name, p, replicas);
  if (p.doneForPartition) {
    if (p.target >= replicas) return make("complete", "rolled out", `the target of ${replicas} is available`);
    return make(
      "held-by-partition",
      `held ${p.updatedAvailable}/${replicas}`,
      `the partition keeps ${plural(replicas - p.target, "pod")} on older revisions; ${p.updatedAvailable} of ${replicas} updated and available`,
    );
  }
  return make("rolling", `rolling ${frac}`, `${p.updatedAvailable} of ${p.target} updated pods available`);
}
