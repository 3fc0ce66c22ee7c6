// The Rollout state machine's rules (docs/kruise-rollouts.md §4, §5, §8), each on the modelled CloneSet.
import { describe, expect, it } from "vitest";
import { reconcileRollout } from "./rollout-machine";
import { World } from "./sim.test-support";

const APPROVE_ONLY = [{ replicas: 1, pause: {} }, { replicas: "100%" }];

/** A world with the release started and step 1 at `state` (settled). */
function atStep1Paused(steps: object[] = APPROVE_ONLY, replicas = 4): World {
  const w = new World("app", replicas, steps);
  w.settle();
  w.setImage("v2");
  w.settle();
  w.advance(3001);
  w.settle();
  w.podsReady();
  w.settle();
  return w;
}

describe("Rollout phases and messages (§4.1, §4.2)", () => {
  it("a missing CloneSet gives phase Initial with only 'Workload Not Found'", () => {
    const w = new World("ghost", 2, APPROVE_ONLY);
    const res = reconcileRollout({ rollout: w.rollout, now: w.now });
    expect(res.status).toEqual({
      observedGeneration: 1,
      phase: "Initial",
      message: "Workload Not Found",
      currentStepIndex: 0,
      currentStepState: "",
    });
  });
  it("a CloneSet whose status lags its generation makes the Rollout wait 3 s without writing status", () => {
    const w = new World("lag", 2, APPROVE_ONLY);
    w.cloneSet.metadata.generation = 5;
    const res = reconcileRollout({ rollout: w.rollout, workload: w.target, now: w.now });
    expect(res.status).toBeUndefined();
    expect(res.requeueAfterMs).toBe(3000);
  });
  it("the rollouts.kruise.io/hash annotation ignores pauses and failureThreshold but not step replicas", () => {
    const w = new World("h", 2, APPROVE_ONLY);
    w.settle();
    const hash = w.rollout.metadata.annotations?.["rollouts.kruise.io/hash"];
    expect(hash).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]{64}$/);
    w.rollout.spec.strategy!.canary!.steps![0].pause = { duration: 5 };
    w.rollout.spec.strategy!.canary!.failureThreshold = "20%";
    w.settle();
    expect(w.rollout.metadata.annotations?.["rollouts.kruise.io/hash"]).toBe(hash);
    w.rollout.spec.strategy!.canary!.steps![0].replicas = 2;
    w.settle();
    expect(w.rollout.metadata.annotations?.["rollouts.kruise.io/hash"]).not.toBe(hash);
  });
});

describe("step state machine (§4.4)", () => {
  it("an approve-only pause never passes by time; approving moves on", () => {
    const w = atStep1Paused();
    expect(w.step).toBe("1/StepPaused");
    w.advance(24 * 3600_000);
    w.settle();
    expect(w.step).toBe("1/StepPaused");
    w.rollout.status!.canaryStatus!.currentStepState = "StepReady";
    w.settle();
    expect(w.step).toBe("2/StepUpgrade");
  });
  it("a pause duration counts from lastUpdateTime (entering StepMetricsAnalysis), on the injected clock", () => {
    const w = atStep1Paused([{ replicas: 1, pause: { duration: 30 } }, { replicas: "100%" }]);
    expect(w.step).toBe("1/StepPaused");
    const since = Date.parse(w.canary!.lastUpdateTime!);
    const res = reconcileRollout({
      rollout: w.rollout,
      workload: w.target,
      batchRelease: w.batchRelease,
      now: w.now,
    });
    expect(res.requeueAfterMs).toBe(since + 30_000 - w.now);
    w.now = since + 30_000;
    w.settle();
    expect(w.step).toBe("1/StepPaused");
    w.advance(1000);
    w.settle();
    expect(w.canary?.currentStepIndex).toBe(2);
  });
  it("an integer last step equal to the replicas still needs an approve; only the literal '100%' skips", () => {
    const w = atStep1Paused([{ replicas: 1, pause: { duration: 0 } }, { replicas: 4 }]);
    w.advance(1000);
    w.settle();
    w.podsReady();
    w.settle();
    expect(w.step).toBe("2/StepPaused");
    expect(w.rollout.status?.message).toBe(
      "Rollout is in step(2/2), and you need manually confirm to enter the next step",
    );
  });
  it("a jump written to nextStepIndex moves the step (and a backward one reverts no pod)", () => {
    const w = atStep1Paused([{ replicas: 1, pause: {} }, { replicas: 2, pause: {} }, { replicas: "100%" }]);
    w.rollout.status!.canaryStatus!.nextStepIndex = 3;
    w.reconcileRollout();
    expect(w.canary).toMatchObject({ currentStepIndex: 3, nextStepIndex: -1, currentStepState: "BeforeStepUpgrade" });
  });
  it("spec.strategy.paused freezes the steps with reason Paused; unpausing resumes InRolling", () => {
    const w = atStep1Paused();
    w.rollout.spec.strategy!.paused = true;
    w.rollout.status!.canaryStatus!.currentStepState = "StepReady";
    w.settle();
    expect(w.reason).toBe("Paused");
    expect(w.rollout.status?.message).toBe("Rollout has been paused, you can resume it by kube-cli");
    expect(w.step).toBe("1/StepReady");
    w.rollout.spec.strategy!.paused = false;
    w.reconcileRollout();
    expect(w.reason).toBe("InRolling");
  });
});

describe("special flows (§5.4, §5.5, §8)", () => {
  it("a new revision mid-release restarts from step 1 after deleting the BatchRelease (continuous release)", () => {
    const w = atStep1Paused();
    w.setImage("v3");
    w.settle();
    expect(w.events).toContain("workload continuous publishing canaryRevision, then restart publishing");
    w.advance(3001);
    w.settle();
    expect(w.canary).toMatchObject({ canaryRevision: "h3", stableRevision: "h1", currentStepIndex: 1 });
    expect(w.batchRelease?.spec.releasePlan.rolloutID).toBe("h3");
  });
  it("reverting the template to the stable revision cancels directly: partition 0, Succeeded False", () => {
    const w = atStep1Paused();
    w.updateCloneSet((cs) => (cs.spec.template.spec!.containers[0].image = "v1"));
    w.cloneSet.status!.updateRevision = "app-h1";
    w.refreshStatus();
    w.settle();
    expect(w.events).toContain("workload has been rollback, then rollout is canceled");
    expect(w.rollout.status?.phase).toBe("Healthy");
    const cond = w.rollout.status?.conditions?.find((c) => c.type === "Progressing");
    expect(cond).toMatchObject({
      status: "False",
      reason: "Completed",
      message: "Rollout progressing has been cancelled",
    });
    expect(w.rollout.status?.conditions?.find((c) => c.type === "Succeeded")?.status).toBe("False");
    expect(w.partition).toBe(0);
  });
  it("disabling mid-release finishes the release (partition 0), then Disabled", () => {
    const w = atStep1Paused();
    w.rollout.spec.disabled = true;
    w.reconcileRollout();
    // The Progressing handler still runs in this reconcile (one reconcile late) and may rewrite the message.
    expect(w.rollout.status?.phase).toBe("Disabling");
    w.settle();
    expect(w.rollout.status?.phase).toBe("Disabled");
    expect(w.rollout.status?.message).toBe("Rollout is disabled");
    expect(w.partition).toBe(0);
    expect(w.batchRelease).toBeUndefined();
  });
  it("deleting mid-release runs the finalising, then removes the finalizer", () => {
    const w = atStep1Paused();
    w.rollout.metadata.deletionTimestamp = new Date(w.now).toISOString();
    w.reconcileRollout();
    expect(w.rollout.status?.phase).toBe("Terminating");
    w.settle();
    expect(w.rollout.status?.conditions?.find((c) => c.type === "Terminating")).toMatchObject({
      reason: "Completed",
      status: "False",
    });
    expect(w.rollout.metadata.finalizers ?? []).toEqual([]);
    expect(w.partition).toBe(0);
  });
  it("a plan change mid-step re-runs the recalculated step with the new plan and records the new hash", () => {
    const w = atStep1Paused([{ replicas: 1, pause: {} }, { replicas: 3, pause: {} }, { replicas: "100%" }]);
    expect(w.updated).toBe(1);
    w.rollout.spec.strategy!.canary!.steps![0].replicas = 2;
    w.settle();
    w.podsReady();
    w.settle();
    expect(w.step).toBe("1/StepPaused");
    expect(w.updated).toBe(2);
    expect(w.partition).toBe(2);
    expect(w.canary?.rolloutHash).toBe(w.rollout.metadata.annotations?.["rollouts.kruise.io/hash"]);
  });
});
