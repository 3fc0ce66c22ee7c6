import { describe, expect, it } from "vitest";
import { cloneSetView, withPods } from "./list";
import { podFactsByCloneSet } from "./list-pods";
import { podsRun, strayImages } from "./pods-run";
import { podView } from "./pods";
import { BAD, bad, cart, cartPods, GOOD, good, withStatus } from "./fixtures-release";

const NOW = new Date("2026-11-22T12:00:00Z");

// After "roll back to the good revision" kept partition 2: the good revision is current and update again, 8 pods
// on it, 2 still on the bad one (docs/kruise-rules.md §6.2, §6.4).
const afterRollback = () => ({
  cs: withStatus(cart(10, { type: "InPlaceIfPossible", partition: 2 }, GOOD), good, good, 8),
  pods: cartPods(10, (i) => ({ rev: i < 2 ? bad : good })),
});

describe("what the pods run, not only what the spec says", () => {
  it("current = update but 2 pods still on 1.5.0: the list row is not synced and names the stray image", () => {
    const { cs, pods } = afterRollback();
    const row = cloneSetView(cs, NOW);
    // From the status alone: updatedReplicas 8 of 10 is enough to say no.
    expect([row.revisionsSynced, row.offUpdate]).toEqual([false, 2]);
    const facts = podFactsByCloneSet([cs], pods, NOW).get("shop/cart");
    const withPodRows = withPods(row, cs, facts, NOW);
    expect(withPodRows.revisionsSynced).toBe(false);
    expect(withPodRows.offUpdate).toBe(2);
    expect(strayImages(withPodRows.running!)).toEqual([`2 pods still on ${BAD}`]);
  });

  it("every pod on the update revision and current = update: synced, one image", () => {
    const cs = withStatus(cart(4, { type: "InPlaceIfPossible" }, GOOD), good, good, 4);
    const run = podsRun(
      cs,
      cartPods(4).map((p) => podView(p, NOW)),
    );
    expect(run).toEqual({ total: 4, offUpdate: 0, images: [{ image: GOOD, pods: 4, inTemplate: true }] });
    const row = withPods(cloneSetView(cs, NOW), cs, podFactsByCloneSet([cs], cartPods(4), NOW).get("shop/cart"), NOW);
    expect(row.revisionsSynced).toBe(true);
    expect(strayImages(row.running!)).toEqual([]);
  });
});
