import { describe, expect, it } from "vitest";
import { partitionPreviewModel } from "./partition-preview";
import { fateSentences } from "./fates";
import { bad, cart, cartPods, good, NOW_MS, readyAt, withStatus } from "./fixtures-release";

const names = (xs: { name: string }[]) => xs.map((x) => x.name).sort();

describe("the partition preview says what happens to each pod (docs/kruise-rules.md §3.8)", () => {
  it("10 pods, ReCreate, maxUnavailable 0, maxSurge 2: 2 surge pods first, 8 recreated and 2 deleted rather than updated, at most 2 at a time", () => {
    const cs = withStatus(cart(10, { type: "ReCreate", maxUnavailable: 0, maxSurge: 2, partition: 10 }), good, bad);
    const m = partitionPreviewModel(
      cs,
      cartPods(10, (i) => ({ readyAt: readyAt(i) })),
      [good, bad],
      0,
      NOW_MS,
    );
    const f = m.fates!;
    expect(m.strategy).toBe("ReCreate");
    expect([f.surge, f.perPass, f.created]).toEqual([2, 2, { min: 10, max: 10 }]);
    expect(f.budgetText).toBe("at most 2 at a time (maxUnavailable 0 + 2 surge pods)");
    expect(f.inPlace).toEqual([]);
    // Kruise's update order takes the most recently Ready first; the old pods left at the end are deleted, the one
    // Ready longest for certain, and of the next two one or the other depending on when the surge pods are Ready.
    expect(names(f.recreated)).toEqual(["cart-3", "cart-4", "cart-5", "cart-6", "cart-7", "cart-8", "cart-9"]);
    expect(names(f.deleted)).toEqual(["cart-0"]);
    expect(f.groups.map((g) => [names(g.of), g.text])).toEqual([
      [["cart-1", "cart-2"], "1 recreated and 1 deleted rather than updated"],
    ]);
    expect(f.changes).toEqual({ min: 10, max: 10 });
    expect(fateSentences(f)[0]).toBe("2 surge pods are created first at the update revision (maxSurge 2)");
    expect(fateSentences(f).join("\n")).toMatch(/deleted rather than updated/);
  });

  it("7 pods, InPlaceIfPossible, maxSurge 20 %, maxUnavailable 30 %: names the 4 updated in place, the one deleted, and the two whose fate readiness decides", () => {
    const cs = withStatus(
      cart(7, { type: "InPlaceIfPossible", maxSurge: "20%", maxUnavailable: "30%", partition: 7 }),
      good,
      bad,
    );
    const m = partitionPreviewModel(
      cs,
      cartPods(7, (i) => ({ readyAt: readyAt(i) })),
      [good, bad],
      0,
      NOW_MS,
    );
    const f = m.fates!;
    expect([f.surge, f.perPass]).toEqual([2, 4]);
    expect(names(f.inPlace)).toEqual(["cart-3", "cart-4", "cart-5", "cart-6"]);
    expect(names(f.deleted)).toEqual(["cart-0"]);
    expect(f.groups).toHaveLength(1);
    expect(names(f.groups[0].of)).toEqual(["cart-1", "cart-2"]);
    expect(f.groups[0].text).toBe("1 updated in place and 1 deleted rather than updated");
    expect(f.fateOf["cart-0"]).toEqual(["deleted"]);
    expect(m.preview.perRound).toBe(4);
  });

  it("InPlaceOnly with a change that cannot go in place: the preview carries Kruise's error", () => {
    const envCs = cart(3, { type: "InPlaceOnly", partition: 3 });
    envCs.spec.template.spec!.containers[0].env = [{ name: "X", value: "on" }];
    const withEnv = { ...bad, data: { spec: { template: { ...envCs.spec.template, $patch: "replace" } } } };
    const cs = withStatus(envCs, good, withEnv);
    const m = partitionPreviewModel(cs, cartPods(3), [good, withEnv], 0, NOW_MS);
    expect(m.fates?.error).toMatch(/InPlaceOnly/);
  });

  it("a partition that moves nothing has no fates", () => {
    const cs = withStatus(cart(4, { type: "InPlaceIfPossible", partition: 4 }), good, bad);
    const m = partitionPreviewModel(cs, cartPods(4), [good, bad], 11, NOW_MS);
    expect(m.preview.moveCount).toBe(0);
    expect(m.fates).toBeUndefined();
  });
});
