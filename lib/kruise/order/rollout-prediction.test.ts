import { describe, expect, it } from "vitest";
import { newControllerRevision } from "../revision/revision";
import { predictPartition, predictRollback } from "./change-prediction";
import { possibleFates, type RolloutPrediction } from "./rollout-prediction";
import type { CloneSet, CloneSetUpdateStrategy, Pod } from "../../k8s/objects";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const COUNTS = { readyReplicas: 0, availableReplicas: 0, updatedReplicas: 0, updatedReadyReplicas: 0 };

function template(image: string, env?: string) {
  return {
    metadata: { labels: { app: "web" } },
    spec: { containers: [{ name: "app", image, ...(env ? { env: [{ name: "X", value: env }] } : {}) }] },
  };
}

function cloneSet(replicas: number, strategy: CloneSetUpdateStrategy, image = "nginx:2", env?: string): CloneSet {
  return {
    metadata: { name: "web", namespace: "shop", uid: "cs-uid", generation: 2 },
    spec: {
      replicas,
      selector: { matchLabels: { app: "web" } },
      template: template(image, env),
      updateStrategy: strategy,
    },
  };
}

const v1 = newControllerRevision(cloneSet(1, {}, "nginx:1"), 1);
const v2 = newControllerRevision(cloneSet(1, {}, "nginx:2"), 2);
const v2env = newControllerRevision(cloneSet(1, {}, "nginx:1", "on"), 2);
const name = (r: typeof v1) => r.metadata.name!;

function withStatus(cs: CloneSet, current: string, update: string): CloneSet {
  return {
    ...cs,
    status: { ...COUNTS, replicas: cs.spec.replicas ?? 1, currentRevision: current, updateRevision: update },
  };
}

interface P {
  rev?: string;
  readyAt?: string;
  node?: string;
  ready?: boolean;
}
function pod(i: number, o: P = {}): Pod {
  const ready = o.ready ?? true;
  return {
    metadata: {
      name: `web-${i}`,
      uid: `uid-${i}`,
      creationTimestamp: "2026-11-22T10:00:00Z",
      labels: { app: "web", "controller-revision-hash": o.rev ?? name(v1) },
    },
    spec: { containers: [{ name: "app", image: "nginx:1" }], nodeName: o.node ?? `node-${i}` },
    status: {
      phase: "Running",
      conditions: [
        { type: "Ready", status: ready ? "True" : "False", lastTransitionTime: o.readyAt ?? "2026-11-22T11:00:00Z" },
      ],
      containerStatuses: [{ name: "app", image: "nginx:1", imageID: "x", ready, restartCount: 0 }],
    },
  };
}
const pods = (n: number, o: (i: number) => P = () => ({})) => Array.from({ length: n }, (_, i) => pod(i, o(i)));
const readyAt = (i: number) => `2026-11-22T11:${String(10 + i).padStart(2, "0")}:00Z`;

/** How many pods may meet each fate, summed over exact pods and groups (min..max). */
function tally(p: RolloutPrediction) {
  const out: Record<string, [number, number]> = {};
  for (const e of p.exact) out[e.fate] = [(out[e.fate]?.[0] ?? 0) + 1, (out[e.fate]?.[1] ?? 0) + 1];
  for (const g of p.groups)
    for (const [f, r] of Object.entries(g.counts)) out[f] = [(out[f]?.[0] ?? 0) + r!.min, (out[f]?.[1] ?? 0) + r!.max];
  return out;
}

describe("partition rounds under maxSurge: surge pods, the real per-pass budget, old pods deleted rather than updated", () => {
  it("maxSurge with ReCreate: 2 surge pods, old pods recreated two at a time (maxUnavailable 0 + 2 surge pods), the last 2 deleted", () => {
    const cs = withStatus(
      cloneSet(10, { type: "ReCreate", maxUnavailable: 0, maxSurge: 2, partition: 10 }),
      name(v1),
      name(v2),
    );
    const p = predictPartition(cs, pods(10), [v1, v2], 0, NOW);
    expect([p.surge, p.perPass, p.maxUnavailable]).toEqual([2, 2, 0]);
    expect(p.created).toEqual({ min: 10, max: 10 });
    expect(tally(p)).toEqual({ recreate: [8, 8], deleted: [2, 2] });
    expect(p.passes[0]).toEqual({ action: "create", pods: [name(v2), name(v2)] });
    expect(p.passes.filter((x) => x.action === "recreate").map((x) => x.pods.length)).toEqual([2, 2, 2, 2]);
  });

  it("maxSurge with InPlaceIfPossible (7 pods, 20 % / 30 %): 2 surge pods, 5 in place (at most 4 in a pass), 2 old pods deleted instead of updated", () => {
    const cs = withStatus(
      cloneSet(7, { type: "InPlaceIfPossible", maxSurge: "20%", maxUnavailable: "30%", partition: 7 }),
      name(v1),
      name(v2),
    );
    const p = predictPartition(cs, pods(7), [v1, v2], 0, NOW);
    expect([p.surge, p.perPass]).toEqual([2, 4]);
    expect(tally(p)).toEqual({ "in-place": [5, 5], deleted: [2, 2] });
    expect(p.groups).toHaveLength(1); // the 7 pods tie on every key: one group
    expect(p.passes.map((x) => [x.action, x.pods.length])).toEqual([
      ["create", 2],
      ["in-place", 4],
      ["delete", 1],
      ["in-place", 1],
      ["delete", 1],
    ]);
  });

  it("with distinct Ready times the first 4 in Kruise's order are named exactly; which of the next two is updated or deleted depends on when the surge pods are ready, said as a group", () => {
    const cs = withStatus(
      cloneSet(7, { type: "InPlaceIfPossible", maxSurge: "20%", maxUnavailable: "30%", partition: 7 }),
      name(v1),
      name(v2),
    );
    const p = predictPartition(
      cs,
      pods(7, (i) => ({ readyAt: readyAt(i) })),
      [v1, v2],
      0,
      NOW,
    );
    // Ready most recently first: web-6, web-5, web-4, web-3 go in place whatever happens; web-0, Ready longest, is
    // deleted. If the surge pods are ready before the first update pass, web-2 (first in the scale-in order of the
    // 3 left) is deleted and web-1 updated; if not, the update passes reach web-2 first and web-1 is deleted.
    const exact = (fate: string) =>
      p.exact
        .filter((e) => e.fate === fate)
        .map((e) => e.pod.name)
        .sort();
    expect(exact("in-place")).toEqual(["web-3", "web-4", "web-5", "web-6"]);
    expect(exact("deleted")).toEqual(["web-0"]);
    expect(p.groups).toHaveLength(1);
    expect(p.groups[0].of.map((x) => x.name).sort()).toEqual(["web-1", "web-2"]);
    expect(p.groups[0].counts).toEqual({ "in-place": { min: 1, max: 1 }, deleted: { min: 1, max: 1 } });
  });

  it("a partition with surge updates only the partition's share; the surge pods go again at the end", () => {
    const cs = withStatus(
      cloneSet(10, { type: "InPlaceIfPossible", maxUnavailable: 0, maxSurge: 1, partition: 10 }),
      name(v1),
      name(v2),
    );
    const p = predictPartition(cs, pods(10), [v1, v2], 7, NOW);
    expect(p.surge).toBe(1);
    const t = tally(p);
    expect(t.kept).toEqual([7, 7]);
    expect((t["in-place"]?.[0] ?? 0) + (t.deleted?.[0] ?? 0)).toBe(3);
  });

  it("InPlaceOnly with a change that cannot go in place: Kruise stops with its error and nothing moves", () => {
    const cs = withStatus(cloneSet(3, { type: "InPlaceOnly", partition: 3 }, "nginx:1", "on"), name(v1), name(v2env));
    const p = predictPartition(cs, pods(3), [v1, v2env], 0, NOW);
    expect(p.error).toMatch(/InPlaceOnly but can not update in-place/);
    expect(tally(p)).toEqual({ kept: [3, 3] });
  });

  it("InPlaceIfPossible with a change that cannot go in place recreates the pods", () => {
    const cs = withStatus(
      cloneSet(3, { type: "InPlaceIfPossible", maxUnavailable: 1, partition: 3 }, "nginx:1", "on"),
      name(v1),
      name(v2env),
    );
    expect(tally(predictPartition(cs, pods(3), [v1, v2env], 0, NOW))).toEqual({ recreate: [3, 3] });
  });
});

describe("rollback prediction: exactly the pods off the target revision move", () => {
  it("8 of 10 pods already on the target and 2 failing on a newer revision: only the 2 are updated in place, the 8 are not touched", () => {
    const cs = withStatus(cloneSet(10, { type: "InPlaceIfPossible", partition: 0 }), name(v2), name(v2));
    const live = pods(10, (i) => (i < 2 ? { rev: name(v2), ready: false } : {}));
    const p = predictRollback(cs, live, [v1, v2], v1, NOW);
    expect(p.target).toBe(name(v1));
    expect(p.offTarget.map((x) => x.name)).toEqual(["web-0", "web-1"]);
    expect(p.groups).toEqual([]);
    expect(p.exact.filter((e) => e.fate === "in-place").map((e) => e.pod.name)).toEqual(["web-0", "web-1"]);
    expect(p.exact.filter((e) => e.fate === "kept")).toHaveLength(8);
  });

  it("a partition keeps its share of the pods off the target where they are", () => {
    const cs = withStatus(cloneSet(10, { type: "InPlaceIfPossible", partition: 3 }), name(v1), name(v2));
    const live = pods(10, (i) => (i < 7 ? { rev: name(v2) } : {}));
    const p = predictRollback(cs, live, [v1, v2], v1, NOW);
    expect(tally(p)).toEqual({ kept: [6, 6], "in-place": [4, 4] });
    for (const x of ["web-7", "web-8", "web-9"]) expect(possibleFates(p, x)).toEqual(["kept"]);
  });

  it("pods whose change from their own revision cannot go in place are recreated", () => {
    const cs = withStatus(cloneSet(4, { type: "InPlaceIfPossible", maxUnavailable: 1 }), name(v2env), name(v2env));
    const live = pods(4, () => ({ rev: name(v2env) }));
    expect(tally(predictRollback(cs, live, [v1, v2env], v1, NOW))).toEqual({ recreate: [4, 4] });
  });
});
