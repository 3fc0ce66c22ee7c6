import { describe, expect, it } from "vitest";
import { canApprove, canDisable, canJump, canPause, rollbackEffect } from "./actions";
import { cloneSet, rollout } from "./fixtures";

describe("Rollout action preconditions", () => {
  it("allows approve only from StepPaused, saying where the Rollout goes next", () => {
    expect(canApprove(rollout())).toEqual({ ok: true, effect: "moves on to step 2 of 3" });
    expect(canApprove(rollout({ state: "StepUpgrade" }))).toEqual({
      ok: false,
      reason: "the current step is StepUpgrade, not StepPaused",
    });
    expect(canApprove(rollout({ phase: "Healthy", state: "Completed" })).ok).toBe(false);
  });

  it("refuses a jump to the next step (that is an approve) or out of range, and warns that going back reverts nothing", () => {
    const r = rollout({ step: 2, state: "StepPaused" });
    expect(canJump(r, 3)).toEqual({ ok: false, reason: "step 3 is already the next step: approve instead" });
    expect(canJump(r, 4).ok).toBe(false);
    expect(canJump(r, 0).ok).toBe(false);
    const back = canJump(r, 1);
    expect(back.ok && back.effect).toMatch(/reverts nothing/);
    expect(canJump(rollout({ step: 1 }), 3)).toEqual({ ok: true, effect: "skips ahead to step 3" });
    expect(canJump(rollout({ reason: "Paused", paused: true }), 3).ok).toBe(false);
  });

  it("toggles pause only one way at a time", () => {
    expect(canPause(rollout(), true).ok).toBe(true);
    expect(canPause(rollout(), false).ok).toBe(false);
    expect(canPause(rollout({ paused: true }), false).ok).toBe(true);
  });

  it("says disabling mid-release finishes the release rather than reverting it", () => {
    const d = canDisable(rollout());
    expect(d.ok && d.effect).toMatch(/finishes the release in progress.*partition → 0/);
    expect(canDisable(rollout({ disabled: true })).ok).toBe(false);
  });

  it("predicts a rollback to the stable revision cancels the release and reverts the updated pods", () => {
    const e = rollbackEffect(rollout(), cloneSet(), "checkout-h1");
    expect(e.ok && e.effect).toBe(
      "the Rollout cancels the release (partition → 0) and the CloneSet reverts 1 updated pod to the stable revision at its own pace",
    );
    const other = rollbackEffect(rollout(), cloneSet(), "checkout-h0");
    expect(other.ok && other.effect).toMatch(/restarts its release from step 1/);
  });
});
