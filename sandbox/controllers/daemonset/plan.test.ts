import { describe, expect, it } from "vitest";
import type { DaemonSet, DaemonSetStatus, Node } from "@/lib/k8s/objects";
import { World } from "../workload/world.test-support";
import { planDaemonSet } from "./plan";

type RollingUpdate = NonNullable<NonNullable<DaemonSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

const node = (i: number, labels: Record<string, string> = {}, taints?: Node["spec"]): Node => ({
  metadata: { name: `node-${i}`, labels: { "kubernetes.io/hostname": `node-${i}`, ...labels } },
  spec: taints ?? {},
});
const nodes = (n: number) => Array.from({ length: n }, (_, i) => node(i + 1));

function daemonSet(ru: RollingUpdate = {}, extra: Partial<DaemonSet["spec"]> = {}): DaemonSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "DaemonSet",
    metadata: { name: "agent", namespace: "infra", uid: "ds-uid", generation: 1 },
    spec: {
      selector: { matchLabels: { app: "agent" } },
      template: { metadata: { labels: { app: "agent" } }, spec: { containers: [{ name: "agent", image: "agent:1" }] } },
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1, maxSurge: 0, ...ru },
      },
      ...extra,
    },
  };
}

const world = (ds: DaemonSet, ns: Node[], seed = 1) => new World(ds, planDaemonSet, ns, seed);
const status = (w: World<DaemonSet>) => (w.obj.status ?? {}) as DaemonSetStatus;
const image =
  (img: string) =>
  (d: DaemonSet): DaemonSet => ({
    ...d,
    spec: { ...d.spec, template: { ...d.spec.template, spec: { containers: [{ name: "agent", image: img }] } } },
  });
const strategy =
  (ru: RollingUpdate) =>
  (d: DaemonSet): DaemonSet => ({
    ...d,
    spec: {
      ...d.spec,
      updateStrategy: { ...d.spec.updateStrategy, rollingUpdate: { ...d.spec.updateStrategy!.rollingUpdate, ...ru } },
    },
  });
const ready = (n: number) => (w: World<DaemonSet>) => status(w).numberReady === n && w.pods.length === n;
const live = (w: World<DaemonSet>) => w.pods.filter((p) => !p.metadata.deletionTimestamp);
const onNode = (w: World<DaemonSet>, n: number) => live(w).filter((p) => p.spec.nodeName === `node-${n}`);
const updatedNodes = (w: World<DaemonSet>) =>
  live(w)
    .filter((p) => p.metadata.labels?.["controller-revision-hash"] === status(w).daemonSetHash)
    .map((p) => p.spec.nodeName)
    .sort();

describe("Advanced DaemonSet controller: placement (§14.1, §14.4)", () => {
  it("one pod per node that should run one, bound by its matchFields affinity; a NoSchedule-tainted node gets none", () => {
    const tainted = node(4, {}, { taints: [{ key: "dedicated", effect: "NoSchedule" }] });
    const w = world(daemonSet(), [...nodes(3), tainted]).until(ready(3));
    expect(w.pods.map((p) => p.spec.nodeName).sort()).toEqual(["node-1", "node-2", "node-3"]);
    expect(
      w.pods[0].spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms,
    ).toEqual([{ matchFields: [{ key: "metadata.name", operator: "In", values: [w.pods[0].spec.nodeName] }] }]);
    expect(w.pods[0].spec.tolerations).toContainEqual({
      key: "node.kubernetes.io/not-ready",
      operator: "Exists",
      effect: "NoExecute",
    });
    w.settle();
    expect(status(w)).toMatchObject({
      desiredNumberScheduled: 3,
      currentNumberScheduled: 3,
      numberReady: 3,
      updatedNumberScheduled: 3,
    });
  });

  it("the not-ready NoSchedule taint of a new node means no pod there (desiredNumberScheduled counts it out)", () => {
    const notReady = node(1, {}, { taints: [{ key: "node.kubernetes.io/not-ready", effect: "NoSchedule" }] });
    const w = world(daemonSet(), [notReady]);
    w.step();
    w.step();
    expect(w.pods).toEqual([]);
    expect(status(w).desiredNumberScheduled).toBe(0);
  });
});

describe("Advanced DaemonSet controller: rolling update in nodes (§14.5, §14.6)", () => {
  it("Standard, maxUnavailable 1: one node at a time, the old pod deleted before the new one is created", () => {
    const w = world(daemonSet(), nodes(4)).until(ready(4));
    w.settle();
    const hash = status(w).daemonSetHash;
    w.maxUnavailableSeen = 0;
    w.edit(image("agent:2"));
    w.until(
      (x) => status(x).daemonSetHash !== hash && status(x).updatedNumberScheduled === 4 && status(x).numberReady === 4,
    );
    expect(w.maxUnavailableSeen).toBe(1);
    expect(w.events.filter((e) => e.startsWith("SuccessfulDelete"))).toHaveLength(4);
  });

  it("partition 2 of 4 nodes updates node-4 and node-3 (by name, descending) and keeps node-1 and node-2", () => {
    const w = world(daemonSet({ partition: 2 }), nodes(4)).until(ready(4));
    w.settle();
    w.edit(image("agent:2"));
    w.until((x) => updatedNodes(x).length === 2 && status(x).numberReady === 4);
    w.settle();
    expect(updatedNodes(w)).toEqual(["node-3", "node-4"]);
  });

  it("rollingUpdate.selector: only the nodes it matches update, whatever the partition says", () => {
    const ns = [node(1, { pool: "canary" }), node(2), node(3, { pool: "canary" })];
    const w = world(daemonSet({ selector: { matchLabels: { pool: "canary" } } }), ns).until(ready(3));
    w.settle();
    w.edit(image("agent:2"));
    w.until((x) => updatedNodes(x).length === 2 && status(x).numberReady === 3);
    w.settle();
    expect(updatedNodes(w)).toEqual(["node-1", "node-3"]);
  });

  it("maxSurge 1: the new pod starts beside the old one, which goes once the new one is available", () => {
    const w = world(daemonSet({ maxUnavailable: 0, maxSurge: 1 }), nodes(2)).until(ready(2));
    w.settle();
    w.edit(image("agent:2"));
    w.step();
    expect(w.pods.filter((p) => !p.metadata.deletionTimestamp)).toHaveLength(3);
    w.until((x) => updatedNodes(x).length === 2 && x.pods.length === 2 && status(x).numberReady === 2);
    expect(onNode(w, 1)).toHaveLength(1);
  });

  it("InPlaceIfPossible: an image change updates each pod in place (same pod, new image)", () => {
    const w = world(daemonSet({ rollingUpdateType: "InPlaceIfPossible" }), nodes(3)).until(ready(3));
    w.settle();
    const uids = w.pods.map((p) => p.metadata.uid).sort();
    const hash = status(w).daemonSetHash;
    w.edit(image("agent:2"));
    w.until((x) => status(x).daemonSetHash !== hash && updatedNodes(x).length === 3 && status(x).numberReady === 3);
    expect(w.pods.map((p) => p.metadata.uid).sort()).toEqual(uids);
    expect(w.events.filter((e) => e.startsWith("SuccessfulUpdatePodInPlace"))).toHaveLength(3);
  });

  it("paused: nothing moves until resumed", () => {
    const w = world(daemonSet({ paused: true }), nodes(2)).until(ready(2));
    w.edit(image("agent:2"));
    w.settle();
    expect(updatedNodes(w)).toEqual([]);
    w.edit(strategy({ paused: false }));
    w.until((x) => updatedNodes(x).length === 2);
  });

  it("the preDelete hook keeps a replaced pod in PreparingDelete until its finalizer goes", () => {
    const hook = { preDelete: { finalizersHandler: ["example.com/flush"] } };
    const w = world(daemonSet({}, { lifecycle: hook }), nodes(1)).until(ready(1));
    w.pods = w.pods.map((p) => ({ ...p, metadata: { ...p.metadata, finalizers: ["example.com/flush"] } }));
    w.edit(image("agent:2"));
    w.step();
    w.step();
    expect(w.pods[0].metadata.labels?.["lifecycle.apps.kruise.io/state"]).toBe("PreparingDelete");
    w.pods = w.pods.map((p) => ({ ...p, metadata: { ...p.metadata, finalizers: [] } }));
    w.until((x) => updatedNodes(x).length === 1);
  });

  it("which node goes first is not decided by Kruise: the seeded order picks different nodes for different seeds", () => {
    const first = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const w = world(daemonSet(), nodes(4), seed).until(ready(4));
      w.settle();
      w.edit(image("agent:2"));
      w.until((x) => x.events.some((e) => e.startsWith("SuccessfulDelete")));
      first.add(w.events.find((e) => e.startsWith("SuccessfulDelete"))!);
    }
    expect(first.size).toBeGreaterThan(1);
  });
});
