import { describe, expect, it } from "vitest";
import { expectedUpdatedReplicas, partitionReplicas } from "./partition";

// docs/kruise-rules.md §3.2 table (rows R, columns partition value) → partitionReplicas.
const columns: (string | number)[] = ["1%", "10%", "15%", "50%", "90%", "99%", "99.9%", "100%", 3, 12];
const table: Record<number, number[]> = {
  0: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  1: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  2: [1, 1, 1, 1, 1, 1, 1, 2, 2, 2],
  5: [1, 1, 1, 3, 4, 4, 4, 5, 3, 5],
  10: [1, 1, 2, 5, 9, 9, 9, 10, 3, 10],
  20: [1, 2, 3, 10, 18, 19, 19, 20, 3, 12],
  99: [1, 10, 15, 50, 90, 98, 98, 99, 3, 12],
};

describe("partitionReplicas (kruise pkg/util/tools.go CalculatePartitionReplicas)", () => {
  for (const [r, row] of Object.entries(table)) {
    columns.forEach((col, i) => {
      it(`R=${r}, partition ${JSON.stringify(col)} keeps ${row[i]} pods on the old revision`, () => {
        expect(partitionReplicas(col, Number(r))).toEqual({ value: row[i] });
      });
    });
  }

  it("percentages round up, so any non-zero percentage keeps at least one old pod", () => {
    expect(partitionReplicas("1%", 99).value).toBe(1);
    expect(partitionReplicas("0%", 99).value).toBe(0);
  });

  it("v1.2 rule: a percentage below 100% that resolves to all pods still updates one (R > 1)", () => {
    expect(partitionReplicas("99%", 5).value).toBe(4);
    expect(partitionReplicas("100%", 5).value).toBe(5);
  });

  it("v1.2 rule does not apply to integers or to a single replica", () => {
    expect(partitionReplicas(5, 5).value).toBe(5);
    expect(partitionReplicas("50%", 1).value).toBe(1);
  });

  it("nil partition is 0; missing replicas means 1", () => {
    expect(partitionReplicas(undefined, 10).value).toBe(0);
    expect(partitionReplicas("50%", undefined).value).toBe(1);
  });

  it("clamps integers to [0, R]", () => {
    expect(partitionReplicas(15, 10).value).toBe(10);
    expect(partitionReplicas(-2, 10).value).toBe(0);
  });

  it("a numeric string without % is rejected (v1.9 parser) and resolves to 0 with an error", () => {
    const r = partitionReplicas("5", 10);
    expect(r.value).toBe(0);
    expect(r.error).toMatch(/not a percentage/);
  });

  it("fractional percentages are accepted", () => {
    expect(partitionReplicas("12.5%", 8).value).toBe(1);
    expect(partitionReplicas("12.5%", 9).value).toBe(2);
  });
});

describe("expectedUpdatedReplicas (cloneset_status.go)", () => {
  const cs = (replicas: number | undefined, partition?: string | number) => ({
    spec: { replicas, selector: {}, template: {}, updateStrategy: { partition } },
  });

  it("observed: 8 replicas with partition 90% expect exactly 1 updated pod", () => {
    expect(expectedUpdatedReplicas(cs(8, "90%"))).toBe(1);
  });
  it("observed: 10 replicas with partition 7 expect 3 updated pods", () => {
    expect(expectedUpdatedReplicas(cs(10, 7))).toBe(3);
  });
  it("no partition expects every pod updated", () => {
    expect(expectedUpdatedReplicas(cs(4))).toBe(4);
  });
  it("an unparsable partition leaves the field unset", () => {
    expect(expectedUpdatedReplicas(cs(4, "abc"))).toBeUndefined();
  });
});
