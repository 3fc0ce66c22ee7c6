// The Rollout's steps as a read-only strip: pods per step, how each pause ends, traffic, and which step is
// current (docs/kruise-rollouts.md §2.1, §4.4, §7.2).
import type { CanaryStep, IntOrString, Rollout } from "../../k8s/objects";
import { pauseSkipped, plannedReplicas } from "./steps";

export type PauseKind =
  | { kind: "approve" }
  | { kind: "timer"; seconds: number }
  /** the last step with replicas "100%": its pause passes at once */
  | { kind: "none" };

export type StepPlace = "done" | "current" | "pending";

export interface StripStep {
  /** 1-based, as the Rollout counts */
  index: number;
  replicas: IntOrString | undefined;
  /** pods on the new revision once this step is done (rounded up, clamped to spec.replicas) */
  planned: number;
  pause: PauseKind;
  /** traffic weight or header matches, when the step routes traffic */
  traffic?: string;
  place: StepPlace;
}

export interface StepStrip {
  steps: StripStep[];
  /** 1-based current step, 0 before the first release */
  current: number;
  total: number;
}

/** The steps of whichever strategy the Rollout uses (canary, or blueGreen in v1beta1). */
export function rolloutSteps(r: Rollout): CanaryStep[] {
  return r.spec?.strategy?.canary?.steps ?? r.spec?.strategy?.blueGreen?.steps ?? [];
}

/**
 * How a step's pause ends: `pause: {}` waits for an approve, `{duration: N}` continues N s after the step
 * became ready; the last step with replicas exactly "100%" never pauses. Upstream: openkruise/rollouts
 * pkg/controller/rollout/rollout_canary.go `doCanaryPaused`.
 */
export function pauseKind(steps: readonly CanaryStep[], index1: number): PauseKind {
  if (pauseSkipped(steps, index1)) return { kind: "none" };
  const d = steps[index1 - 1]?.pause?.duration;
  return typeof d === "number" ? { kind: "timer", seconds: d } : { kind: "approve" };
}

function trafficOf(step: CanaryStep): string | undefined {
  if (step.matches && step.matches.length > 0)
    return `${step.matches.length} header match${step.matches.length > 1 ? "es" : ""}`;
  return step.traffic || undefined;
}

/** The current 1-based step: the sub-status's index, else the top-level copy (kubectl's column). */
export function currentStepOf(r: Rollout): number {
  return r.status?.canaryStatus?.currentStepIndex ?? r.status?.currentStepIndex ?? 0;
}

/**
 * The strip for a Rollout over a CloneSet of `replicas` pods. A step before the current one is done; the
 * current one is done only once the Rollout completed it (state `Completed`).
 */
export function stepStrip(r: Rollout, replicas: number): StepStrip {
  const steps = rolloutSteps(r);
  const current = Math.min(currentStepOf(r), steps.length);
  const completed = (r.status?.canaryStatus?.currentStepState ?? r.status?.currentStepState) === "Completed";
  return {
    current,
    total: steps.length,
    steps: steps.map((s, i) => {
      const index = i + 1;
      const place: StepPlace =
        index < current || (index === current && completed) ? "done" : index === current ? "current" : "pending";
      const traffic = trafficOf(s);
      return {
        index,
        replicas: s.replicas,
        planned: plannedReplicas(s.replicas, replicas),
        pause: pauseKind(steps, index),
        ...(traffic ? { traffic } : {}),
        place,
      };
    }),
  };
}
