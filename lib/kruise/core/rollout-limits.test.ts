import { describe, expect, it } from "vitest";
import { rolloutLimits } from "./rollout-limits";
import type { IntOrString } from "../../k8s/objects";

const cs = (
  replicas: number,
  us: { maxUnavailable?: IntOrString; maxSurge?: IntOrString; paused?: boolean } = {},
  smu?: IntOrString,
) => ({
  spec: {
    replicas,
    selector: {},
    template: {},
    updateStrategy: us,
    scaleStrategy: smu === undefined ? {} : { maxUnavailable: smu },
  },
});

describe("maxUnavailable/maxSurge rounding (cloneset_sync_utils.go, §3.3)", () => {
  // Reference examples with the default 20%: without surge / with surge.
  const table: [number, number, number][] = [
    [1, 1, 0],
    [2, 1, 0],
    [3, 1, 0],
    [4, 1, 0],
    [5, 1, 1],
    [10, 2, 2],
    [22, 5, 4],
  ];
  for (const [r, noSurge, withSurge] of table) {
    it(`default 20% of ${r} replicas is ${noSurge} without surge (round up) and ${withSurge} with maxSurge 1 (round down)`, () => {
      expect(rolloutLimits(cs(r)).maxUnavailable).toBe(noSurge);
      expect(rolloutLimits(cs(r, { maxSurge: 1 })).maxUnavailable).toBe(withSurge);
    });
  }
  it("maxSurge percentages round up", () => {
    expect(rolloutLimits(cs(10, { maxSurge: "15%" })).maxSurge).toBe(2);
  });
  it("paused forces maxSurge to 0, so maxUnavailable rounds up again", () => {
    expect(rolloutLimits(cs(4, { maxSurge: 1, paused: true }))).toMatchObject({ maxSurge: 0, maxUnavailable: 1 });
  });
  it('a fractional percentage like "12.5%" evaluates to 0 in the controller', () => {
    expect(rolloutLimits(cs(100, { maxUnavailable: "12.5%" })).maxUnavailable).toBe(0);
  });
  it("scaleStrategy.maxUnavailable defaults to no limit and rounds up", () => {
    expect(rolloutLimits(cs(10)).scaleMaxUnavailable).toBe(2147483647);
    expect(rolloutLimits(cs(10, {}, "15%")).scaleMaxUnavailable).toBe(2);
  });
});
