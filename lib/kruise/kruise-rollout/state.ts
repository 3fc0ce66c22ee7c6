// The Rollout's phase and step state machine said in words (docs/kruise-rollouts.md §4.2–§4.5).
import type { BatchRelease, Rollout, RolloutCondition } from "../../k8s/objects";
import type { RolloutWorkload } from "./detect";
import { plural } from "../core/plural";
import { currentStepOf, pauseKind, rolloutSteps } from "./strip";
import { plannedReplicas } from "./steps";

export type Tone = "ok" | "info" | "warn" | "bad" | "neutral";

export interface RolloutState {
  phase: string;
  /** 1-based current step (0 before any release) and the number of steps */
  step: number;
  total: number;
  /** canaryStatus.currentStepState as stored ("" when there is none) */
  stepState: string;
  /** the Progressing condition's reason (Initializing, InRolling, Paused, Cancelling, Finalising, Completed) */
  reason: string;
  /** one sentence: "waiting for approval", "upgrading batch 2: 3 of 5 ready", "paused 42 s of 60" */
  words: string;
  /** a few words for a badge: "waiting for approval", "upgrading", "paused", "healthy" */
  short: string;
  tone: Tone;
  /** a timed pause: seconds elapsed (clamped) of the duration, and when it started (ms), so a view can count on */
  timer?: { elapsed: number; seconds: number; since: number; step: number };
}

export function progressingCondition(r: Rollout): RolloutCondition | undefined {
  return (r.status?.conditions ?? []).find((c) => c.type === "Progressing");
}

const secondsBetween = (fromIso: string | undefined, now: Date) => {
  const t = fromIso ? Date.parse(fromIso) : NaN;
  return Number.isFinite(t) ? Math.max(0, Math.floor((now.getTime() - t) / 1000)) : 0;
};

type Live = Pick<RolloutState, "words" | "short" | "tone" | "timer">;

/** "paused 5 s of 60; continues on its own": the timed pause's words, for a view that counts each second. */
export function timerWords(elapsed: number, seconds: number): string {
  return `paused ${Math.min(elapsed, seconds)} s of ${seconds}; continues on its own`;
}

/** The timed pause's words at `now`: elapsed counted from when the pause started (docs/kruise-rollouts.md §4.4). */
export function timerWordsAt(timer: NonNullable<RolloutState["timer"]>, now: number): string {
  return timerWords(Math.max(0, Math.floor((now - timer.since) / 1000)), timer.seconds);
}

/** One InRolling step state in words (docs/kruise-rollouts.md §4.4, `runCanary`). */
function stepWords(r: Rollout, cs: RolloutWorkload | undefined, br: BatchRelease | undefined, now: Date): Live {
  const cst = r.status?.canaryStatus;
  const steps = rolloutSteps(r);
  const i = currentStepOf(r);
  const replicas = cs?.spec.replicas ?? 0;
  const planned = plannedReplicas(steps[i - 1]?.replicas, replicas);
  switch (cst?.currentStepState) {
    case "BeforeStepUpgrade":
      return { words: `starting step ${i}: ${plural(planned, "pod")} to update`, short: "starting step", tone: "info" };
    case "StepUpgrade": {
      // The CloneSet's counts are fresher than the Rollout's copy (which lags a reconcile, §4.1).
      const ready = cs?.status?.updatedReadyReplicas ?? cst.canaryReadyReplicas ?? 0;
      const batch = br?.status?.canaryStatus?.batchState;
      const suffix = batch === "Ready" ? ", batch ready" : "";
      return { words: `upgrading batch ${i}: ${ready} of ${planned} ready${suffix}`, short: "upgrading", tone: "info" };
    }
    case "StepTrafficRouting":
      return { words: `step ${i}: routing traffic to the new pods`, short: "routing traffic", tone: "info" };
    case "StepMetricsAnalysis":
      return { words: `step ${i} is ready; checking before the pause`, short: "step ready", tone: "info" };
    case "StepPaused": {
      const p = pauseKind(steps, i);
      if (p.kind === "approve")
        return { words: `waiting for approval to leave step ${i}`, short: "waiting for approval", tone: "warn" };
      if (p.kind === "timer") {
        const elapsed = Math.min(p.seconds, secondsBetween(cst.lastUpdateTime, now));
        const since = cst.lastUpdateTime ? Date.parse(cst.lastUpdateTime) : now.getTime() - elapsed * 1000;
        return {
          words: timerWords(elapsed, p.seconds),
          short: "paused",
          tone: "info",
          timer: { elapsed, seconds: p.seconds, since: Number.isFinite(since) ? since : now.getTime(), step: i },
        };
      }
      return { words: `step ${i} done; finishing`, short: "finishing", tone: "info" };
    }
    case "StepReady":
      return { words: `step ${i} approved; moving on`, short: "moving on", tone: "info" };
    case "Completed":
      return { words: "all steps done; finalising the release", short: "finalising", tone: "info" };
    default:
      return {
        words: `step ${i}: ${cst?.currentStepState || "no step state yet"}`,
        short: "progressing",
        tone: "info",
      };
  }
}

function phaseWords(r: Rollout, reason: string): Live | null {
  const phase = r.status?.phase ?? "";
  // The workload the Rollout drives, by its workloadRef's kind (a CloneSet or an Advanced StatefulSet, §15).
  const kind = r.spec?.workloadRef?.kind === "StatefulSet" ? "StatefulSet" : "CloneSet";
  if (phase === "Disabled")
    return {
      words: `disabled: template changes roll out as plain ${kind} updates`,
      short: "disabled",
      tone: "neutral",
    };
  if (phase === "Disabling")
    return { words: `disabling: the release finishes at the ${kind}'s full speed`, short: "disabling", tone: "warn" };
  if (phase === "Terminating")
    return {
      words: `being deleted: the release finishes at the ${kind}'s full speed`,
      short: "deleting",
      tone: "warn",
    };
  if (phase === "Initial" || phase === "")
    return { words: r.status?.message || "waiting for the Rollout controller", short: "not started", tone: "neutral" };
  if (phase === "Healthy") return { words: "healthy: no release in progress", short: "healthy", tone: "ok" };
  if (reason === "Paused")
    return { words: "paused (spec.strategy.paused): no step moves until resumed", short: "paused", tone: "warn" };
  if (reason === "Cancelling")
    return { words: "cancelling: rolled back to the stable revision; pods revert", short: "cancelling", tone: "warn" };
  if (reason === "Finalising")
    return { words: `finalising: handing the ${kind} back (partition → 0)`, short: "finalising", tone: "info" };
  if (reason === "Initializing") return { words: "starting a release", short: "starting", tone: "info" };
  return null;
}

/**
 * The state a user needs from a Rollout: the phase (§4.2), the Progressing reason (§4.3) and, while rolling,
 * the step state (§4.4) with the batch's ready count or the pause's timer. Upstream: openkruise/rollouts
 * pkg/controller/rollout/rollout_status.go `calculateRolloutStatus`, rollout_canary.go `runCanary`.
 */
export function rolloutState(
  r: Rollout,
  cs: RolloutWorkload | undefined,
  br: BatchRelease | undefined,
  now: Date,
): RolloutState {
  const reason = progressingCondition(r)?.reason ?? "";
  const live = phaseWords(r, reason) ?? stepWords(r, cs, br, now);
  return {
    phase: r.status?.phase ?? "",
    step: currentStepOf(r),
    total: rolloutSteps(r).length,
    stepState: r.status?.canaryStatus?.currentStepState ?? "",
    reason,
    ...live,
  };
}

/** "step 2/3, waiting for approval" (a badge), or just the short state when no release ran yet. */
export function stateBadgeText(s: RolloutState): string {
  return s.step > 0 && s.phase === "Progressing" ? `step ${s.step}/${s.total}, ${s.short}` : s.short;
}
