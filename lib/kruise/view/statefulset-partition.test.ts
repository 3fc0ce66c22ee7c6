import { describe, expect, it } from "vitest";
import { NEW, NOW, OLD, pod, statefulSet } from "../statefulset/fixtures";
import { statefulLimitsNotes, statefulPartitionModel } from "./statefulset-partition";

const ready = (o: number, rev = OLD) => pod(o, { rev });

describe("an Advanced StatefulSet's partition slider", () => {
  it("runs over the ordinals: partition 3 of 5 pods with ordinal 2 reserved moves 5, then 4, then 3", () => {
    const set = statefulSet(5, { podUpdatePolicy: "InPlaceIfPossible" }, { reserveOrdinals: [2] });
    const m = statefulPartitionModel(
      set,
      [0, 1, 3, 4, 5].map((o) => ready(o)),
    );
    expect([m.max, m.sliderLabel, m.textLabel]).toEqual([
      6,
      "Partition (ordinal, 0 to 6)",
      "Partition value (ordinal)",
    ]);
    expect(m.meaning).toBe("pods at ordinals below it keep their revision; now 0, of ordinals 0–5, 2 reserved");
    const p = m.preview(3, NOW);
    expect([p.keepOld, p.toUpdate, p.moveCount]).toEqual([2, 3, 3]);
    expect(p.willMove.exact.map((x) => x.name)).toEqual(["web-5", "web-4", "web-3"]);
    expect(p.rounds.map((r) => r.exact.map((x) => x.name))).toEqual([["web-5"], ["web-4"], ["web-3"]]);
    expect(m.presets.map((x) => `${x.label}=${x.value}`)).toEqual(["Highest ordinal only=5", "Upper half=3", "All=0"]);
  });

  it("refuses a percentage and what is not a number, and notes a partition past the last ordinal", () => {
    const m = statefulPartitionModel(statefulSet(3), []);
    expect(m.parse("50%")).toEqual({
      ok: false,
      error: "This partition is an ordinal (0, 1, 2, …), not a percentage (50%)",
    });
    expect(m.parse("x").ok).toBe(false);
    expect(m.parse("-1")).toEqual({ ok: false, error: "Partition cannot be negative (-1)" });
    expect(m.parse("32767")).toEqual({ ok: true, value: 32767, note: "above the highest ordinal: no pod is updated" });
    expect(m.position(32767)).toBe(3);
  });

  it("is a count of pods kept under unorderedUpdate", () => {
    const set = statefulSet(4, { unorderedUpdate: {} }, { podManagementPolicy: "Parallel" });
    const m = statefulPartitionModel(
      set,
      [0, 1, 2, 3].map((o) => ready(o, o === 0 ? NEW : OLD)),
    );
    expect(m.sliderLabel).toBe("Partition (pods kept, 0 to 4)");
    const p = m.preview(2, NOW);
    expect([p.keepOld, p.toUpdate, p.alreadyUpdated]).toEqual([2, 2, 1]);
  });

  it("says maxUnavailable other than 1 needs Parallel, and how a percentage rounds", () => {
    expect(statefulLimitsNotes(statefulSet(10), { maxUnavailable: 2, maxSurge: null }).errors).toEqual([
      "maxUnavailable must be 1 unless podManagementPolicy is Parallel (the webhook refuses it)",
    ]);
    const parallel = statefulSet(10, {}, { podManagementPolicy: "Parallel" });
    expect(statefulLimitsNotes(parallel, { maxUnavailable: "25%", maxSurge: null })).toEqual({
      errors: [],
      notes: ["maxUnavailable 25% of 10 → 2 pods at a time (a percentage rounds down, at least 1)"],
    });
  });
});
