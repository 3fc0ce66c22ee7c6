// A Kruise Rollout whose workloadRef is an Advanced StatefulSet (docs/kruise-rollouts.md §15): the same step
// machine, the BatchRelease driving the ordinal partition, revisions as whole names, batches counted in pods.
import { describe, expect, it } from "vitest";
import type { BatchRelease } from "@/lib/k8s/objects";
import { reconcileBatchRelease } from "./batchrelease-machine";
import { World } from "./sim.test-support";

const STEPS = [{ replicas: 1, pause: {} }, { replicas: "50%", pause: {} }, { replicas: "100%" }];

/** A 5-pod Advanced StatefulSet whose release is at step 1, paused for an approve, every pod ready. */
function atStep1(steps: object[] = STEPS): World {
  const w = new World("db", 5, steps, "StatefulSet");
  w.settle();
  w.setImage("v2");
  w.settle();
  w.advance(3001);
  w.settle();
  w.podsReady();
  w.settle();
  return w;
}

/** Approve (§5.1) and let both controllers and the pods catch up. */
function approve(w: World): void {
  w.rollout.status!.canaryStatus!.currentStepState = "StepReady";
  w.settle();
  w.podsReady();
  w.settle();
}

describe("a Rollout on an Advanced StatefulSet", () => {
  it("labels the workload statefulset, and a template change is held at partition 32767 by the webhook", () => {
    const w = new World("db", 5, STEPS, "StatefulSet");
    w.settle();
    expect(w.cloneSet.metadata.labels?.["rollouts.kruise.io/workload-type"]).toBe("statefulset");
    w.updateCloneSet((s) => (s.spec.template.spec!.containers[0].image = "v2"));
    expect(w.partition).toBe(32767);
    expect(w.cloneSet.metadata.annotations?.["rollouts.kruise.io/in-progressing"]).toBe('{"rolloutName":"db"}');
  });

  it("step 1 of 5 sets the ordinal partition 4: only the highest ordinal updates, then it waits for an approve", () => {
    const w = atStep1();
    expect(w.step).toBe("1/StepPaused");
    expect(w.partition).toBe(4);
    expect(w.updatedPods).toEqual(["db-4"]);
    expect(w.rollout.status?.message).toBe(
      "Rollout is in step(1/3), and you need manually confirm to enter the next step",
    );
  });

  it("records whole revision names as stable and canary, and the update revision as the rollout ID", () => {
    const w = atStep1();
    expect(w.canary).toMatchObject({ stableRevision: "db-h1", canaryRevision: "db-h2", podTemplateHash: "db-h2" });
    expect(w.batchRelease?.spec.releasePlan.rolloutID).toBe("db-h2");
    expect(w.batchRelease?.status).toMatchObject({ stableRevision: "db-h1", updateRevision: "db-h2" });
  });

  it("a percentage step is an integer ordinal partition: 50% of 5 is 3 pods, partition 2, ordinals 2–4", () => {
    const w = atStep1();
    approve(w);
    expect(w.step).toBe("2/StepPaused");
    expect(w.partition).toBe(2);
    expect(w.updatedPods).toEqual(["db-2", "db-3", "db-4"]);
  });

  it("a batch is ready only when its updated pods are Ready (counted from the pods, not the status)", () => {
    const w = atStep1();
    w.rollout.status!.canaryStatus!.currentStepState = "StepReady";
    w.settle();
    expect(w.partition).toBe(2);
    expect(w.step).toBe("2/StepUpgrade");
    // The workload's status claims all are ready; the BatchRelease counts the pods, two of which are not.
    w.cloneSet.status!.updatedReadyReplicas = 3;
    w.settle();
    expect(w.step).toBe("2/StepUpgrade");
    expect(w.batchRelease?.status?.canaryStatus?.updatedReadyReplicas).toBe(1);
    w.podsReady();
    w.settle();
    expect(w.step).toBe("2/StepPaused");
  });

  it("the last step completes: partition null → 0, every ordinal updated, paused left alone, BatchRelease gone", () => {
    const w = atStep1();
    approve(w);
    approve(w);
    w.advance(3001);
    w.settle();
    expect(w.rollout.status?.phase).toBe("Healthy");
    expect(w.partition).toBe(0);
    expect(w.updatedPods).toHaveLength(5);
    expect(w.cloneSet.metadata.annotations?.["batchrelease.rollouts.kruise.io/control-info"]).toBeUndefined();
    expect(w.cloneSet.metadata.annotations?.["rollouts.kruise.io/in-progressing"]).toBeUndefined();
    expect(w.batchRelease).toBeUndefined();
  });

  it("a jump to the last step updates every ordinal from the current one", () => {
    const w = atStep1();
    w.rollout.status!.canaryStatus!.nextStepIndex = 3;
    w.settle();
    w.podsReady();
    w.settle();
    expect(w.partition).toBe(0);
    expect(w.updatedPods).toHaveLength(5);
  });

  it("pause freezes the step with reason Paused and the partition where it was; resume goes on", () => {
    const w = atStep1();
    w.rollout.spec.strategy!.paused = true;
    w.rollout.status!.canaryStatus!.currentStepState = "StepReady";
    w.settle();
    expect(w.reason).toBe("Paused");
    expect(w.partition).toBe(4);
    w.rollout.spec.strategy!.paused = false;
    w.settle();
    expect(w.partition).toBe(2);
  });

  it("abort (the template back to the stable revision) cancels: partition 0, Succeeded False", () => {
    const w = atStep1();
    w.updateCloneSet((s) => (s.spec.template.spec!.containers[0].image = "v1"));
    w.cloneSet.status!.updateRevision = "db-h1";
    w.refreshStatus();
    w.settle();
    expect(w.events).toContain("workload has been rollback, then rollout is canceled");
    expect(w.rollout.status?.conditions?.find((c) => c.type === "Succeeded")?.status).toBe("False");
    expect(w.partition).toBe(0);
  });

  it("disabling mid-release finishes it at partition 0, then Disabled", () => {
    const w = atStep1();
    w.rollout.spec.disabled = true;
    w.settle();
    expect(w.rollout.status?.phase).toBe("Disabled");
    expect(w.partition).toBe(0);
  });
});

describe("the BatchRelease's workload kinds", () => {
  const br = (apiVersion: string, kind: string): BatchRelease =>
    ({
      apiVersion: "rollouts.kruise.io/v1beta1",
      kind: "BatchRelease",
      metadata: { name: "x", namespace: "default", finalizers: ["rollouts.kruise.io/batch-release-finalizer"] },
      spec: {
        workloadRef: { apiVersion, kind, name: "x" },
        releasePlan: { batches: [], batchPartition: 0, enableExtraWorkloadForCanary: false },
      },
    }) as BatchRelease;

  it("drives an Advanced StatefulSet at either apps.kruise.io version, and warns UnsupportedWorkload otherwise", () => {
    for (const v of ["apps.kruise.io/v1beta1", "apps.kruise.io/v1alpha1"])
      expect(reconcileBatchRelease({ batchRelease: br(v, "StatefulSet"), pods: [], now: 0 }).actions).toEqual([]);
    const { actions } = reconcileBatchRelease({ batchRelease: br("apps/v1", "Deployment"), pods: [], now: 0 });
    expect(actions).toEqual([
      {
        kind: "event",
        type: "Warning",
        reason: "UnsupportedWorkload",
        message: "the workload type 'apps/v1, Kind=Deployment' is not supported",
      },
    ]);
  });
});
