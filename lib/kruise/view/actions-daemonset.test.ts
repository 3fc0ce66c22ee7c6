import { describe, expect, it } from "vitest";
import type { ControllerRevision, DaemonSet, Pod } from "../../k8s/objects";
import { daemonSet, dpod, NEW, node, OLD } from "../daemonset/fixtures";
import { actionBarView } from "./actions";
import { daemonNextStep, daemonOldRevision, daemonSetActionFacts } from "./actions-daemonset";

const owner = {
  apiVersion: "apps.kruise.io/v1alpha1",
  uid: "ds-uid",
  controller: true,
  kind: "DaemonSet",
  name: "agent",
};
const own = (p: Pod): Pod => ({ ...p, metadata: { ...p.metadata, ownerReferences: [owner] } });
const revision = (hash: string, n: number, image: string): ControllerRevision => ({
  apiVersion: "apps/v1",
  kind: "ControllerRevision",
  metadata: { name: `agent-${hash}`, labels: { "controller-revision-hash": hash }, ownerReferences: [owner] },
  data: { spec: { template: { spec: { containers: [{ name: "agent", image }] } } } },
  revision: n,
});
const revs = [revision(OLD, 1, "agent:1"), revision(NEW, 2, "agent:2")];
const sixNodes = () => [1, 2, 3, 4, 5, 6].map((i) => node(i, { labels: { zone: i % 2 ? "a" : "b" } }));
// Nodes 5 and 6 updated (by name, descending, the controller's order), 1–4 still old.
const twoUpdated = () => [1, 2, 3, 4, 5, 6].map((i) => own(dpod(i, { hash: i > 4 ? NEW : OLD })));
const withDesired = (ds: DaemonSet): DaemonSet => ({ ...ds, status: { ...ds.status!, desiredNumberScheduled: 6 } });
const header = {
  state: { kind: "held-by-partition", word: "held by partition", reason: "the partition keeps 4 nodes" },
  offUpdate: 4,
} as Parameters<typeof daemonSetActionFacts>[1];

describe("an Advanced DaemonSet's action bar (lib/kruise/view/actions-daemonset.ts)", () => {
  it("the next step counts nodes and names them in the controller's order: partition 4 of 6 → 3 releases node-4", () => {
    const ds = withDesired(daemonSet({ partition: 4 }));
    expect(daemonNextStep(ds, { nodes: sixNodes(), pods: twoUpdated() })).toEqual({
      to: 3,
      effect: "1 more node on the update revision (3 of 6): node-4",
    });
  });

  it("with rollingUpdate.selector the step counts every node but releases only the ones it picks", () => {
    const ds = withDesired(daemonSet({ partition: 6, selector: { matchLabels: { zone: "a" } } }));
    const pods = [1, 2, 3, 4, 5, 6].map((i) => own(dpod(i)));
    expect(daemonNextStep(ds, { nodes: sixNodes(), pods })).toEqual({
      to: 5,
      effect: "1 more node on the update revision (1 of 6), among the nodes rollingUpdate.selector picks: node-5",
    });
  });

  it("without the nodes the step is counted from the status's desired nodes, naming none", () => {
    expect(daemonNextStep(withDesired(daemonSet({ partition: 2 })), {})).toEqual({
      to: 0,
      effect: "2 more nodes on the update revision (6 of 6)",
    });
    expect(daemonNextStep(withDesired(daemonSet({ partition: 0 })), {})).toBeNull();
  });

  it("the revision the old pods run is the last good one: its status names no current revision", () => {
    const ds = withDesired(daemonSet({ partition: 4 }));
    expect(daemonOldRevision(ds, twoUpdated(), revs)).toBe(`agent-${OLD}`);
    expect(daemonOldRevision(ds, [own(dpod(1, { hash: NEW }))], revs)).toBe("");
  });

  it("pause, the next step in nodes, and roll back every pod to the old pods' revision; keeping the partition says what it keeps", () => {
    const ds = withDesired(daemonSet({ partition: 4 }));
    const f = daemonSetActionFacts(ds, header, revs, { nodes: sixNodes(), pods: twoUpdated() });
    const a = Object.fromEntries(actionBarView(f).actions.map((x) => [x.id, x]));
    expect(Object.keys(a)).toEqual(["pause", "partition-step", "rollback"]);
    expect(a["partition-step"]).toMatchObject({ label: "Next step: partition 4 → 3", partition: 3, confirm: true });
    expect(a.rollback).toMatchObject({ label: "Roll back to #1 agent:1", revision: `agent-${OLD}`, confirm: true });
    expect(a.rollback.effect).toBe(
      `every pod goes back to #1 agent-${OLD} (agent:1): the template and partition 0 in one request`,
    );
    expect(a.rollback.keepEffect).toBe(
      `the pod template goes back to #1 agent-${OLD} (agent:1); partition 4 stays: 4 nodes keep the revision their pods run`,
    );
  });

  it("a paused DaemonSet offers resume first; its step waits with the reason", () => {
    const ds = withDesired(daemonSet({ partition: 4, paused: true }));
    const f = daemonSetActionFacts(ds, header, revs, { nodes: sixNodes(), pods: twoUpdated() });
    const a = Object.fromEntries(actionBarView(f).actions.map((x) => [x.id, x]));
    expect(a.resume).toMatchObject({ tone: "primary" });
    expect(a["partition-step"].unavailable).toBe("the rollout is paused: resume it first");
  });

  it("paused halfway with the partition lifted: the rollback says partition 0 keeps none and that pods move once resumed", () => {
    const ds = withDesired(daemonSet({ partition: 0, paused: true }));
    const f = daemonSetActionFacts(ds, header, revs, { nodes: sixNodes(), pods: twoUpdated() });
    const a = Object.fromEntries(actionBarView(f).actions.map((x) => [x.id, x]));
    expect(Object.keys(a)).toEqual(["resume", "rollback"]);
    expect(a.rollback.effect).toBe(
      `every pod goes back to #1 agent-${OLD} (agent:1): partition 0 keeps none; the rollout is paused: pods move once it is resumed`,
    );
  });
});
