import { describe, expect, it } from "vitest";
import type { CloneSet } from "../../k8s/objects";
import { cloneSet, rollout } from "./fixtures";
import { ownedFieldWarnings, releaseStartedBy } from "./release";
import { revisionMap } from "./mapping";

const withImage = (cs: CloneSet, image: string): CloneSet => ({
  ...cs,
  spec: { ...cs.spec, template: { ...cs.spec.template, spec: { containers: [{ name: "app", image }] } } },
});

describe("the release a CloneSet edit starts", () => {
  const healthy = rollout({ phase: "Healthy", state: "Completed", step: 3 });

  it("names the Rollout, its steps and the pods of step 1 for a template change", () => {
    const before = cloneSet();
    expect(releaseStartedBy(before, withImage(before, "shop/checkout:3"), [healthy])?.message).toBe(
      "this change will start Rollout checkout: step 1 of 3 will update 1 pod",
    );
  });

  it("starts nothing for replicas 0, an equal template, a kept rollout-id, a Disabled Rollout or an unlabelled CloneSet", () => {
    const before = cloneSet();
    const changed = withImage(before, "shop/checkout:3");
    expect(releaseStartedBy(before, { ...changed, spec: { ...changed.spec, replicas: 0 } }, [healthy])).toBeNull();
    const hashOnly = structuredClone(before);
    hashOnly.spec.template.metadata!.labels!["pod-template-hash"] = "abc";
    expect(releaseStartedBy(before, hashOnly, [healthy])).toBeNull();
    const id = { annotations: { "rollouts.kruise.io/rollout-id": "v1" } };
    expect(releaseStartedBy(cloneSet(id), withImage(cloneSet(id), "x:9"), [healthy])).toBeNull();
    expect(releaseStartedBy(before, changed, [rollout({ phase: "Disabled", disabled: true })])).toBeNull();
    const bare = cloneSet();
    bare.metadata.labels = {};
    expect(releaseStartedBy(bare, withImage(bare, "x:9"), [healthy])).toBeNull();
  });

  it("starts a release when only the rollout-id annotation changes", () => {
    const before = cloneSet({ annotations: { "rollouts.kruise.io/rollout-id": "v1" } });
    const after = cloneSet({ annotations: { "rollouts.kruise.io/rollout-id": "v2" } });
    expect(releaseStartedBy(before, after, [healthy])?.rollout).toBe("checkout");
  });

  it("warns before a manual partition or paused change while the Rollout owns them", () => {
    const owned = cloneSet({ annotations: { "rollouts.kruise.io/in-progressing": '{"rolloutName":"checkout"}' } });
    const lowered = structuredClone(owned);
    lowered.spec.updateStrategy = { partition: 0, paused: true };
    const w = ownedFieldWarnings(owned, lowered, "checkout");
    expect(w).toHaveLength(2);
    expect(w[0]).toMatch(/lowering it updates more pods at once/);
    expect(ownedFieldWarnings(cloneSet(), lowered, undefined)).toEqual([]);
  });
});

describe("stable and canary revisions mapped onto the CloneSet", () => {
  it("finds both revisions and groups the release's pods by batch label", () => {
    const pod = (name: string, rev: string, batch?: string, ready = true) => ({
      metadata: {
        name,
        labels: {
          "controller-revision-hash": rev,
          ...(batch ? { "rollouts.kruise.io/rollout-id": "h2", "rollouts.kruise.io/rollout-batch-id": batch } : {}),
        },
      },
      spec: { containers: [] },
      status: { conditions: [{ type: "Ready", status: ready ? "True" : "False" }] },
    });
    const pods = [
      pod("a", "checkout-h2", "1"),
      pod("b", "checkout-h2", "2", false),
      pod("c", "checkout-h2", "2"),
      pod("d", "checkout-h1"),
    ];
    const m = revisionMap(rollout(), cloneSet(), pods, ["checkout-h1", "checkout-h2"]);
    expect(m.stable).toEqual({ hash: "h1", revision: "checkout-h1", pods: ["d"] });
    expect(m.canary).toEqual({ hash: "h2", revision: "checkout-h2", pods: ["a", "b", "c"] });
    expect(m.batches).toEqual([
      { batch: 1, pods: ["a"], ready: 1 },
      { batch: 2, pods: ["b", "c"], ready: 1 },
    ]);
  });
});
