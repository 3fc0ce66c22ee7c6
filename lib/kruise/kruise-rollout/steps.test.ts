import { describe, expect, it } from "vitest";
import { batchIncrements, batchReady, nextStepIndex, pauseSkipped, plannedReplicas, stepPartition } from "./steps";

describe("a step's partition follows the step's type, as the BatchRelease writes it", () => {
  // The R = 10 table of docs/kruise-rollouts.md §7.2, column by column.
  const table: [number | string, number, number | string][] = [
    [1, 1, 9],
    [3, 3, 7],
    ["10%", 1, "90%"],
    ["15%", 2, "80%"],
    ["50%", 5, "50%"],
    ["99%", 10, "0%"],
    ["100%", 10, "0%"],
    [20, 10, 0],
  ];
  for (const [step, planned, partition] of table) {
    it(`R=10, step ${JSON.stringify(step)}: ${planned} planned, partition ${JSON.stringify(partition)}`, () => {
      expect(plannedReplicas(step, 10)).toBe(planned);
      expect(stepPartition(step, 10)).toEqual(partition);
    });
  }
  it("R=3 with 50% keeps one pod stable as 33%", () => expect(stepPartition("50%", 3)).toBe("33%"));
  it("R=1 with any percentage releases the one pod (0%)", () => {
    expect(stepPartition("10%", 1)).toBe("0%");
    expect(stepPartition("100%", 1)).toBe("0%");
  });
  it("a percentage step that would keep no stable pod by rounding keeps 1% unless it is literally 100%", () => {
    // R = 1000, 99.95% planned is impossible with integers; R = 300 with 99% plans 297 → stable 3 → 1%.
    expect(stepPartition("99%", 300)).toBe("1%");
  });
  it("R = 0 plans nothing and writes 100%", () => {
    expect(plannedReplicas("50%", 0)).toBe(0);
    expect(stepPartition("50%", 0)).toBe("100%");
  });
});

describe("pause rules", () => {
  const steps = [{ replicas: 1, pause: {} }, { replicas: "50%", pause: { duration: 60 } }, { replicas: "100%" }];
  it("only a last step of literally 100% skips its pause", () => {
    expect(pauseSkipped(steps, 3)).toBe(true);
    expect(pauseSkipped(steps, 1)).toBe(false);
    expect(pauseSkipped([{ replicas: 10 }], 1)).toBe(false);
  });
  it("the next index after the last step is -1", () => {
    expect(nextStepIndex(1, 3)).toBe(2);
    expect(nextStepIndex(3, 3)).toBe(-1);
  });
});

describe("batch labels count what each batch adds", () => {
  it("[1, 50%, 100%] at R = 10 labels 1, 4 and 5 pods", () => {
    expect(batchIncrements([{ replicas: 1 }, { replicas: "50%" }, { replicas: "100%" }], 10)).toEqual([1, 4, 5]);
  });
});

describe("the batch ready check (all four rules must hold)", () => {
  it("fails while fewer pods are updated than planned", () =>
    expect(batchReady({ planned: 5, updated: 4, updatedReady: 4 }).ready).toBe(false));
  it("a nil failureThreshold tolerates no unready pod", () =>
    expect(batchReady({ planned: 5, updated: 5, updatedReady: 4 }).ready).toBe(false));
  it("failureThreshold 20% of 5 updated tolerates one unready pod", () =>
    expect(batchReady({ planned: 5, updated: 5, updatedReady: 4, failureThreshold: "20%" }).ready).toBe(true));
  it("a planned batch needs at least one ready pod even when the threshold would allow none", () =>
    expect(batchReady({ planned: 1, updated: 1, updatedReady: 0, failureThreshold: 1 }).ready).toBe(false));
  it("needs the batch label on as many live pods as planned", () => {
    const r = batchReady({ planned: 2, updated: 2, updatedReady: 2, labelledPods: 1 });
    expect(r).toEqual({ ready: false, reason: "1 of 2 pods carry the batch label" });
  });
  it("passes when every rule holds", () =>
    expect(batchReady({ planned: 2, updated: 2, updatedReady: 2, labelledPods: 2 })).toEqual({ ready: true }));
});
