import { describe, expect, it } from "vitest";
import { NEW, NOW, OLD, pod, statefulSet } from "../statefulset/fixtures";
import { podView } from "./pods";
import { inOrdinalOrder, ordinalsView, statefulPodCounts, statefulSetLens } from "./statefulset";
import { workloadDetailPods, workloadDetailView, workloadRow } from "./workload";

const now = new Date(NOW);
const owned = (p: ReturnType<typeof pod>) => ({
  ...p,
  metadata: {
    ...p.metadata,
    ownerReferences: [{ uid: "set-uid", controller: true, kind: "StatefulSet", name: "web" }],
  },
});
// orders-db of the demo: 5 pods, ordinal 2 reserved, partition 3 has moved ordinals 5, 4, 3.
const set = () => {
  const s = statefulSet(5, { partition: 3, podUpdatePolicy: "InPlaceIfPossible" }, { reserveOrdinals: [2] });
  return {
    ...s,
    status: { ...s.status!, observedGeneration: 2, updatedReplicas: 3, updatedReadyReplicas: 3, currentReplicas: 2 },
  };
};
const pods = () => [0, 1, 3, 4, 5].map((o) => owned(pod(o, { rev: o >= 3 ? NEW : OLD })));

describe("an Advanced StatefulSet in the shared views", () => {
  it("reads its partition as an ordinal: partition 3 with ordinal 2 reserved keeps 2 pods (ordinals 0 and 1)", () => {
    const row = workloadRow(statefulSetLens, set(), now);
    expect(row).toMatchObject({
      resource: "statefulsets",
      kind: "StatefulSet",
      partitionSet: "3",
      partitionResolved: 2,
      partitionNote: "ordinals below 3",
      maxSurge: "—",
      strategyType: "RollingUpdate · InPlaceIfPossible",
    });
    expect(row.progress.target).toBe(3);
  });

  it("reads the partition as a count under unorderedUpdate", () => {
    const s = statefulSet(5, { partition: 3, unorderedUpdate: {} });
    expect(workloadRow(statefulSetLens, s, now)).toMatchObject({ partitionResolved: 3, partitionNote: /count/ });
  });

  it("is held by its partition once the ordinals above it are updated and available", () => {
    const s = set();
    const half = workloadDetailPods(statefulSetLens, s, pods(), [], now);
    const view = workloadDetailView(statefulSetLens, s, half, [], now);
    expect(view.header.state.kind).toBe("held-by-partition");
    expect(view.header.partitionResolved).toBe(2);
    expect(view.update.progress).toMatchObject({ target: 3, updated: 3, updatedAvailable: 3 });
  });

  it("counts pods as the StatefulSet controller does: a terminating pod still counts in replicas", () => {
    const rows = [...pods(), owned(pod(6, { deleting: true }))].map((p) => podView(p, now));
    expect(statefulPodCounts(set(), rows, now)).toEqual({
      replicas: 6,
      ready: 6,
      available: 6,
      updated: 3,
      updatedReady: 3,
      updatedAvailable: 3,
    });
  });

  it("waits minReadySeconds (rollingUpdate.minReadySeconds) before a ready pod counts as available", () => {
    const s = statefulSet(1, { minReadySeconds: 600 });
    const rows = [podView(pod(0, { readyAt: "2026-11-22T11:59:00Z" }), now)];
    expect(statefulPodCounts(s, rows, now)).toMatchObject({ ready: 1, available: 0 });
  });

  it("shows its pods by ordinal with the reserved ordinal marked and the partition's boundary", () => {
    const v = ordinalsView(
      set(),
      pods().map((p) => podView(p, now)),
    );
    expect(v.slots.map((s) => `${s.ordinal}:${s.state}${s.updated ? "+" : ""}${s.kept ? "k" : ""}`)).toEqual([
      "0:podk",
      "1:podk",
      "2:reservedk",
      "3:pod+",
      "4:pod+",
      "5:pod+",
    ]);
    expect(v.boundary).toBe(3);
    expect(v.summary).toBe(
      "5 pods at ordinals 0–5, ordinal 2 reserved; partition 3: ordinals 3 and up update, highest first",
    );
  });

  it("marks a pod left at a reserved ordinal or past the range as scaling in, and a wanted ordinal without one as missing", () => {
    const rows = [0, 2, 5, 7].map((o) => podView(pod(o), now));
    const v = ordinalsView(set(), rows);
    expect(v.slots.filter((s) => s.state !== "pod").map((s) => `${s.ordinal}:${s.state}`)).toEqual([
      "1:missing",
      "2:condemned",
      "3:missing",
      "4:missing",
      "7:condemned",
    ]);
  });

  it("lists each revision's pods by ordinal, so web-10 follows web-9", () => {
    const s = statefulSet(11);
    const all = Array.from({ length: 11 }, (_, o) => owned(pod(o)));
    const half = inOrdinalOrder(workloadDetailPods(statefulSetLens, s, all, [], now));
    expect(half.groups[0].pods.map((p) => p.name).slice(-3)).toEqual(["web-8", "web-9", "web-10"]);
  });
});
