import { describe, expect, it } from "vitest";
import {
  isCurrentRevisionNeeded,
  sortPodsToUpdate,
  statefulMaxUnavailable,
  unavailablePods,
  updateRound,
} from "./update";
import { slotPods } from "./ordinals";
import { NEW, NOW, pod, pods, statefulSet } from "./fixtures";
import type { Pod, StatefulSet } from "../../k8s/objects";

const round = (set: StatefulSet, ps: Pod[]) => updateRound(set, slotPods(set.spec, ps).replicas, NEW, NOW);
const parallel = (replicas: number, ru: object = {}) => statefulSet(replicas, ru, { podManagementPolicy: "Parallel" });
const weights = {
  unorderedUpdate: {
    priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { tier: "canary" } } }] },
  },
};

describe("Advanced StatefulSet update order and partition (§13.4)", () => {
  it("partition is an ordinal: ordinals at or above it update, from the highest down", () => {
    const set = statefulSet(5, { partition: 3 });
    expect(
      sortPodsToUpdate(set.spec.updateStrategy!.rollingUpdate, NEW, 5, slotPods(set.spec, pods(5)).replicas),
    ).toEqual([4, 3]);
  });

  it("with reserveOrdinals the partition still compares ordinals, not positions", () => {
    const set = statefulSet(4, { partition: 3 }, { reserveOrdinals: [1] });
    const slots = slotPods(set.spec, [pod(0), pod(2), pod(3), pod(4)]).replicas;
    expect(sortPodsToUpdate(set.spec.updateStrategy!.rollingUpdate, NEW, 4, slots)).toEqual([4, 3]);
  });

  it("unorderedUpdate: the partition is a count, and pods follow priority, ties keeping the highest ordinal first", () => {
    const ps = pods(5).map((p, i) => (i === 1 ? pod(1, { labels: { tier: "canary" } }) : p));
    const ru = { partition: 2, ...weights };
    expect(sortPodsToUpdate(ru, NEW, 5, slotPods({ replicas: 5 }, ps).replicas)).toEqual([1, 4, 3]);
  });

  it("unorderedUpdate: already-updated pods count against replicas − partition", () => {
    const ps = pods(5).map((p, i) => (i === 0 ? pod(0, { rev: NEW }) : p));
    expect(
      sortPodsToUpdate({ partition: 2, unorderedUpdate: {} }, NEW, 5, slotPods({ replicas: 5 }, ps).replicas),
    ).toEqual([0, 4, 3]);
  });

  it("isCurrentRevisionNeeded: ordered, a pod below the partition is created at the current revision", () => {
    const set = statefulSet(5, { partition: 3 });
    const replicas = slotPods(set.spec, pods(5)).replicas;
    expect([2, 3].map((o) => isCurrentRevisionNeeded(set, NEW, o, replicas))).toEqual([true, false]);
  });

  it("isCurrentRevisionNeeded: unordered, while fewer than partition other pods are off the update revision", () => {
    const set = parallel(4, { partition: 2, unorderedUpdate: {} });
    const twoOld = slotPods(set.spec, [pod(0), pod(1, { rev: NEW }), pod(2, { rev: NEW })]).replicas;
    expect(isCurrentRevisionNeeded(set, NEW, 3, twoOld)).toBe(true);
    const oneOld = slotPods(set.spec, [pod(0), pod(1, { rev: NEW }), pod(2, { rev: NEW })]).replicas;
    oneOld[0] = pod(0, { rev: NEW });
    expect(isCurrentRevisionNeeded(set, NEW, 3, oneOld)).toBe(true);
    const none = slotPods(set.spec, [pod(0, { rev: NEW }), pod(1, { rev: NEW }), pod(2, { rev: NEW })]).replicas;
    expect(isCurrentRevisionNeeded(set, NEW, 3, none)).toBe(true);
    const three = slotPods(set.spec, [pod(0), pod(1), pod(2)]).replicas;
    expect(isCurrentRevisionNeeded(set, NEW, 3, three)).toBe(false);
  });
});

describe("Advanced StatefulSet maxUnavailable budget (§13.5)", () => {
  it("maxUnavailable defaults to 1, percentages round down, and it is never below 1", () => {
    expect(statefulMaxUnavailable(parallel(10, { maxUnavailable: undefined }))).toBe(1);
    expect(statefulMaxUnavailable(parallel(10, { maxUnavailable: "25%" }))).toBe(2);
    expect(statefulMaxUnavailable(parallel(3, { maxUnavailable: "10%" }))).toBe(1);
  });

  it("one round takes pods in order until the unavailable pods fill maxUnavailable", () => {
    expect(round(parallel(6, { maxUnavailable: 2 }), pods(6)).chosen).toEqual([5, 4]);
  });

  it("an available pod waits while others use the budget; an unavailable old pod may still be updated", () => {
    const ps = pods(5).map((p, i) =>
      i === 4 ? pod(4, { rev: NEW, ready: false }) : i === 1 ? pod(1, { ready: false }) : p,
    );
    const r = round(parallel(5, { maxUnavailable: 2 }), ps);
    expect(r.chosen).toEqual([]);
    expect(r.blocked).toEqual({ ordinal: 3, unavailable: ["web-1", "web-4"] });
    const onlyOld = pods(5).map((p, i) => (i === 1 ? pod(1, { ready: false }) : p));
    expect(round(parallel(5, { maxUnavailable: 1 }), onlyOld).chosen).toEqual([]);
    expect(round(parallel(5, { maxUnavailable: 1, partition: 0 }), [pod(0), pod(1, { ready: false })]).chosen).toEqual([
      1,
    ]);
  });

  it("unavailable counts lifecycle states other than Normal, unfinished in-place updates and minReadySeconds", () => {
    const state =
      '{"revision":"web-6c8d5f9b7","updateTimestamp":"2026-11-22T11:59:00Z","lastContainerStatuses":{"app":{"imageID":"sha-1"}}}';
    const updating = pod(1, { rev: NEW, inPlaceState: state });
    updating.spec.containers[0].image = "nginx:2"; // patched; the kubelet still reports the old image
    const ps = [
      pod(0, { state: "PreparingUpdate" }),
      updating,
      pod(2, { readyAt: new Date(NOW - 5000).toISOString() }),
      pod(3),
    ];
    const set = parallel(4, { minReadySeconds: 10 });
    const u = unavailablePods(set, slotPods(set.spec, ps).replicas, NOW);
    expect([...u.names].sort()).toEqual(["web-0", "web-1", "web-2"]);
    expect(u.waitMs).toBe(5000);
  });
});
