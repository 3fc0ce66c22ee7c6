import { describe, expect, it } from "vitest";
import { desiredOrdinals, parentAndOrdinal, replicasRange, slotPods } from "./ordinals";
import { pod } from "./fixtures";

describe("Advanced StatefulSet ordinals and reserveOrdinals (§13.1)", () => {
  it("replicas 4 with reserveOrdinals [1, 3] spans ordinals 0, 2, 4, 5 (replicaCount 6)", () => {
    expect(replicasRange({ replicas: 4, reserveOrdinals: [1, 3] }).replicaCount).toBe(6);
    expect(desiredOrdinals({ replicas: 4, reserveOrdinals: [1, 3] })).toEqual([0, 2, 4, 5]);
  });

  it("without reserved ordinals the range is 0 … replicas − 1; reserving past it changes nothing", () => {
    expect(desiredOrdinals({ replicas: 3 })).toEqual([0, 1, 2]);
    expect(desiredOrdinals({ replicas: 3, reserveOrdinals: [7] })).toEqual([0, 1, 2]);
  });

  it("a pod name yields its parent and ordinal; a name without a trailing number has ordinal −1", () => {
    expect(parentAndOrdinal("db-shard-12")).toEqual({ parent: "db-shard", ordinal: 12 });
    expect(parentAndOrdinal("web")).toEqual({ parent: "", ordinal: -1 });
    expect(parentAndOrdinal("web-99999999999")).toMatchObject({ ordinal: -1 });
  });

  it("pods past the range or at a reserved ordinal are condemned, sorted by ordinal; the reserved slot stays empty", () => {
    const s = slotPods({ replicas: 3, reserveOrdinals: [1] }, [pod(4), pod(1), pod(0), pod(2), pod(3)]);
    expect(s.replicas.map((p) => p?.metadata.name)).toEqual(["web-0", undefined, "web-2", "web-3"]);
    expect(s.condemned.map((p) => p.metadata.name)).toEqual(["web-1", "web-4"]);
  });
});
