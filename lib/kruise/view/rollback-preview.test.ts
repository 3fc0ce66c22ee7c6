import { describe, expect, it } from "vitest";
import { rollbackPreviewModel } from "./rollback-preview";
import { BAD, bad, cart, cartPods, good, NOW_MS, readyAt, revName, withStatus } from "./fixtures-release";

const names = (xs: { name: string }[]) => xs.map((x) => x.name).sort();

// cart after a step at partition 2 went wrong: 8 pods on the bad revision (1.5.0), 2 still on the good one (1.4.0).
const atPartition2 = () => ({
  cs: withStatus(cart(10, { type: "InPlaceIfPossible", partition: 2 }), good, bad, 8),
  pods: cartPods(10, (i) => ({ rev: i < 8 ? bad : good, readyAt: readyAt(i) })),
});

describe("rollback preview: the pods that change, and those a partition keeps on the revision rolled back from (docs/kruise-rules.md §6.6)", () => {
  it("rolling back every pod at partition 2 (the default) updates all 8 bad pods in place and leaves none on 1.5.0", () => {
    const { cs, pods } = atPartition2();
    const m = rollbackPreviewModel(cs, pods, [good, bad], good, NOW_MS);
    expect(m.target).toBe(revName(good));
    expect(m.everyPod.everyPod).toBe(true);
    expect(names(m.everyPod.fates.inPlace)).toEqual(names(pods.slice(0, 8).map((p) => ({ name: p.metadata.name! }))));
    expect(names(m.everyPod.untouched)).toEqual(["cart-8", "cart-9"]);
    expect(m.everyPod.stayCount).toEqual({ min: 0, max: 0 });
    expect(m.everyPod.summary).toMatch(
      /^Rolls back every pod: the template to cart-\w+ and the partition 2 → 0 in one request/,
    );
    expect(m.everyPod.summary).toMatch(/afterwards every pod runs/);
  });

  it("keeping partition 2 moves 6 pods and names the 2 left on the bad image", () => {
    const { cs, pods } = atPartition2();
    const m = rollbackPreviewModel(cs, pods, [good, bad], good, NOW_MS);
    const keep = m.keepPartition!;
    expect(keep.everyPod).toBe(false);
    expect(keep.fates.changes).toEqual({ min: 6, max: 6 });
    expect(keep.stayCount).toEqual({ min: 2, max: 2 });
    expect(keep.stays).toHaveLength(2);
    for (const s of keep.stays) expect(s).toMatchObject({ revision: revName(bad), images: [BAD] });
    expect(keep.summary).toContain("2 pods stay off");
    expect(keep.summary).toContain(BAD);
  });

  it("pods that tie on every key Kruise sorts by: the kept ones are a group, never a guess", () => {
    const cs = withStatus(cart(10, { type: "InPlaceIfPossible", partition: 2 }), good, bad, 8);
    const pods = cartPods(10, (i) => ({ rev: i < 8 ? bad : good }));
    const keep = rollbackPreviewModel(cs, pods, [good, bad], good, NOW_MS).keepPartition!;
    expect(keep.stays).toEqual([]);
    expect(keep.staysGroups).toHaveLength(1);
    expect(keep.staysGroups[0].of).toHaveLength(8);
    expect(keep.staysGroups[0].text).toBe("6 updated in place and 2 left where they are");
    expect(keep.stayCount).toEqual({ min: 2, max: 2 });
  });

  it("without a partition there is one choice, and a rollback of pods that cannot change in place recreates them", () => {
    const cs = withStatus(cart(4, { type: "ReCreate", maxUnavailable: 1 }), good, bad, 4);
    const m = rollbackPreviewModel(
      cs,
      cartPods(4, () => ({ rev: bad })),
      [good, bad],
      good,
      NOW_MS,
    );
    expect(m.keepPartition).toBeUndefined();
    expect(m.everyPod.fates.recreated).toHaveLength(4);
    expect(m.everyPod.summary).toContain("4 pods change");
  });
});
