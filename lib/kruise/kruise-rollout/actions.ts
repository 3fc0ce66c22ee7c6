// When each Rollout action may be sent, and what it will do (docs/kruise-rollouts.md §5, §8.2). The page
// greys a control out with `reason`; the server re-checks the same rule on the live object before writing.
import type { PodTemplateSpec, Rollout } from "../../k8s/objects";
import type { RolloutWorkload, RolloutWorkloadKind } from "./detect";
import { releaseStartedBy } from "./release";
import { plural } from "../core/plural";
import { progressingCondition } from "./state";
import { currentStepOf, rolloutSteps } from "./strip";
import { nextStepIndex } from "./steps";
import { revisionHash } from "./mapping";

export type RolloutActionName = "approve" | "pause" | "resume" | "jump" | "disable";

export type Precondition = { ok: true; effect: string } | { ok: false; reason: string };

const no = (reason: string): Precondition => ({ ok: false, reason });
const yes = (effect: string): Precondition => ({ ok: true, effect });

function rolling(r: Rollout): string | null {
  if (r.spec?.strategy?.blueGreen)
    return "this is a blueGreen Rollout; the console operates canary (partition) Rollouts";
  if (r.status?.phase !== "Progressing") return `the Rollout is ${r.status?.phase || "not started"}, not progressing`;
  if (!r.status?.canaryStatus) return "the Rollout has no step status yet";
  return null;
}

/**
 * Approve is valid only from `StepPaused`, as kubectl-kruise refuses otherwise ("current canary state is not
 * 'StepPaused'"). Upstream: openkruise/kruise-tools pkg/cmd/rollout/rollout_approve.go `RunApprove`.
 */
export function canApprove(r: Rollout): Precondition {
  const why = rolling(r);
  if (why) return no(why);
  const state = r.status?.canaryStatus?.currentStepState;
  if (state !== "StepPaused") return no(`the current step is ${state || "in no state"}, not StepPaused`);
  const i = currentStepOf(r);
  const n = rolloutSteps(r).length;
  const paused = r.spec?.strategy?.paused ? " (the Rollout itself is paused: it moves once resumed)" : "";
  return yes(
    i >= n
      ? `finishes step ${i} of ${n} and completes the release${paused}`
      : `moves on to step ${i + 1} of ${n}${paused}`,
  );
}

/** Pause/resume flip `spec.strategy.paused` (§5.2); it freezes the step machine, never the CloneSet. */
export function canPause(r: Rollout, paused: boolean): Precondition {
  const now = r.spec?.strategy?.paused === true;
  if (paused && now) return no("the Rollout is already paused");
  if (!paused && !now) return no("the Rollout is not paused");
  return yes(paused ? "no step moves until resumed; the current batch still finishes" : "steps move again");
}

/**
 * Jump to step k through `nextStepIndex` (§5.3): taken when 1 ≤ k ≤ N and k is not already the next step
 * (then it is an approve). Upstream: openkruise/rollouts pkg/controller/rollout/rollout_status.go `doStepJump`.
 */
export function canJump(r: Rollout, to: number): Precondition {
  const why = rolling(r);
  if (why) return no(why);
  const n = rolloutSteps(r).length;
  if (!Number.isInteger(to) || to < 1 || to > n) return no(`step must be between 1 and ${n}`);
  if (progressingCondition(r)?.reason === "Paused") return no("the Rollout is paused: resume it first");
  const cur = currentStepOf(r);
  if (to === nextStepIndex(cur, n)) return no(`step ${to} is already the next step: approve instead`);
  if (to < cur) return yes(`back to step ${to}; going back reverts nothing — pods already updated stay updated`);
  if (to === cur) return yes(`re-runs step ${to}`);
  return yes(`skips ahead to step ${to}`);
}

/** Disable (§5.4): from Progressing the release is FINISHED at full speed, not reverted. */
export function canDisable(r: Rollout): Precondition {
  if (r.spec?.disabled) return no("the Rollout is already disabled");
  if (r.status?.phase === "Progressing")
    return yes(
      "finishes the release in progress at the CloneSet's full speed (partition → 0, every pod updates); later template changes roll out without the Rollout",
    );
  return yes("later template changes roll out as plain CloneSet updates");
}

/**
 * What reverting the CloneSet template to the stable revision makes the Rollout do (§8.2): cancel the
 * release, partition → 0, and the CloneSet reverts the updated pods at its own pace.
 */
export function rollbackEffect(r: Rollout, cs: RolloutWorkload, revision: string): Precondition {
  const stable = r.status?.canaryStatus?.stableRevision;
  if (!stable || r.status?.phase !== "Progressing")
    return yes(`a plain ${cs.kind || "CloneSet"} rollback: no release is in progress`);
  if (!isStable(revision, stable))
    return yes(
      "a new revision mid-release: the Rollout restarts its release from step 1 (continuous release); pods already updated stay where they are until their batch",
    );
  const updated = cs.status?.updatedReplicas ?? 0;
  if (r.metadata.annotations?.["rollouts.kruise.io/rollback-in-batch"] === "true")
    return yes(
      `the Rollout rolls back in batches from step 1, reverting ${plural(updated, "updated pod")} step by step`,
    );
  return yes(
    `the Rollout cancels the release (partition → 0) and the ${cs.kind || "CloneSet"} reverts ${plural(updated, "updated pod")} to the stable revision at its own pace`,
  );
}

/** The stored stable revision is a CloneSet's hash or an Advanced StatefulSet's whole name (§15.1). */
const isStable = (revision: string, stable: string) => revision === stable || revisionHash(revision) === stable;

/** What the Rollout does once the CloneSet's template goes back to a revision, and whether every pod then reverts. */
export interface RollbackUnderRollout {
  /** the Rollout cancels its release and sets the partition to 0 (§8.2 direct): every pod reverts */
  cancels: boolean;
  text: string;
}

/**
 * A rollback of a CloneSet a Rollout owns: mid-release, back to the stable revision, the Rollout cancels and sets the
 * partition to 0 (§8.2); to another revision it restarts (§8.1). With no release in flight the template change starts
 * one, and its first step decides (the workload webhook, §9). Upstream: openkruise/rollouts
 * pkg/controller/rollout/rollout_canary.go, pkg/webhook/workload/mutating/workload_update_handler.go.
 */
export function rollbackUnderRollout(
  r: Rollout | undefined,
  cs: RolloutWorkload,
  revision: string,
  template: PodTemplateSpec | undefined,
  kind: RolloutWorkloadKind = "CloneSet",
): RollbackUnderRollout {
  if (!r) return { cancels: false, text: "the Rollout system decides the partition (its object is not visible here)" };
  if (r.status?.phase === "Progressing") {
    const e = rollbackEffect(r, cs, revision);
    const stable = r.status.canaryStatus?.stableRevision;
    const inBatch = r.metadata.annotations?.["rollouts.kruise.io/rollback-in-batch"] === "true";
    return { cancels: !!stable && isStable(revision, stable) && !inBatch, text: e.ok ? e.effect : e.reason };
  }
  const after = { ...cs, spec: { ...cs.spec, template } } as RolloutWorkload;
  const start = template ? releaseStartedBy(cs, after, [r], kind) : null;
  return start
    ? { cancels: false, text: start.message }
    : { cancels: false, text: `the Rollout leaves this change to the ${kind}` };
}

/** The precondition of one named action, for the server's re-check. */
export function precondition(r: Rollout, action: RolloutActionName, to?: number): Precondition {
  switch (action) {
    case "approve":
      return canApprove(r);
    case "pause":
    case "resume":
      return canPause(r, action === "pause");
    case "jump":
      return canJump(r, to ?? NaN);
    case "disable":
      return canDisable(r);
  }
}
