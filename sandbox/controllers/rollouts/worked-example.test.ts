// docs/kruise-rollouts.md §12 replayed row by row: R = 10, steps [1 + pause {}, "50%" + pause 60 s, "100%"],
// the pure Rollout and BatchRelease machines driving a modelled CloneSet.
import { beforeAll, describe, expect, it } from "vitest";
import { World } from "./sim.test-support";

const STEPS = [{ replicas: 1, pause: {} }, { replicas: "50%", pause: { duration: 60 } }, { replicas: "100%" }];

describe("§12 worked example: 10 replicas, steps [1 + approve, 50% + 60 s, 100%]", () => {
  const w = new World("demo", 10, STEPS);
  beforeAll(() => w.settle());

  it("before: a fresh Rollout is Healthy at 3/Completed and has labelled the CloneSet", () => {
    expect(w.rollout.status?.phase).toBe("Healthy");
    expect(w.step).toBe("3/Completed");
    expect(w.canary?.nextStepIndex).toBe(-1);
    expect(w.rollout.status?.message).toBe("workload deployment is completed");
    expect(w.cloneSet.metadata.labels?.["rollouts.kruise.io/workload-type"]).toBe("cloneset");
    expect(w.rollout.metadata.finalizers).toEqual(["rollouts.kruise.io/rollout"]);
  });

  it("row 0: the image change gets partition 100% and the in-progressing annotation from the webhook", () => {
    w.setImage("v2");
    expect(w.partition).toBe("100%");
    expect(w.updated).toBe(0);
    expect(w.cloneSet.metadata.annotations?.["rollouts.kruise.io/in-progressing"]).toBe('{"rolloutName":"demo"}');
    expect(w.rollout.status?.phase).toBe("Healthy");
  });

  it("row 1: the next reconcile enters Progressing/Initializing, message and step unchanged", () => {
    w.reconcileRollout();
    expect(w.rollout.status?.phase).toBe("Progressing");
    expect(w.reason).toBe("Initializing");
    expect(w.step).toBe("3/Completed");
    expect(w.rollout.status?.message).toBe("workload deployment is completed");
  });

  it("row 2: Initializing rebuilds the canary status, and only after 3 s goes InRolling", () => {
    w.reconcileRollout();
    expect(w.step).toBe("1/BeforeStepUpgrade");
    expect(w.reason).toBe("Initializing");
    expect(w.canary).toMatchObject({ stableRevision: "h1", canaryRevision: "h2", nextStepIndex: 2 });
    w.advance(3001);
    w.reconcileRollout();
    expect(w.reason).toBe("InRolling");
    expect(w.step).toBe("1/BeforeStepUpgrade");
  });

  it("row 3: BeforeStepUpgrade → StepUpgrade, then the BatchRelease is created at batchPartition 0", () => {
    w.reconcileRollout();
    expect(w.step).toBe("1/StepUpgrade");
    expect(w.batchRelease).toBeUndefined();
    w.reconcileRollout();
    expect(w.batchRelease?.spec.releasePlan).toMatchObject({ batchPartition: 0, rolloutID: "h2" });
    expect(w.rollout.status?.message).toBe("Rollout is in step(1/3), and upgrade workload to new version");
    expect(w.partition).toBe("100%");
  });

  it("row 4: Initialize claims the CloneSet, UpgradeBatch writes partition 9, one pod updates", () => {
    for (let i = 0; i < 4; i++) w.reconcileBatchRelease();
    expect(w.cloneSet.metadata.annotations?.["batchrelease.rollouts.kruise.io/control-info"]).toContain(
      '"kind":"BatchRelease"',
    );
    expect(w.partition).toBe(9);
    expect(w.updated).toBe(1);
    expect(w.batch).toBe("0,Verifying");
  });

  it("row 5: the pod gets ready, fails the label check once, is labelled batch 1, and the batch is Ready", () => {
    w.podsReady();
    const seen: (string | undefined)[] = [];
    for (let i = 0; i < 6 && w.batch !== "0,Ready"; i++) {
      w.reconcileBatchRelease();
      seen.push(w.batch);
    }
    // The first round only records the new counts (a status change ends the round); then the label rule fails.
    expect(seen).toEqual(["0,Verifying", "0,Upgrading", "0,Verifying", "0,Ready"]);
    expect(w.pods.filter((p) => p.labels["rollouts.kruise.io/rollout-batch-id"] === "1")).toHaveLength(1);
    expect(w.step).toBe("1/StepUpgrade");
  });

  it("row 6: the step finishes (Event), then one transition per reconcile to StepPaused awaiting approval", () => {
    w.reconcileRollout();
    expect(w.events).toContain("upgrade step(1) canary pods with new versions done");
    expect(w.step).toBe("1/StepTrafficRouting");
    w.reconcileRollout();
    expect(w.step).toBe("1/StepMetricsAnalysis");
    w.reconcileRollout();
    expect(w.step).toBe("1/StepPaused");
    w.reconcileRollout();
    expect(w.step).toBe("1/StepPaused");
    expect(w.rollout.status?.message).toBe(
      "Rollout is in step(1/3), and you need manually confirm to enter the next step",
    );
    w.advance(3600_000);
    w.reconcileRollout();
    expect(w.step).toBe("1/StepPaused");
    expect(w.partition).toBe(9);
  });

  it("row 7: approve (status.canaryStatus.currentStepState = StepReady)", () => {
    w.rollout.status!.canaryStatus!.currentStepState = "StepReady";
    expect(w.step).toBe("1/StepReady");
  });

  it('row 8: step 2 updates the BatchRelease to batchPartition 1; the plan-hash check moves it to batch 1: "50%"', () => {
    w.reconcileRollout();
    expect(w.step).toBe("2/BeforeStepUpgrade");
    expect(w.canary?.nextStepIndex).toBe(3);
    w.reconcileRollout();
    w.reconcileRollout();
    expect(w.step).toBe("2/StepUpgrade");
    expect(w.batchRelease?.spec.releasePlan.batchPartition).toBe(1);
    w.reconcileBatchRelease();
    expect(w.batch).toBe("1,Upgrading");
    w.reconcileBatchRelease();
    expect(w.partition).toBe("50%");
    expect(w.updated).toBe(5);
    expect(w.batch).toBe("1,Verifying");
  });

  it("row 9: 4 more pods ready and labelled batch 2, then StepPaused with a 60 s wait", () => {
    w.podsReady();
    w.settle();
    expect(w.batch).toBe("1,Ready");
    expect(w.pods.filter((p) => p.labels["rollouts.kruise.io/rollout-batch-id"] === "2")).toHaveLength(4);
    expect(w.step).toBe("2/StepPaused");
    expect(w.rollout.status?.message).toBe(
      "Rollout is in step(2/3), and wait duration(60 seconds) to enter the next step",
    );
    w.advance(30_000);
    w.settle();
    expect(w.step).toBe("2/StepPaused");
  });

  it('row 10: 60 s after StepMetricsAnalysis the step advances; batchPartition 2 writes "0%"', () => {
    w.advance(31_000);
    w.settle();
    expect(w.canary?.currentStepIndex).toBe(3);
    expect(w.canary?.nextStepIndex).toBe(-1);
    expect(w.batchRelease?.spec.releasePlan.batchPartition).toBe(2);
    expect(w.partition).toBe("0%");
    expect(w.updated).toBe(10);
  });

  it("rows 11–13: all ready; the last 100% step skips its pause; finalising releases the CloneSet; Healthy", () => {
    w.podsReady();
    w.settle();
    expect(w.rollout.status?.phase).toBe("Healthy");
    expect(w.step).toBe("3/Completed");
    expect(w.canary?.finalisingStep).toBe("END");
    expect(w.rollout.status?.conditions?.find((c) => c.type === "Progressing")).toMatchObject({
      status: "False",
      reason: "Completed",
      message: "Rollout progressing has been completed",
    });
    expect(w.rollout.status?.conditions?.find((c) => c.type === "Succeeded")?.status).toBe("True");
    expect(w.partition).toBe(0);
    expect(w.cloneSet.spec.updateStrategy?.paused).toBe(false);
    expect(w.cloneSet.metadata.annotations?.["rollouts.kruise.io/in-progressing"]).toBeUndefined();
    expect(w.cloneSet.metadata.annotations?.["batchrelease.rollouts.kruise.io/control-info"]).toBeUndefined();
    expect(w.batchRelease).toBeUndefined();
    expect(w.pods.filter((p) => p.labels["rollouts.kruise.io/rollout-batch-id"] === "3")).toHaveLength(5);
  });
});
