import { describe, expect, it } from "vitest";
import { predictScaleIn } from "./scale-in";
import type { CloneSet, Pod } from "../../k8s/objects";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const COUNTS = { readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0 };
const OLD = "web-old111",
  NEW = "web-new222";

interface P {
  rev?: string;
  node?: string;
  ready?: boolean;
  phase?: string;
  readyAt?: string;
  cost?: string;
  labels?: Record<string, string>;
}
function pod(i: number, o: P = {}): Pod {
  const ready = o.ready ?? true;
  return {
    metadata: {
      name: `web-${i}`,
      uid: `uid-${i}`,
      creationTimestamp: "2026-11-22T10:00:00Z",
      labels: { app: "web", "controller-revision-hash": o.rev ?? NEW, ...o.labels },
      annotations: o.cost ? { "controller.kubernetes.io/pod-deletion-cost": o.cost } : {},
    },
    spec: { containers: [{ name: "app", image: "nginx" }], nodeName: o.node ?? `node-${i}` },
    status: {
      phase: o.phase ?? "Running",
      conditions: [
        { type: "Ready", status: ready ? "True" : "False", lastTransitionTime: o.readyAt ?? "2026-11-22T11:00:00Z" },
      ],
      containerStatuses: [{ name: "app", image: "nginx", imageID: "x", ready, restartCount: 0 }],
    },
  };
}
function cloneSet(replicas: number, extra: Partial<CloneSet["spec"]> = {}, current = NEW): CloneSet {
  return {
    metadata: { name: "web", namespace: "shop", generation: 1 },
    spec: {
      replicas,
      selector: { matchLabels: { app: "web" } },
      template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx" }] } },
      updateStrategy: { type: "InPlaceIfPossible" },
      ...extra,
    },
    status: { ...COUNTS, replicas, updateRevision: NEW, currentRevision: current },
  };
}
const names = (xs: { name: string }[]) => xs.map((x) => x.name);
const ties = (p: ReturnType<typeof predictScaleIn>) => p.chosen.ties.map((g) => ({ count: g.count, of: names(g.of) }));

describe("scale-in prediction: the pods Kruise deletes, in its order (cloneset_scale.go, utils/pod_sorter.go, §4.2)", () => {
  it("podsToDelete and the specified-delete label go first, then the least valuable of the rest", () => {
    const cs = cloneSet(6, { scaleStrategy: { podsToDelete: ["web-4"] } });
    const live = [0, 1, 2, 3, 4, 5].map((i) =>
      pod(i, i === 2 ? { labels: { "apps.kruise.io/specified-delete": "true" } } : i === 0 ? { ready: false } : {}),
    );
    const p = predictScaleIn(cs, live, 3, NOW);
    expect(names(p.specified).sort()).toEqual(["web-2", "web-4"]);
    expect(names(p.chosen.exact)).toEqual(["web-0"]); // not ready: first of the rest
    expect(p.deleteCount).toBe(3);
    expect(p.replacements).toBe(0);
  });

  it("unassigned, then Pending, then not ready pods go before ready ones", () => {
    const live = [
      pod(0),
      pod(1, { node: "" }),
      pod(2, { phase: "Pending", ready: false }),
      pod(3, { ready: false }),
      pod(4),
    ];
    const p = predictScaleIn(cloneSet(5), live, 2, NOW);
    expect(names(p.chosen.exact)).toEqual(["web-1", "web-2", "web-3"]);
  });

  it("old-revision pods go before update-revision pods", () => {
    const live = [pod(0), pod(1, { rev: OLD }), pod(2), pod(3, { rev: OLD })];
    const p = predictScaleIn(cloneSet(4, {}, OLD), live, 2, NOW);
    expect(names(p.chosen.exact).sort()).toEqual(["web-1", "web-3"]);
  });

  it("a partition keeps its old pods: the scale-in takes update-revision pods instead", () => {
    const live = [pod(0), pod(1, { rev: OLD }), pod(2), pod(3, { rev: OLD })];
    const p = predictScaleIn(cloneSet(4, { updateStrategy: { partition: 2 } }, OLD), live, 2, NOW);
    expect(names(p.chosen.exact).sort()).toEqual(["web-0", "web-2"]);
  });

  it("a lower pod-deletion-cost goes first; a crowded node gives up a pod before a node with one", () => {
    const cost = predictScaleIn(
      cloneSet(3),
      [pod(0, { cost: "10" }), pod(1, { cost: "-1" }), pod(2, { cost: "5" })],
      2,
      NOW,
    );
    expect(names(cost.chosen.exact)).toEqual(["web-1"]);
    // web-2 was Ready more recently than the two on node a: only the node's crowding puts one of them first.
    const crowd = predictScaleIn(
      cloneSet(3),
      [pod(0, { node: "a" }), pod(1, { node: "a" }), pod(2, { node: "b", readyAt: "2026-11-22T11:30:00Z" })],
      2,
      NOW,
    );
    expect(ties(crowd)).toEqual([{ count: 1, of: ["web-0", "web-1"] }]);
  });

  it("pods equal on every key are named as a group: 2 of these 3", () => {
    const live = [
      pod(0, { node: "a" }),
      pod(1, { node: "b" }),
      pod(2, { node: "c" }),
      pod(3, { node: "d", readyAt: "2026-11-22T10:00:00Z" }),
    ];
    const p = predictScaleIn(cloneSet(4), live, 2, NOW);
    expect(p.chosen.exact).toEqual([]);
    expect(ties(p)).toEqual([{ count: 2, of: ["web-0", "web-1", "web-2"] }]);
  });

  it("pods specified without lowering replicas are replaced", () => {
    const p = predictScaleIn(
      cloneSet(3, { scaleStrategy: { podsToDelete: ["web-1"] } }),
      [pod(0), pod(1), pod(2)],
      3,
      NOW,
    );
    expect([p.deleteCount, p.replacements]).toEqual([1, 1]);
  });

  it("pods already in PreparingDelete count as leaving; the preDelete hook is said", () => {
    const hook = { labelsHandler: { "example.com/drain": "true" } };
    const live = [
      pod(0, { labels: { "lifecycle.apps.kruise.io/state": "PreparingDelete", "example.com/drain": "true" } }),
      pod(1, { labels: { "example.com/drain": "true" } }),
      pod(2),
    ];
    const p = predictScaleIn(cloneSet(3, { lifecycle: { preDelete: hook } }), live, 1, NOW);
    expect(names(p.leaving)).toEqual(["web-0"]);
    expect(p.deleteCount).toBe(1);
    expect(p.notes.join(" ")).toMatch(/PreparingDelete/);
  });
});
