import { describe, expect, it } from "vitest";
import { cloneSetView, filterAndSortRows, namespacesOf, updateProgress } from "./list";
import { humanDuration, sameRevision } from "./format";
import { NOW, cloneSet } from "./fixtures";

describe("CloneSet list row", () => {
  it("shows kubectl's printer columns and the partition as set and as resolved pods", () => {
    const row = cloneSetView(cloneSet(), NOW);
    expect(row).toMatchObject({
      name: "ro",
      namespace: "shop",
      desired: 10,
      updated: 3,
      updatedReady: 2,
      updatedAvailable: 2,
      ready: 9,
      total: 10,
      age: "60m",
      strategyType: "InPlaceIfPossible",
      partitionSet: "7",
      partitionResolved: 7,
      paused: false,
      images: ["nginx:2.0", "busybox:1"],
      revisionsSynced: false,
      statusStale: false,
      phase: "rolling",
    });
  });

  it("resolves a percentage partition with Kruise's round-up rule", () => {
    const cs = cloneSet({ expectedUpdatedReplicas: undefined }, "15%");
    const row = cloneSetView(cs, NOW);
    expect(row.partitionSet).toBe("15%");
    expect(row.partitionResolved).toBe(2);
    expect(row.progress.target).toBe(8); // falls back to replicas − partition before the controller writes it
  });

  it("marks an unparsable partition as unresolved instead of guessing", () => {
    expect(cloneSetView(cloneSet({}, "5"), NOW).partitionResolved).toBeNull();
  });

  it("measures progress as updated-available against expectedUpdatedReplicas", () => {
    expect(updateProgress(cloneSet())).toMatchObject({
      target: 3,
      updatedAvailable: 2,
      percent: 67,
      doneForPartition: false,
    });
    expect(updateProgress(cloneSet({ updatedAvailableReplicas: 3 })).doneForPartition).toBe(true);
    expect(cloneSetView(cloneSet({ updatedAvailableReplicas: 3 }), NOW).phase).toBe("held-by-partition");
  });

  it("flags a status the controller has not caught up with (observedGeneration < generation)", () => {
    const row = cloneSetView(cloneSet({ observedGeneration: 1 }), NOW);
    expect(row.statusStale).toBe(true);
    expect(row.phase).toBe("waiting-for-controller");
  });

  it("reports a finished rollout only when currentRevision equals updateRevision", () => {
    const cs = cloneSet(
      {
        currentRevision: "ro-659d94d4c9",
        updatedReplicas: 10,
        updatedAvailableReplicas: 10,
        expectedUpdatedReplicas: 10,
      },
      0,
    );
    const row = cloneSetView(cs, NOW);
    expect(row.revisionsSynced).toBe(true);
    expect(row.phase).toBe("complete");
  });

  it("reports paused CloneSets as paused", () => {
    const cs = cloneSet();
    cs.spec!.updateStrategy!.paused = true;
    expect(cloneSetView(cs, NOW).phase).toBe("paused");
  });

  it("filters by namespace and name and sorts", () => {
    const a = cloneSetView(cloneSet(), NOW);
    const b = { ...a, key: "payments/api", name: "api", namespace: "payments" };
    const c = { ...a, key: "shop/web", name: "web", desired: 1 };
    expect(filterAndSortRows([a, b, c], {}).map((r) => r.name)).toEqual(["api", "ro", "web"]);
    expect(filterAndSortRows([a, b, c], { namespace: "shop" }).map((r) => r.name)).toEqual(["ro", "web"]);
    expect(filterAndSortRows([a, b, c], { name: "W" }).map((r) => r.name)).toEqual(["web"]);
    expect(filterAndSortRows([a, b, c], { sort: "desired" }).map((r) => r.name)).toEqual(["web", "api", "ro"]);
    expect(namespacesOf([a, b, c])).toEqual(["payments", "shop"]);
  });
});

describe("formatting", () => {
  it("prints ages like kubectl", () => {
    expect(humanDuration(45_000)).toBe("45s");
    expect(humanDuration(150_000)).toBe("2m30s");
    expect(humanDuration(3 * 3600_000 + 5 * 60_000)).toBe("3h5m");
    expect(humanDuration(30 * 3600_000)).toBe("30h");
    expect(humanDuration(3 * 86400_000 + 2 * 3600_000)).toBe("3d2h");
  });

  it("compares revisions by the hash after the last dash (short-hash labels)", () => {
    expect(sameRevision("ro-659d94d4c9", "659d94d4c9")).toBe(true);
    expect(sameRevision("ro-659d94d4c9", "ro-5b76c46c9b")).toBe(false);
    expect(sameRevision(undefined, "x")).toBe(false);
  });
});
