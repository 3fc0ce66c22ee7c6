import { describe, expect, it } from "vitest";
import type { Pod, StatefulSet } from "../../k8s/objects";
import { rollbackEffect } from "./actions";
import { cloneSet, rollout } from "./fixtures";
import { revisionMap } from "./mapping";

const pod = (name: string, rev: string): Pod =>
  ({ metadata: { name, labels: { "controller-revision-hash": rev } }, spec: { containers: [] } }) as Pod;

/** An Advanced StatefulSet mid-release and its Rollout, which stores whole revision names (docs/kruise-rollouts.md §15.1). */
function statefulRelease() {
  const r = rollout();
  r.spec.workloadRef = { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", name: "checkout" };
  Object.assign(r.status!.canaryStatus!, { stableRevision: "checkout-7f9c", canaryRevision: "checkout-5d2a" });
  const sts = {
    ...cloneSet(),
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    status: { ...cloneSet().status, currentRevision: "checkout-7f9c", updateRevision: "checkout-5d2a" },
  } as unknown as StatefulSet;
  return { r, sts };
}

describe("an Advanced StatefulSet's revisions under a Rollout", () => {
  it("maps the whole stable and canary names onto its ControllerRevisions and its pods by ordinal", () => {
    const { r, sts } = statefulRelease();
    const pods = [
      pod("checkout-0", "checkout-7f9c"),
      pod("checkout-1", "checkout-7f9c"),
      pod("checkout-2", "checkout-5d2a"),
    ];
    const m = revisionMap(r, sts, pods, ["checkout-7f9c", "checkout-5d2a"]);
    expect(m.stable).toEqual({ hash: "checkout-7f9c", revision: "checkout-7f9c", pods: ["checkout-0", "checkout-1"] });
    expect(m.canary).toEqual({ hash: "checkout-5d2a", revision: "checkout-5d2a", pods: ["checkout-2"] });
  });

  it("a template back to the stable revision (its whole name) cancels the release, as abort means", () => {
    const { r, sts } = statefulRelease();
    const e = rollbackEffect(r, sts, "checkout-7f9c");
    expect(e.ok && e.effect).toBe(
      "the Rollout cancels the release (partition → 0) and the StatefulSet reverts 1 updated pod to the stable revision at its own pace",
    );
  });
});
