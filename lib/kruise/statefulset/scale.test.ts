import { describe, expect, it } from "vitest";
import { scaleMaxUnavailable, scaleWalk, type ScaleWalk } from "./scale";
import { slotPods } from "./ordinals";
import { NOW, pod, pods, statefulSet } from "./fixtures";
import type { Pod, StatefulSet } from "../../k8s/objects";

const walk = (set: StatefulSet, ps: Pod[]) => scaleWalk(set, slotPods(set.spec, ps), NOW);
const steps = (w: ScaleWalk) =>
  w.steps.map((s) => (s.kind === "create" ? `create ${s.ordinal}` : `${s.kind} ${s.pod.metadata.name}`));
const parallel = (replicas: number, extra: Partial<StatefulSet["spec"]> = {}) =>
  statefulSet(replicas, {}, { podManagementPolicy: "Parallel", ...extra });

describe("Advanced StatefulSet scale out (§13.2)", () => {
  it("OrderedReady creates the lowest missing ordinal, then ends the reconcile", () => {
    const w = walk(statefulSet(4), [pod(0)]);
    expect(steps(w)).toEqual(["create 1"]);
    expect(w.proceed).toBe(false);
  });

  it("OrderedReady waits for a pod that is not running and available before creating the next", () => {
    const w = walk(statefulSet(3), [pod(0, { ready: false })]);
    expect(steps(w)).toEqual([]);
    expect(w.waitingFor).toEqual({ pod: "web-0", reason: "unavailable" });
  });

  it("OrderedReady with minReadySeconds waits until the pod has been Ready that long, and says when", () => {
    const set = statefulSet(2, { minReadySeconds: 30 });
    const w = walk(set, [pod(0, { readyAt: new Date(NOW - 10_000).toISOString() })]);
    expect(w.waitingFor?.pod).toBe("web-0");
    expect(w.requeueMs).toBe(20_000);
  });

  it("Parallel creates every missing ordinal in one reconcile and goes on to the update", () => {
    const w = walk(parallel(4), [pod(1)]);
    expect(steps(w)).toEqual(["create 0", "create 2", "create 3"]);
    expect(w.proceed).toBe(true);
  });

  it("Parallel with scaleStrategy.maxUnavailable 2 creates two pods, then stops creating", () => {
    const set = parallel(5, { scaleStrategy: { maxUnavailable: 2 } });
    expect(steps(walk(set, []))).toEqual(["create 0", "create 1"]);
    expect(scaleMaxUnavailable(parallel(10, { scaleStrategy: { maxUnavailable: "15%" } }))).toBe(1);
  });

  it("a reserved ordinal is skipped: replicas 3 with reserveOrdinals [1] creates ordinals 0, 2 and 3", () => {
    const set = parallel(3, { reserveOrdinals: [1] });
    expect(steps(walk(set, []))).toEqual(["create 0", "create 2", "create 3"]);
  });

  it("a Failed pod in range is deleted to be created again", () => {
    expect(steps(walk(statefulSet(2), [pod(0), pod(1, { phase: "Failed", ready: false })]))).toEqual([
      "recreateFailed web-1",
    ]);
  });
});

describe("Advanced StatefulSet scale in (§13.2)", () => {
  it("deletes the highest condemned ordinal first, one per reconcile", () => {
    const w = walk(statefulSet(2), pods(5));
    expect(steps(w)).toEqual(["delete web-4"]);
    expect(w.proceed).toBe(false);
  });

  it("Parallel also deletes one condemned pod per reconcile, but does not wait for it to terminate", () => {
    expect(steps(walk(parallel(2), [...pods(4), { ...pod(4), metadata: { ...pod(4).metadata } }].slice(0, 4)))).toEqual(
      ["delete web-3"],
    );
    const terminating = [...pods(3), pod(3, { deleting: true })];
    expect(steps(walk(parallel(2), terminating))).toEqual(["delete web-2"]);
    expect(steps(walk(statefulSet(2), terminating))).toEqual([]);
  });

  it("OrderedReady waits while a lower pod is unhealthy and the condemned pod is not the first unhealthy one", () => {
    const ps = [pod(0, { ready: false }), pod(1), pod(2, { ready: false })];
    expect(walk(statefulSet(1), ps).waitingFor).toEqual({ pod: "web-0", reason: "unavailable" });
  });

  it("a reserved ordinal's pod is condemned: reserving ordinal 1 of 3 deletes web-1 and creates web-3", () => {
    const set = statefulSet(3, {}, { reserveOrdinals: [1] });
    expect(steps(walk(set, pods(3)))).toEqual(["create 3"]);
    expect(steps(walk(set, [...pods(3), pod(3)]))).toEqual(["delete web-1"]);
  });

  it("the preDelete hook: a hooked pod goes PreparingDelete instead of being deleted, then waits", () => {
    const set = statefulSet(2, {}, { lifecycle: { preDelete: { finalizersHandler: ["example.com/drain"] } } });
    const hooked = pod(2, { finalizers: ["example.com/drain"] });
    expect(steps(walk(set, [pod(0), pod(1), hooked]))).toEqual(["preparingDelete web-2"]);
    const waiting = pod(2, { finalizers: ["example.com/drain"], state: "PreparingDelete" });
    expect(walk(set, [pod(0), pod(1), waiting]).waitingFor).toEqual({ pod: "web-2", reason: "preDelete hook" });
    expect(steps(walk(set, [pod(0), pod(1), pod(2, { state: "PreparingDelete" })]))).toEqual(["delete web-2"]);
  });
});
