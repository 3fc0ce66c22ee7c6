import { describe, expect, it } from "vitest";
import type { BatchRelease, Event, Pod } from "../../k8s/objects";
import { rolloutOf } from "./detect";
import { cloneSet, rollout } from "./fixtures";
import { kruiseRolloutView } from "./view";

const now = new Date("2026-01-01T00:01:00Z");
const event = (name: string, kind: string, obj: string, reason: string, at: string): Event =>
  ({
    metadata: { name, namespace: "shop" },
    involvedObject: { kind, name: obj, namespace: "shop" },
    reason,
    message: `${reason} message`,
    type: "Normal",
    lastTimestamp: at,
  }) as Event;

describe("the Rollout section's view model", () => {
  it("keeps the Rollout's and its BatchRelease's events, newest first, and none of the CloneSet's", () => {
    const cs = cloneSet();
    const link = rolloutOf(cs, [rollout()])!;
    const events = [
      event("e1", "Rollout", "checkout", "Progressing", "2026-01-01T00:00:10Z"),
      event("e2", "CloneSet", "checkout", "SuccessfulUpdatePodInPlace", "2026-01-01T00:00:20Z"),
      event("e3", "BatchRelease", "checkout", "UnsupportedWorkload", "2026-01-01T00:00:30Z"),
      event("e4", "Rollout", "search", "Progressing", "2026-01-01T00:00:40Z"),
    ];
    const v = kruiseRolloutView(link, cs, [], ["checkout-h1", "checkout-h2"], [], events, now);
    expect(v.events.map((e) => e.reason)).toEqual(["UnsupportedWorkload", "Progressing"]);
  });

  it("shows the BatchRelease batch 1-based, and offers jumps with their preconditions", () => {
    const cs = cloneSet();
    const br = {
      metadata: { name: "checkout", namespace: "shop" },
      spec: { releasePlan: { rolloutID: "h2", enableExtraWorkloadForCanary: false } },
      status: { phase: "Progressing", canaryStatus: { currentBatch: 0, batchState: "Ready" } },
    } as BatchRelease;
    const v = kruiseRolloutView(rolloutOf(cs, [rollout()])!, cs, [], [], [br], [], now);
    expect(v.batchRelease).toEqual({ phase: "Progressing", batch: "1", state: "Ready" });
    expect(v.jumps.map((j) => j.check.ok)).toEqual([true, false, true]);
    expect(v.actions?.approve.ok).toBe(true);
  });

  it("has only the name and events when just the CloneSet's annotations name the Rollout", () => {
    const cs = cloneSet({ annotations: { "rollouts.kruise.io/in-progressing": '{"rolloutName":"gone"}' } });
    const v = kruiseRolloutView(rolloutOf(cs, [])!, cs, [], [], [], [], now);
    expect(v).toMatchObject({ name: "gone", releasing: true, conditions: [], jumps: [] });
    expect(v.state).toBeUndefined();
  });

  it("after a release completes: no stable/canary pod counts of the finished release, and no approve or jump offered", () => {
    const cs = cloneSet();
    cs.metadata.uid = "cs-uid";
    cs.status = { ...cs.status!, currentRevision: "checkout-h2", updateRevision: "checkout-h2", updatedReplicas: 4 };
    const pod = (i: number) =>
      ({
        metadata: {
          name: `checkout-${i}`,
          namespace: "shop",
          labels: { "controller-revision-hash": "checkout-h2" },
          ownerReferences: [
            {
              apiVersion: "apps.kruise.io/v1alpha1",
              kind: "CloneSet",
              name: "checkout",
              uid: "cs-uid",
              controller: true,
            },
          ],
        },
      }) as unknown as Pod;
    const done = rollout({ phase: "Healthy", step: 3, state: "Completed", reason: "Completed" });
    const v = kruiseRolloutView(rolloutOf(cs, [done])!, cs, [0, 1, 2, 3].map(pod), [], [], [], now);
    expect(v.inFlight).toBe(false);
    expect(v.map).toBeUndefined();
    expect(v.settled).toEqual({ revision: "checkout-h2", pods: 4, offRevision: 0 });
    expect(v.actions?.approve.ok).toBe(false);
    expect(v.jumps.every((j) => !j.check.ok)).toBe(true);
  });
});
