import { describe, expect, it } from "vitest";
import { cloneSet, rollout } from "./fixtures";
import { rolloutState, stateBadgeText, timerWordsAt } from "./state";

const now = new Date("2026-01-01T00:00:42Z");

describe("the Rollout state in words", () => {
  it("says a step paused without a duration is waiting for approval", () => {
    const s = rolloutState(rollout(), cloneSet(), undefined, now);
    expect(s.words).toBe("waiting for approval to leave step 1");
    expect(stateBadgeText(s)).toBe("step 1/3, waiting for approval");
  });

  it("counts a timed pause from lastUpdateTime, and never past its duration", () => {
    const s = rolloutState(rollout({ step: 2 }), cloneSet(), undefined, now);
    expect(s.words).toBe("paused 20 s of 20; continues on its own");
    const early = rolloutState(rollout({ step: 2 }), cloneSet(), undefined, new Date("2026-01-01T00:00:07Z"));
    expect(early.timer).toMatchObject({ elapsed: 7, seconds: 20, step: 2 });
    expect(early.words).toBe("paused 7 s of 20; continues on its own");
  });

  it("a view counts the pause on each second from when it started, not from the last render (0, 1, 2 … not 0 → 4 → 14)", () => {
    const s = rolloutState(rollout({ step: 2 }), cloneSet(), undefined, new Date("2026-01-01T00:00:00Z"));
    const at = (iso: string) => timerWordsAt(s.timer!, Date.parse(iso));
    expect(at("2026-01-01T00:00:01Z")).toBe("paused 1 s of 20; continues on its own");
    expect(at("2026-01-01T00:00:02.5Z")).toBe("paused 2 s of 20; continues on its own");
    expect(at("2026-01-01T00:01:00Z")).toBe("paused 20 s of 20; continues on its own");
  });

  it("gives a batch being upgraded as ready of planned pods, from the CloneSet's live counts", () => {
    const cs = cloneSet();
    cs.status = { ...cs.status!, updatedReplicas: 2, updatedReadyReplicas: 1 };
    const s = rolloutState(rollout({ step: 2, state: "StepUpgrade" }), cs, undefined, now);
    expect(s.words).toBe("upgrading batch 2: 1 of 2 ready");
    expect(stateBadgeText(s)).toBe("step 2/3, upgrading");
  });

  it("puts the phase and the Progressing reason before the step state", () => {
    expect(rolloutState(rollout({ reason: "Paused" }), cloneSet(), undefined, now).short).toBe("paused");
    expect(rolloutState(rollout({ phase: "Disabling" }), cloneSet(), undefined, now).words).toMatch(/full speed/);
    expect(
      rolloutState(rollout({ phase: "Healthy", state: "Completed", step: 3 }), cloneSet(), undefined, now).short,
    ).toBe("healthy");
    expect(rolloutState(rollout({ reason: "Cancelling" }), cloneSet(), undefined, now).words).toMatch(/pods revert/);
  });
});

describe("the Rollout's words name the kind it drives (docs/kruise-rollouts.md §15)", () => {
  it("a Rollout of an Advanced StatefulSet says the StatefulSet finishes at its full speed when disabling", () => {
    const r = rollout({ phase: "Disabling" });
    r.spec.workloadRef = { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", name: "checkout" };
    expect(rolloutState(r, undefined, undefined, new Date()).words).toBe(
      "disabling: the release finishes at the StatefulSet's full speed",
    );
  });
});
