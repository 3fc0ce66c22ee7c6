import { describe, expect, it } from "vitest";
import { scaleInText, scalePreviewModel } from "./scale-preview";
import { bad, cart, cartPods, good, NOW_MS, readyAt, revName, withStatus } from "./fixtures-release";

const names = (xs: { name: string }[]) => xs.map((x) => x.name);

describe("scale preview: which pods a scale-in deletes, in Kruise's order (docs/kruise-rules.md §4.2, §4.3)", () => {
  it("10 → 7 deletes the 3 most recently Ready pods, named in order", () => {
    const cs = withStatus(cart(10, { type: "InPlaceIfPossible" }), good, good, 10);
    const m = scalePreviewModel(
      cs,
      cartPods(10, (i) => ({ readyAt: readyAt(i) })),
      7,
      NOW_MS,
    );
    expect(m.direction).toBe("in");
    expect(names(m.scaleIn!.chosen.exact)).toEqual(["cart-9", "cart-8", "cart-7"]);
    expect(m.text).toBe("Scaling in to 7 deletes 3 pods, in Kruise's order:");
    expect(scaleInText(m.scaleIn!)).toBe("cart-9, cart-8, cart-7");
  });

  it("pods equal on every key are named as a group: 2 of these 10", () => {
    const cs = withStatus(cart(10, { type: "InPlaceIfPossible" }), good, good, 10);
    const m = scalePreviewModel(cs, cartPods(10), 8, NOW_MS);
    expect(m.scaleIn!.chosen.exact).toEqual([]);
    expect(m.scaleIn!.chosen.ties.map((g) => [g.count, g.of.length])).toEqual([[2, 10]]);
    expect(scaleInText(m.scaleIn!)).toMatch(/^2 of these 10 pods \(they tie/);
  });

  it("old-revision pods beyond the partition's share go first; within its share the update revision's go", () => {
    // 5 old pods (cart-5…9) where partition 3 wants 3: the old ones go first, the most recently Ready first.
    const cs = withStatus(cart(10, { type: "InPlaceIfPossible", partition: 3 }), good, bad, 5);
    const pods = cartPods(10, (i) => ({ rev: i < 5 ? bad : good, readyAt: readyAt(i) }));
    expect(names(scalePreviewModel(cs, pods, 9, NOW_MS).scaleIn!.chosen.exact)).toEqual(["cart-9"]);
    // partition 5 keeps its 5 old pods: the pod deleted is the update revision's most recently Ready.
    const held = withStatus(cart(10, { type: "InPlaceIfPossible", partition: 5 }), good, bad, 5);
    expect(names(scalePreviewModel(held, pods, 9, NOW_MS).scaleIn!.chosen.exact)).toEqual(["cart-4"]);
  });

  it("a scale-out at a partition creates the partition's share on the current revision", () => {
    const cs = withStatus(cart(10, { type: "InPlaceIfPossible", partition: 10 }), good, bad, 0);
    const m = scalePreviewModel(cs, cartPods(10), 12, NOW_MS);
    expect(m.created).toEqual({ update: 2, current: 0 });
    const frozen = withStatus(cart(10, { type: "InPlaceIfPossible", partition: 12 }), good, bad, 0);
    const f = scalePreviewModel(frozen, cartPods(10), 12, NOW_MS);
    expect(f.created).toEqual({ update: 0, current: 2 });
    expect(f.text).toContain(`2 pods on the current revision ${revName(good)}`);
  });
});
