import { describe, expect, it } from "vitest";
import { podUpdateStep, refreshLifecycle } from "./pod-update";
import { NEW, pod, revisions, statefulSet } from "./fixtures";
import type { StatefulSet } from "../../k8s/objects";

const withEnv = (s: StatefulSet): StatefulSet => {
  const c = s.spec.template.spec!.containers[0];
  return {
    ...s,
    spec: {
      ...s.spec,
      template: {
        ...s.spec.template,
        spec: { ...s.spec.template.spec!, containers: [{ ...c, env: [{ name: "A", value: "1" }] }] },
      },
    },
  };
};
const hook = { inPlaceUpdate: { labelsHandler: { "example.com/ready": "true" } } };

describe("Advanced StatefulSet podUpdatePolicy: in place or recreate (§13.5)", () => {
  const image = revisions();
  const env = revisions(withEnv);

  it("ReCreate recreates even when the change could go in place", () => {
    const set = statefulSet(3, { podUpdatePolicy: "ReCreate" });
    expect(podUpdateStep(set, pod(2), image.next, [image.old, image.next]).kind).toBe("recreate");
  });

  it("InPlaceIfPossible updates an image change in place and recreates an env change", () => {
    const set = statefulSet(3, { podUpdatePolicy: "InPlaceIfPossible" });
    const step = podUpdateStep(set, pod(2), image.next, [image.old, image.next]);
    expect(step).toMatchObject({
      kind: "inPlace",
      spec: { revision: NEW, containerImages: { app: "nginx:2" } },
      lifecycle: "Updating",
    });
    expect(podUpdateStep(set, pod(2), env.next, [env.old, env.next]).kind).toBe("recreate");
  });

  it("InPlaceOnly with a change that cannot go in place is an error naming the pod", () => {
    const set = statefulSet(3, { podUpdatePolicy: "InPlaceOnly" });
    expect(podUpdateStep(set, pod(2), env.next, [env.old, env.next])).toEqual({
      kind: "error",
      message: "find strategy is InPlaceOnly but Pod web-2 can not update in-place",
    });
  });

  it("the inPlaceUpdate hook: a hooked pod goes PreparingUpdate, waits while hooked, then updates as Updating", () => {
    const set = statefulSet(3, { podUpdatePolicy: "InPlaceIfPossible" }, { lifecycle: hook });
    const revs = [image.old, image.next];
    const hooked = { labels: { "example.com/ready": "true" } };
    expect(podUpdateStep(set, pod(2, hooked), image.next, revs)).toEqual({
      kind: "preparingUpdate",
      withHandlers: false,
    });
    expect(podUpdateStep(set, pod(2, { ...hooked, state: "PreparingUpdate" }), image.next, revs).kind).toBe("wait");
    expect(podUpdateStep(set, pod(2, { state: "PreparingUpdate" }), image.next, revs)).toMatchObject({
      kind: "inPlace",
      lifecycle: "Updating",
    });
    expect(podUpdateStep(set, pod(2, { state: "Updated" }), image.next, revs)).toEqual({
      kind: "preparingUpdate",
      withHandlers: true,
    });
  });

  it("refresh: a finished update goes Updated while the inPlaceUpdate hook is not all back, then Normal", () => {
    const set = statefulSet(3, { podUpdatePolicy: "InPlaceIfPossible" }, { lifecycle: hook });
    expect(refreshLifecycle(set, pod(1, { rev: NEW, state: "Updating" }), NEW)).toBe("Updated");
    expect(refreshLifecycle(set, pod(1, { rev: NEW, state: "Updated" }), NEW)).toBeUndefined();
    expect(
      refreshLifecycle(set, pod(1, { rev: NEW, state: "Updated", labels: { "example.com/ready": "true" } }), NEW),
    ).toBe("Normal");
    expect(refreshLifecycle(statefulSet(3), pod(1, { rev: NEW, state: "Updating" }), NEW)).toBe("Normal");
  });

  it("refresh: a PreparingUpdate pod that a rollback put back on the update revision skips the update", () => {
    expect(refreshLifecycle(statefulSet(3), pod(1, { rev: NEW, state: "PreparingUpdate" }), NEW)).toBe("Normal");
    expect(refreshLifecycle(statefulSet(3), pod(1, { state: "PreparingUpdate" }), NEW)).toBeUndefined();
  });
});
