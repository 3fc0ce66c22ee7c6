import { describe, expect, it } from "vitest";
import { cloneSetDetailView } from "./detail";
import { NOW, cloneSet, pod, pods, revisions } from "./fixtures";
import { cloneSetView, filterAndSortRows, updateProgress, withPods } from "./list";
import { podFactsByCloneSet } from "./list-pods";
import { podView } from "./pods";
import { cloneSetState, NOT_READY_DEADLINE_S } from "./state";
import type { ViewCloneSet } from "./types";

const state = (cs: ViewCloneSet) => cloneSetState(cs, { progress: updateProgress(cs) });
const rolledOut = (over = {}) =>
  cloneSet(
    {
      currentRevision: "ro-659d94d4c9",
      updatedReplicas: 10,
      updatedReadyReplicas: 10,
      updatedAvailableReplicas: 10,
      readyReplicas: 10,
      expectedUpdatedReplicas: 10,
      ...over,
    },
    0,
  );

describe("one vocabulary of states", () => {
  it("rule 1: observedGeneration behind the generation says waiting for the controller, before anything else", () => {
    const cs = rolledOut({ observedGeneration: 1 });
    const s = state(cs);
    expect(s.kind).toBe("waiting-for-controller");
    expect(s.reason).toContain("observedGeneration 1 < metadata.generation 2");
  });

  it("rule 2: every pod on the update revision and available is rolled out", () => {
    expect(state(rolledOut())).toMatchObject({ kind: "complete", word: "rolled out", short: "rolled out" });
  });

  it("rule 3: a pod failing with a kubelet reason makes the rollout stuck, with the pod and reason", () => {
    const d = cloneSetDetailView(cloneSet(), pods(), revisions(), [], NOW);
    expect(d.update.status.kind).toBe("stuck");
    expect(d.update.status.reason).toBe('ro-p9/app: ImagePullBackOff — Back-off pulling image "nginx:2.0"');
    expect(d.header.state).toBe(d.update.status);
  });

  it("rule 3: an updated pod not ready past the deadline is stuck, one just started is not", () => {
    const stale = pod(9, { updated: true, updating: true });
    const ready = stale.status!.conditions!.find((c) => c.type === "Ready")!;
    const at = (secondsAgo: number) => new Date(NOW.getTime() - secondsAgo * 1000).toISOString();
    ready.lastTransitionTime = at(NOT_READY_DEADLINE_S + 60);
    const cs = cloneSet();
    const facts = (p: typeof stale) => ({
      progress: updateProgress(cs),
      pods: [podView(p, NOW)],
      failing: [],
      now: NOW,
    });
    // The in-place update started long ago too.
    const annot = JSON.parse(stale.metadata!.annotations!["apps.kruise.io/inplace-update-state"]);
    annot.updateTimestamp = at(NOT_READY_DEADLINE_S + 60);
    stale.metadata!.annotations!["apps.kruise.io/inplace-update-state"] = JSON.stringify(annot);
    expect(cloneSetState(cs, facts(stale))).toMatchObject({ kind: "stuck" });
    expect(cloneSetState(cs, facts(stale)).reason).toContain("not ready for over 10 minutes: ro-p9");
    ready.lastTransitionTime = at(30);
    expect(cloneSetState(cs, facts(stale)).kind).toBe("rolling");
  });

  it("rule 4: pods a lifecycle hook holds say waiting for a lifecycle hook", () => {
    const cs = cloneSet();
    expect(cloneSetState(cs, { progress: updateProgress(cs), hookWaits: 1 }).kind).toBe("waiting-for-hook");
  });

  it("rule 5: nothing to roll but fewer pods than replicas is scaling", () => {
    const s = state(rolledOut({ replicas: 7, updatedReplicas: 7, updatedAvailableReplicas: 7 }));
    expect(s).toMatchObject({ kind: "scaling", short: "scaling 7→10" });
  });

  it("rule 6: paused before the partition's target is available is paused; paused with nothing to do is not", () => {
    const cs = cloneSet();
    cs.spec!.updateStrategy!.paused = true;
    expect(state(cs)).toMatchObject({ kind: "paused", short: "paused 2/3" });
    const done = cloneSet({ updatedAvailableReplicas: 3 });
    done.spec!.updateStrategy!.paused = true;
    expect(state(done).kind).toBe("held-by-partition");
  });

  it("rule 7: the partition's target available with pods left on old revisions is held, titled held n/replicas", () => {
    const s = state(cloneSet({ updatedAvailableReplicas: 3, updatedReadyReplicas: 3 }));
    expect(s).toMatchObject({ kind: "held-by-partition", word: "held by partition", short: "held 3/10" });
    expect(s.reason).toContain("keeps 7 pods on older revisions");
  });

  it("rule 8: otherwise rolling, with available of target", () => {
    expect(state(cloneSet())).toMatchObject({ kind: "rolling", short: "rolling 2/3" });
  });

  it("the list row with its namespace's pods and the detail header say the same state", () => {
    const cs = cloneSet();
    const facts = podFactsByCloneSet([cs], pods(), NOW).get("shop/ro");
    const row = withPods(cloneSetView(cs, NOW), cs, facts, NOW);
    const d = cloneSetDetailView(cs, pods(), revisions(), [], NOW);
    expect(row.state).toEqual(d.header.state);
    expect(row.bar).toEqual(d.header.bar);
    expect(row.bar).toMatchObject({ ready: 2, updating: 0, failing: 1, old: 7, target: 3 });
  });
});

describe("needs-attention sort", () => {
  it("lists stuck first, then paused mid-rollout, then the rest", () => {
    const paused = cloneSet();
    paused.spec!.updateStrategy!.paused = true;
    paused.metadata = { ...paused.metadata, name: "a-paused" };
    const held = cloneSet({ updatedAvailableReplicas: 3 });
    held.metadata = { ...held.metadata, name: "b-held" };
    const stuck = cloneSet();
    stuck.metadata = { ...stuck.metadata, name: "c-stuck" };
    const rows = [
      cloneSetView(held, NOW),
      cloneSetView(paused, NOW),
      withPods(cloneSetView(stuck, NOW), stuck, podFactsByCloneSet([cloneSet()], pods(), NOW).get("shop/ro"), NOW),
    ];
    expect(filterAndSortRows(rows, { sort: "attention" }).map((r) => r.name)).toEqual([
      "c-stuck",
      "a-paused",
      "b-held",
    ]);
  });
});
