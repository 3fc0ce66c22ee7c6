import { describe, expect, it } from "vitest";
import { annotatedRolloutName, rolloutOf } from "./detect";
import type { StatefulSet } from "../../k8s/objects";
import { cloneSet, rollout } from "./fixtures";

describe("which Rollout a CloneSet is under", () => {
  it("finds the Rollout whose workloadRef names the CloneSet in its namespace", () => {
    const link = rolloutOf(cloneSet(), [rollout({ name: "other", target: "search" }), rollout()]);
    expect(link).toMatchObject({ how: "workloadRef", name: "checkout", releasing: false });
  });

  it("ignores a Rollout in another namespace or naming another kind or group", () => {
    const elsewhere = { ...rollout(), metadata: { ...rollout().metadata, namespace: "payments" } };
    const deployment = rollout();
    deployment.spec.workloadRef = { apiVersion: "apps/v1", kind: "Deployment", name: "checkout" };
    const otherGroup = rollout();
    otherGroup.spec.workloadRef = { apiVersion: "example.com/v1", kind: "CloneSet", name: "checkout" };
    expect(rolloutOf(cloneSet(), [elsewhere, deployment, otherGroup])).toBeNull();
  });

  it("does not count a disabled Rollout unless a release is still in flight", () => {
    expect(rolloutOf(cloneSet(), [rollout({ disabled: true, phase: "Disabled" })])).toBeNull();
    const cs = cloneSet({ annotations: { "rollouts.kruise.io/in-progressing": '{"rolloutName":"checkout"}' } });
    expect(rolloutOf(cs, [rollout({ disabled: true, phase: "Disabling" })])).toMatchObject({
      name: "checkout",
      releasing: true,
    });
  });

  it("reads the Rollout name from the in-progressing or control-info annotation when the Rollout is not listed", () => {
    const inProgress = cloneSet({ annotations: { "rollouts.kruise.io/in-progressing": '{"rolloutName":"r1"}' } });
    expect(rolloutOf(inProgress, [])).toEqual({ how: "annotation", name: "r1", releasing: true });
    const control = cloneSet({
      annotations: {
        "batchrelease.rollouts.kruise.io/control-info": JSON.stringify({ kind: "BatchRelease", name: "r2", uid: "u" }),
      },
    });
    expect(annotatedRolloutName(control)).toBe("r2");
    expect(annotatedRolloutName(cloneSet({ annotations: { "rollouts.kruise.io/in-progressing": "not json" } }))).toBe(
      "",
    );
    expect(annotatedRolloutName(cloneSet())).toBeUndefined();
  });
});

describe("which Rollout an Advanced StatefulSet is under (docs/kruise-rollouts.md §15)", () => {
  const sts = (annotations: Record<string, string> = {}) =>
    ({
      apiVersion: "apps.kruise.io/v1beta1",
      kind: "StatefulSet",
      metadata: { name: "checkout", namespace: "shop", annotations },
      spec: { replicas: 5, selector: {}, serviceName: "checkout", template: {} },
    }) as unknown as StatefulSet;
  const stsRollout = (apiVersion = "apps.kruise.io/v1beta1") => {
    const r = rollout();
    r.spec.workloadRef = { apiVersion, kind: "StatefulSet", name: "checkout" };
    return r;
  };

  it("finds a Rollout naming kind StatefulSet in apps.kruise.io at either version, and not one naming the CloneSet", () => {
    expect(rolloutOf(sts(), [stsRollout()], "StatefulSet")).toMatchObject({ name: "checkout", releasing: false });
    expect(rolloutOf(sts(), [stsRollout("apps.kruise.io/v1alpha1")], "StatefulSet")).not.toBeNull();
    expect(rolloutOf(sts(), [rollout()], "StatefulSet")).toBeNull();
    expect(rolloutOf(cloneSet(), [stsRollout()])).toBeNull();
  });

  it("a native apps/v1 StatefulSet's Rollout is not this Advanced StatefulSet's", () => {
    expect(rolloutOf(sts(), [stsRollout("apps/v1")], "StatefulSet")).toBeNull();
  });

  it("the in-progressing annotation marks a release in flight on an Advanced StatefulSet too", () => {
    const live = sts({ "rollouts.kruise.io/in-progressing": '{"rolloutName":"checkout"}' });
    expect(rolloutOf(live, [stsRollout()], "StatefulSet")).toMatchObject({ how: "workloadRef", releasing: true });
  });
});
