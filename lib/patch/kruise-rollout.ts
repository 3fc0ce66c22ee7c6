// The requests the console sends to a Kruise Rollout (rollouts.kruise.io/v1beta1): approve and jump on the
// /status subresource, pause/resume and disable on the spec (docs/kruise-rollouts.md §5).
import type { JsonObject } from "./json";
import { guardedRequest } from "./guarded";
import { CONTENT_TYPE, type PatchRequest } from "./request";

/**
 * Approve: the JSON merge patch kubectl-kruise `rollout approve` sends to `/status`, byte for byte.
 * Upstream: openkruise/kruise-tools pkg/internal/polymorphichelpers/objectapprover.go `defaultObjectApprover`.
 */
export function approveRequest(step: number): PatchRequest {
  return {
    method: "PATCH",
    contentType: CONTENT_TYPE.mergePatch,
    body: JSON.stringify({ status: { canaryStatus: { currentStepState: "StepReady" } } }),
    note: `Approve step ${step}: the Rollout moves on. A merge patch to /status; the console re-checks the state first and re-approves if the controller's next status write puts StepPaused back.`,
  };
}

/**
 * Jump: set `status.canaryStatus.nextStepIndex`; the controller moves there on its next reconcile.
 * Upstream: openkruise/rollouts pkg/controller/rollout/rollout_status.go `doStepJump`.
 */
export function jumpRequest(from: number, to: number): PatchRequest {
  const back = to <= from;
  return {
    method: "PATCH",
    contentType: CONTENT_TYPE.mergePatch,
    body: JSON.stringify({ status: { canaryStatus: { nextStepIndex: to } } }),
    note:
      `Jump from step ${from} to step ${to} (a merge patch to /status).` +
      (back
        ? " Going back reverts nothing: the partition is only ever lowered, so pods already updated stay updated."
        : " Pods of the skipped steps update together with the target step."),
  };
}

/** The Rollout fields a spec write guards: what the page showed, and the generation. */
export interface RolloutSpecBase {
  generation: number;
  paused?: boolean;
  disabled?: boolean;
}

function base(b: RolloutSpecBase): JsonObject {
  const spec: JsonObject = { strategy: b.paused === undefined ? {} : { paused: b.paused } };
  if (b.disabled !== undefined) spec.disabled = b.disabled;
  return { metadata: { generation: b.generation }, spec };
}

/** Pause or resume the Rollout's state machine (`spec.strategy.paused`); the CloneSet is not touched. */
export function rolloutPauseRequest(b: RolloutSpecBase, paused: boolean): PatchRequest {
  const note = paused
    ? "Pause the Rollout (spec.strategy.paused): no step moves until resumed; the current batch still finishes"
    : "Resume the Rollout (spec.strategy.paused: false)";
  return guardedRequest(base(b), [{ path: ["spec", "strategy", "paused"], value: paused }], note);
}

/**
 * Disable the Rollout (`spec.disabled`). Mid-release this FINISHES the release at the CloneSet's full speed
 * (partition → 0), it does not revert it. Upstream: openkruise/rollouts rollout_status.go `calculateRolloutStatus`.
 */
export function rolloutDisableRequest(b: RolloutSpecBase, disabled: boolean): PatchRequest {
  const note = disabled
    ? "Disable the Rollout (spec.disabled): a release in progress finishes at once at the CloneSet's full speed (partition → 0); later template changes roll out as plain CloneSet updates"
    : "Enable the Rollout again (spec.disabled: false)";
  return guardedRequest(base(b), [{ path: ["spec", "disabled"], value: disabled }], note);
}
