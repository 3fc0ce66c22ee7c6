import { describe, expect, it } from "vitest";
import { completeRollingUpdate, countStatus, statusNeedsWrite, wireStatus } from "./status";
import { NEW, NOW, OLD, pod, statefulSet } from "./fixtures";

describe("Advanced StatefulSet status (§13.6)", () => {
  const set = statefulSet(4, { minReadySeconds: 60 });
  const ps = [
    pod(0),
    pod(1, { rev: NEW }),
    pod(2, { rev: NEW, readyAt: new Date(NOW - 5000).toISOString() }),
    pod(3, { rev: NEW, deleting: true, ready: false }),
  ];
  const s = countStatus({ set, pods: ps, currentRevision: OLD, updateRevision: NEW, collisionCount: 0, now: NOW });

  it("replicas counts every owned pod, terminating ones too; updated counts only those not terminating", () => {
    expect(s).toMatchObject({
      replicas: 4,
      readyReplicas: 3,
      updatedReplicas: 2,
      currentReplicas: 1,
      updatedReadyReplicas: 2,
    });
  });

  it("available and updatedAvailable wait for minReadySeconds", () => {
    expect([s.availableReplicas, s.updatedAvailableReplicas]).toEqual([2, 1]);
  });

  it("completeRollingUpdate moves currentRevision only once every pod is updated and ready", () => {
    expect(completeRollingUpdate(set, s).currentRevision).toBe(OLD);
    const done = { ...s, replicas: 3, readyReplicas: 3, updatedReplicas: 3 };
    expect(completeRollingUpdate(set, done)).toMatchObject({ currentRevision: NEW, currentReplicas: 3 });
  });

  it("a change of updatedReadyReplicas alone is not written (inconsistentStatus ignores it)", () => {
    expect(statusNeedsWrite(s, { ...s, updatedReadyReplicas: 1 })).toBe(false);
    expect(statusNeedsWrite(s, { ...s, readyReplicas: 2 })).toBe(true);
    expect(statusNeedsWrite(s, { ...s, observedGeneration: 3 })).toBe(true);
  });

  it("the written status leaves out omitempty fields at zero, as Go's encoding does", () => {
    const w = wireStatus({ ...s, updatedReadyReplicas: 0, updatedAvailableReplicas: 0 });
    expect(w).not.toHaveProperty("updatedReadyReplicas");
    expect(w).toMatchObject({ replicas: 4, currentReplicas: 1, collisionCount: 0, labelSelector: "app=web" });
  });
});
