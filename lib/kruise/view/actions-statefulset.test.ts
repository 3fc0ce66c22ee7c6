import { describe, expect, it } from "vitest";
import type { StatefulSet } from "../../k8s/objects";
import { revisions, statefulSet } from "../statefulset/fixtures";
import { actionBarView } from "./actions";
import { statefulNextStep, statefulSetActionFacts } from "./actions-statefulset";

const header = {
  state: { kind: "held-by-partition", word: "held by partition", reason: "the partition keeps 3 pods" },
  offUpdate: 3,
} as Parameters<typeof statefulSetActionFacts>[1];
const { old, next } = revisions();
const byId = (set: StatefulSet) =>
  Object.fromEntries(actionBarView(statefulSetActionFacts(set, header, [old, next])).actions.map((a) => [a.id, a]));

describe("an Advanced StatefulSet's action bar (lib/kruise/view/actions-statefulset.ts)", () => {
  it("the next step is an ordinal: 5 pods at partition 5 → partition 4 releases ordinal 4 (one canary pod)", () => {
    expect(statefulNextStep(statefulSet(5, { partition: 5 }))).toEqual({
      to: 4,
      effect: "1 more pod on the update revision (1 of 5): ordinal 4, highest first",
    });
  });

  it("from partition 3 of 5 the next step is 0: ordinals 2, 1 and 0 update, highest first", () => {
    expect(statefulNextStep(statefulSet(5, { partition: 3 }))).toEqual({
      to: 0,
      effect: "3 more pods on the update revision (5 of 5): ordinals 2, 1 and 0, highest first",
    });
  });

  it("reserved ordinals are skipped: 4 pods at 0, 2, 3, 4 (1 reserved), partition 5 → 4 releases ordinal 4", () => {
    const set = statefulSet(4, { partition: 5 }, { reserveOrdinals: [1] });
    expect(statefulNextStep(set)).toMatchObject({ to: 4, effect: expect.stringContaining("ordinal 4,") });
    // Partition 4 keeps ordinals 0, 2 and 3; half of the pods (two kept: 0 and 2) is partition 3.
    const at3 = statefulSet(4, { partition: 4 }, { reserveOrdinals: [1] });
    expect(statefulNextStep(at3)).toEqual({
      to: 3,
      effect: "1 more pod on the update revision (2 of 4): ordinal 3, highest first",
    });
  });

  it("with unorderedUpdate the partition is a count and priority picks which pods", () => {
    const set = statefulSet(4, { partition: 4, unorderedUpdate: { priorityStrategy: {} } });
    expect(statefulNextStep(set)).toEqual({
      to: 3,
      effect: "1 more pod on the update revision (1 of 4), priority picking which",
    });
  });

  it("OnDelete and partition 0 offer no step", () => {
    expect(statefulNextStep(statefulSet(3, { partition: 0 }))).toBeNull();
    const onDelete = statefulSet(3, { partition: 2 });
    onDelete.spec.updateStrategy!.type = "OnDelete";
    expect(statefulNextStep(onDelete)).toBeNull();
  });

  it("pause, the next step (asks, with the ordinal) and roll back every pod to the current revision; keeping the partition says the ordinals below it stay", () => {
    const a = byId(statefulSet(5, { partition: 3 }));
    expect(Object.keys(a)).toEqual(["pause", "partition-step", "rollback"]);
    expect(a["partition-step"]).toMatchObject({ label: "Next step: partition 3 → 0", confirm: true, partition: 0 });
    expect(a.rollback).toMatchObject({ revision: old.metadata.name, tone: "destructive", confirm: true });
    expect(a.rollback.effect).toBe(
      `every pod goes back to #1 ${old.metadata.name} (nginx:1): the template and partition 0 in one request`,
    );
    expect(a.rollback.keepEffect).toBe(
      `the pod template goes back to #1 ${old.metadata.name} (nginx:1); partition 3 stays: ordinals 0, 1 and 2 keep the revision they run`,
    );
  });

  it("a paused set offers resume first; its step waits with the reason", () => {
    const a = byId(statefulSet(5, { partition: 3, paused: true }));
    expect(a.resume).toMatchObject({ tone: "primary", confirm: false });
    expect(a["partition-step"].unavailable).toBe("the rollout is paused: resume it first");
  });

  it("at partition 0 the template alone also takes every pod back, and says so", () => {
    expect(byId(statefulSet(3)).rollback.keepEffect).toMatch(
      /partition 0 stays: it keeps no pod, so every pod goes back$/,
    );
  });
});
