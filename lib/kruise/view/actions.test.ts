import { describe, expect, it } from "vitest";
import { actionBarView, lastGoodRevision, nextPartitionStep, type ActionFacts, type RolloutFacts } from "./actions";

const facts = (o: Partial<ActionFacts> = {}): ActionFacts => ({
  kind: "CloneSet",
  state: { kind: "held-by-partition", word: "held by partition", reason: "the partition keeps 2 pods" },
  replicas: 10,
  paused: false,
  partition: 2,
  currentRevision: "cart-good",
  updateRevision: "cart-bad",
  revisions: [
    { name: "cart-good", number: 1, images: ["cart:1.4.0"] },
    { name: "cart-bad", number: 2, images: ["cart:1.5.0"] },
  ],
  offUpdate: 2,
  ...o,
});

const rollout = (o: Partial<RolloutFacts> = {}): RolloutFacts => ({
  name: "cart",
  inFlight: true,
  paused: false,
  step: 1,
  total: 3,
  approve: { ok: true, effect: "moves on to step 2 of 3" },
  pause: { ok: true, effect: "no step moves until resumed" },
  resume: { ok: false, reason: "the Rollout is not paused" },
  disable: { ok: true, effect: "finishes the release in progress at the CloneSet's full speed" },
  jumpToLast: { ok: true, effect: "skips ahead to step 3" },
  stableRevision: "cart-good",
  abortEffect: "the Rollout cancels the release (partition → 0)",
  ...o,
});

const byId = (f: ActionFacts) => Object.fromEntries(actionBarView(f).actions.map((a) => [a.id, a]));

describe("the action bar (lib/kruise/view/actions.ts)", () => {
  it("a CloneSet at partition 2: pause, the next step (partition 2 → 0) and roll back to the last good revision, which asks", () => {
    const a = byId(facts());
    expect(Object.keys(a)).toEqual(["pause", "partition-step", "rollback"]);
    expect(a["partition-step"]).toMatchObject({
      partition: 0,
      confirm: true,
      effect: "2 more pods on the update revision (10 of 10)",
    });
    expect(a.rollback).toMatchObject({
      label: "Roll back to #1 cart:1.4.0",
      revision: "cart-good",
      tone: "destructive",
      confirm: true,
      effect: "every pod goes back to #1 cart-good (cart:1.4.0): the template and partition 0 in one request",
    });
  });

  it("a paused CloneSet offers resume as the primary action; its next step waits with the reason", () => {
    const a = byId(facts({ paused: true }));
    expect(a.resume).toMatchObject({ tone: "primary", confirm: false });
    expect(a["partition-step"].unavailable).toBe("the rollout is paused: resume it first");
  });

  it("under a Kruise Rollout: approve is primary and sends at once; jump, abort and disable are destructive and ask", () => {
    const f = facts({ owner: "cart", rollout: rollout() });
    const a = byId(f);
    expect(actionBarView(f).actions.map((x) => x.id)).toEqual(["approve", "jump", "rollout-pause", "abort", "disable"]);
    expect(a.approve).toMatchObject({ tone: "primary", confirm: false, label: "Approve step 1" });
    for (const id of ["jump", "abort", "disable"]) expect(a[id]).toMatchObject({ tone: "destructive", confirm: true });
    expect(a.abort.effect).toBe(
      "the CloneSet's template goes back to the stable revision cart-good; then the Rollout cancels the release (partition → 0)",
    );
    // The CloneSet's own pause and partition belong to the Rollout; abort takes the rollback's place.
    expect(a.pause).toBeUndefined();
    expect(a["partition-step"]).toBeUndefined();
    expect(a.rollback).toBeUndefined();
  });

  it("after a Rollout completes: no approve, jump or abort; the rollback says the Rollout then decides", () => {
    const f = facts({ owner: "cart", currentRevision: "cart-bad", rollout: rollout({ inFlight: false, step: 3 }) });
    const a = byId(f);
    expect(Object.keys(a)).toEqual(["rollout-pause", "disable", "rollback"]);
    expect(a.rollback.effect).toMatch(/Kruise Rollout cart then decides the partition/);
  });

  it("next partition steps: one canary pod, a quarter, half, all", () => {
    expect([10, 9, 8, 5, 1, 0].map((k) => nextPartitionStep(k, 10))).toEqual([9, 8, 5, 0, 0, null]);
    expect(nextPartitionStep(11, 10)).toBe(9);
  });

  it("the last good revision: the current one mid-rollout, else the newest before the update revision", () => {
    expect(lastGoodRevision(facts())?.name).toBe("cart-good");
    const done = facts({
      currentRevision: "cart-bad",
      revisions: [...facts().revisions, { name: "cart-old", number: 0, images: [] }],
    });
    expect(lastGoodRevision(done)?.name).toBe("cart-good");
  });
});
