import { describe, expect, it } from "vitest";
import { previewStatefulPartition } from "./preview";
import { NEW, NOW, pod, pods, statefulSet } from "./fixtures";

const names = (ps: { name: string }[]) => ps.map((p) => p.name);
const parallel = (replicas: number, ru: object = {}, extra: object = {}) =>
  statefulSet(replicas, ru, { podManagementPolicy: "Parallel", ...extra });

describe("Advanced StatefulSet partition preview (§13.9)", () => {
  it("names the pods from the highest ordinal down to the partition, one per round under OrderedReady", () => {
    const p = previewStatefulPartition(statefulSet(5, { partition: 5 }), pods(5), 3, NOW);
    expect([p.keepOld, p.toUpdate, p.moveCount]).toEqual([3, 2, 2]);
    expect(names(p.willMove.exact)).toEqual(["web-4", "web-3"]);
    expect(p.rounds.map((r) => names(r.exact))).toEqual([["web-4"], ["web-3"]]);
    expect(p.willMove.ties).toEqual([]);
  });

  it("Parallel rounds are maxUnavailable wide", () => {
    const p = previewStatefulPartition(parallel(6, { maxUnavailable: 2, partition: 6 }), pods(6), 1, NOW);
    expect(p.rounds.map((r) => names(r.exact))).toEqual([["web-5", "web-4"], ["web-3", "web-2"], ["web-1"]]);
    expect(p.perRound).toBe(2);
  });

  it("unorderedUpdate moves replicas − partition pods by priority, and says the partition is a count", () => {
    const ps = pods(5).map((x, i) => (i === 0 ? pod(0, { labels: { tier: "canary" } }) : x));
    const ru = {
      partition: 5,
      unorderedUpdate: {
        priorityStrategy: { weightPriority: [{ weight: 10, matchSelector: { matchLabels: { tier: "canary" } } }] },
      },
    };
    const p = previewStatefulPartition(parallel(5, ru), ps, 3, NOW);
    expect(names(p.willMove.exact)).toEqual(["web-0", "web-4"]);
    expect(p.notes.join(" ")).toMatch(/partition is a count/);
  });

  it("with reserveOrdinals the partition compares ordinals: partition 3 of ordinals 0, 2, 3, 4 keeps two pods", () => {
    const set = statefulSet(4, { partition: 5 }, { reserveOrdinals: [1] });
    const p = previewStatefulPartition(set, [pod(0), pod(2), pod(3), pod(4)], 3, NOW);
    expect(p.keepOld).toBe(2);
    expect(names(p.willMove.exact)).toEqual(["web-4", "web-3"]);
  });

  it("counts pods already on the update revision and moves only the others", () => {
    const ps = pods(5).map((x, i) => (i === 4 ? pod(4, { rev: NEW }) : x));
    const p = previewStatefulPartition(statefulSet(5, { partition: 4 }), ps, 2, NOW);
    expect(p.alreadyUpdated).toBe(1);
    expect(names(p.willMove.exact)).toEqual(["web-3", "web-2"]);
  });

  it("OrderedReady with an unavailable pod: the preview says the next pod waits until that pod is available", () => {
    const ps = pods(5).map((x, i) => (i === 1 ? pod(1, { ready: false }) : x));
    const p = previewStatefulPartition(statefulSet(5, { partition: 5 }), ps, 3, NOW);
    expect(p.rounds[0].exact.length + p.rounds[0].held.length).toBe(1);
    expect(p.notes.join(" ")).toMatch(/waits until web-1 is running and available/);
  });

  it("a paused set still previews its pods but warns that nothing moves", () => {
    const p = previewStatefulPartition(statefulSet(3, { paused: true }), pods(3), 1, NOW);
    expect(p.moveCount).toBe(2);
    expect(p.notes[0]).toMatch(/paused/);
  });

  it("pods in PreparingUpdate held by the inPlaceUpdate hook are set apart as held", () => {
    const set = statefulSet(3, { partition: 3 }, { lifecycle: { inPlaceUpdate: { finalizersHandler: ["x/hold"] } } });
    const ps = [pod(0), pod(1), pod(2, { state: "PreparingUpdate", finalizers: ["x/hold"] })];
    const p = previewStatefulPartition(set, ps, 1, NOW);
    expect(names(p.willMove.held)).toEqual(["web-2"]);
    expect(names(p.willMove.exact)).toEqual(["web-1"]);
  });

  it("a negative or fractional partition is an error before anything is sent", () => {
    expect(previewStatefulPartition(statefulSet(3), pods(3), -1, NOW).error).toMatch(/whole number/);
    expect(previewStatefulPartition(statefulSet(3), pods(3), 1.5, NOW).error).toMatch(/whole number/);
  });
});
