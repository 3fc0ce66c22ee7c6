import { describe, expect, it } from "vitest";
import type { CloneSet } from "../../k8s/objects";
import { cloneSet, rollout, type RolloutOver } from "../kruise-rollout/fixtures";
import { stateBadgeText } from "../kruise-rollout/state";
import { cloneSetDetailView } from "./detail";
import { cloneSetView, updateProgress } from "./list";
import { cloneSetState } from "./state";
import { kruiseRolloutFacts } from "./state-kruise-rollout";

const NOW = new Date("2026-01-01T00:00:42Z");
const IN_PROGRESSING = { "rollouts.kruise.io/in-progressing": '{"rolloutName":"checkout"}' };

/** The demo's checkout: 4 pods, partition 3, one pod on the new revision and available (step 1 of the Rollout). */
function checkout(releasing = true): CloneSet {
  const cs = cloneSet(releasing ? { annotations: IN_PROGRESSING } : {});
  cs.status = { ...cs.status!, updatedAvailableReplicas: 1, availableReplicas: 4, expectedUpdatedReplicas: 1 };
  return cs;
}

const stateOf = (cs: CloneSet, over?: RolloutOver) =>
  cloneSetState(cs, {
    progress: updateProgress(cs),
    rollout: over ? kruiseRolloutFacts(cs, [rollout(over)], [], NOW) : undefined,
  });

describe("rule 7: a Kruise Rollout driving a release decides the CloneSet's state", () => {
  it("a CloneSet whose Rollout waits for approval at step 1 says so, not held by partition", () => {
    expect(stateOf(checkout()).kind).toBe("held-by-partition");
    const s = stateOf(checkout(), {});
    expect(s).toMatchObject({ kind: "rollout", word: "Rollout step 1/3, waiting for approval" });
    expect(s.reason).toBe(
      "Kruise Rollout checkout: waiting for approval to leave step 1; it sets the partition, 1 of 4 updated and available",
    );
    // The same words as the Rollout's own badge, and it waits for a person: it needs attention like "paused".
    expect(s.word).toBe(`Rollout ${stateBadgeText(s.rollout!)}`);
    expect(s.attention).toBe(stateOf(pausedCheckout()).attention);
  });

  it("the list row and the detail header tell the same Rollout story", () => {
    const cs = checkout();
    const facts = kruiseRolloutFacts(cs, [rollout()], [], NOW);
    const row = cloneSetView(cs, NOW, facts);
    const d = cloneSetDetailView(cs, [], [], [], NOW, { podsLoaded: false, kruiseRollout: facts });
    expect(row.state.word).toBe("Rollout step 1/3, waiting for approval");
    expect(d.header.state).toEqual(row.state);
    expect(d.update.status).toEqual(row.state);
  });

  it("a batch being upgraded reads as the Rollout's step and does not need attention", () => {
    const s = stateOf(checkout(), { step: 2, state: "StepUpgrade" });
    expect(s.word).toBe("Rollout step 2/3, upgrading");
    expect(s.attention).toBe(stateOf(rollingCheckout()).attention);
  });

  it("a release whose pods are all updated is the Rollout finalising, not rolled out, until the Rollout is Healthy", () => {
    const cs = checkout(false);
    cs.spec.updateStrategy = { partition: 0 };
    cs.status = {
      ...cs.status!,
      updatedReplicas: 4,
      updatedReadyReplicas: 4,
      updatedAvailableReplicas: 4,
      expectedUpdatedReplicas: 4,
      currentRevision: "checkout-h2",
    };
    expect(stateOf(cs, { step: 3, state: "Completed", reason: "Finalising" }).word).toBe(
      "Rollout step 3/3, finalising",
    );
    expect(stateOf(cs, { step: 3, state: "Completed", phase: "Healthy" }).kind).toBe("complete");
  });

  it("a Rollout that names the CloneSet but runs no release leaves the CloneSet's own state", () => {
    expect(stateOf(checkout(false), { phase: "Healthy", state: "Completed", step: 3 }).kind).toBe("held-by-partition");
  });

  it("failing pods still say stuck under a Rollout: the reason the batch never gets ready", () => {
    const cs = checkout();
    const failing = [
      { pod: "checkout-x", revision: "checkout-h2", container: "app", reason: "ImagePullBackOff", message: "" },
    ];
    const s = cloneSetState(cs, {
      progress: updateProgress(cs),
      failing,
      rollout: kruiseRolloutFacts(cs, [rollout({ state: "StepUpgrade" })], [], NOW),
    });
    expect(s.kind).toBe("stuck");
  });
});

function pausedCheckout(): CloneSet {
  const cs = checkout(false);
  cs.status = { ...cs.status!, updatedAvailableReplicas: 0 };
  cs.spec.updateStrategy = { ...cs.spec.updateStrategy, paused: true };
  return cs;
}

/** Rolling without a Rollout: 0 of 1 available. */
function rollingCheckout(): CloneSet {
  const cs = checkout(false);
  cs.status = { ...cs.status!, updatedAvailableReplicas: 0 };
  return cs;
}
