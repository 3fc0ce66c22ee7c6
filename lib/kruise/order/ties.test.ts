import { describe, expect, it } from "vitest";
import { deletionTie, sortForDeletion } from "./deletion-order";
import { possibleMembers, shuffled, sliceWithTies, tieClasses } from "./ties";
import { sortUpdateIndexes, updateTie } from "./update-order";
import type { CloneSetUpdateStrategy, Pod } from "../../k8s/objects";

interface P {
  name: string;
  created?: string;
  readyAt?: string | false;
  restarts?: number;
  state?: string;
  labels?: Record<string, string>;
  node?: string;
}
function pod(p: P): Pod {
  return {
    metadata: {
      name: p.name,
      uid: p.name,
      creationTimestamp: p.created ?? "2026-01-01T00:00:00Z",
      labels: { ...(p.labels ?? {}), ...(p.state ? { "lifecycle.apps.kruise.io/state": p.state } : {}) },
    },
    spec: { containers: [{ name: "c" }], nodeName: p.node ?? `node-${p.name}` },
    status: {
      phase: "Running",
      conditions:
        p.readyAt === false
          ? [{ type: "Ready", status: "False" }]
          : [{ type: "Ready", status: "True", lastTransitionTime: p.readyAt ?? "2026-01-01T00:01:00Z" }],
      containerStatuses: [{ name: "c", image: "i", imageID: "x", ready: true, restartCount: p.restarts ?? 0 }],
    },
  };
}

/** Tie groups of the update order, as sets of names. */
function updateGroups(pods: Pod[], strategy: CloneSetUpdateStrategy = {}): string[][] {
  const ordered = sortUpdateIndexes(
    strategy,
    pods,
    pods.map((_, i) => i),
  ).map((i) => pods[i]);
  const cls = tieClasses(ordered, updateTie(strategy));
  const out = new Map<number, string[]>();
  ordered.forEach((p, i) => out.set(cls[i], [...(out.get(cls[i]) ?? []), p.metadata.name!]));
  return [...out.values()];
}

describe("tie groups of the update order (ActivePods keys, one-second times)", () => {
  it("pods created and made Ready in the same second tie", () => {
    expect(updateGroups([pod({ name: "a" }), pod({ name: "b" }), pod({ name: "c" })])).toEqual([["a", "b", "c"]]);
  });
  it("times in the same second tie even when the milliseconds differ", () => {
    const pods = [
      pod({ name: "a", readyAt: "2026-01-01T00:01:00.100Z" }),
      pod({ name: "b", readyAt: "2026-01-01T00:01:00.900Z" }),
    ];
    expect(updateGroups(pods)).toEqual([["a", "b"]]);
  });
  it("a later Ready second decides the order: more recently Ready first", () => {
    const pods = [pod({ name: "a" }), pod({ name: "b", readyAt: "2026-01-01T00:01:01Z" })];
    expect(updateGroups(pods)).toEqual([["b"], ["a"]]);
  });
  it("readiness decides: not-ready pods first, whatever their times", () => {
    expect(updateGroups([pod({ name: "a" }), pod({ name: "b", readyAt: false })])).toEqual([["b"], ["a"]]);
  });
  it("restart counts decide when the times tie", () => {
    expect(updateGroups([pod({ name: "a" }), pod({ name: "b", restarts: 1 })])).toEqual([["b"], ["a"]]);
  });
  it("a newer creation second decides when Ready times and restarts tie", () => {
    expect(updateGroups([pod({ name: "a" }), pod({ name: "b", created: "2026-01-01T00:00:01Z" })])).toEqual([
      ["b"],
      ["a"],
    ]);
  });
  it("PreparingUpdate pods come first and tie only among themselves", () => {
    const pods = [
      pod({ name: "a" }),
      pod({ name: "b", state: "PreparingUpdate" }),
      pod({ name: "c", state: "PreparingUpdate" }),
    ];
    expect(updateGroups(pods)).toEqual([["b", "c"], ["a"]]);
  });
  it("other lifecycle states are not a key: an Updated pod ties with a Normal one", () => {
    expect(updateGroups([pod({ name: "a", state: "Normal" }), pod({ name: "b", state: "Updated" })])).toEqual([
      ["a", "b"],
    ]);
  });
  it("priority weights keep their own ties: equal weights tie, different weights decide", () => {
    const s: CloneSetUpdateStrategy = {
      priorityStrategy: { weightPriority: [{ weight: 10, matchSelector: { matchLabels: { canary: "yes" } } }] },
    };
    const pods = [
      pod({ name: "a" }),
      pod({ name: "b", labels: { canary: "yes" } }),
      pod({ name: "c", labels: { canary: "yes" } }),
    ];
    expect(updateGroups(pods, s)).toEqual([["b", "c"], ["a"]]);
  });
  it("a scatter term splits a tie group by whether pods match it", () => {
    const s: CloneSetUpdateStrategy = { scatterStrategy: [{ key: "zone", value: "a" }] };
    const pods = ["p0", "p1", "p2", "p3", "p4", "p5"].map((n, i) =>
      pod({ name: n, labels: i < 3 ? { zone: "a" } : {} }),
    );
    expect(updateGroups(pods, s).map((g) => g.sort())).toEqual([
      ["p0", "p1", "p2"],
      ["p3", "p4", "p5"],
    ]);
  });
});

describe("slices of an order with ties ('k of these n')", () => {
  const ordered = ["x", "a", "b", "c", "d"];
  const cls = tieClasses(ordered, (p, q) => p !== "x" && q !== "x");
  it("a pod whose whole group is inside the slice is named exactly", () => {
    expect(sliceWithTies(ordered, cls, 0, 1)).toEqual({ exact: ["x"], ties: [] });
    expect(sliceWithTies(ordered, cls, 0, 5)).toEqual({ exact: ordered, ties: [] });
  });
  it("a group cut by the slice edge becomes 'count of these n'", () => {
    expect(sliceWithTies(ordered, cls, 0, 3)).toEqual({
      exact: ["x"],
      ties: [{ count: 2, of: ["a", "b", "c", "d"], earlier: 0 }],
    });
    expect(sliceWithTies(ordered, cls, 3, 4).ties).toEqual([{ count: 1, of: ["a", "b", "c", "d"], earlier: 2 }]);
  });
  it("the possible members of a slice are its exact pods and whole tie groups", () => {
    expect(possibleMembers(sliceWithTies(ordered, cls, 0, 2)).sort()).toEqual(["a", "b", "c", "d", "x"]);
  });
});

describe("a random start order only ever changes places inside a tie group", () => {
  it("every shuffled sort picks its first 3 from the previewed group, and the decided pods always", () => {
    const pods = [
      ...["a", "b", "c", "d", "e", "f"].map((n) => pod({ name: n })),
      pod({ name: "late", readyAt: "2026-01-01T00:02:00Z" }),
    ];
    const canon = sortUpdateIndexes(
      {},
      pods,
      pods.map((_, i) => i),
    ).map((i) => pods[i]);
    const slice = sliceWithTies(canon, tieClasses(canon, updateTie({})), 0, 3);
    expect(slice.exact.map((p) => p.metadata.name)).toEqual(["late"]);
    const allowed = new Set(possibleMembers(slice).map((p) => p.metadata.name));
    const firsts = new Set<string>();
    let seed = 1;
    const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let k = 0; k < 40; k++) {
      const got = sortUpdateIndexes(
        {},
        pods,
        pods.map((_, i) => i),
        rand,
      )
        .slice(0, 3)
        .map((i) => pods[i].metadata.name!);
      expect(got[0]).toBe("late");
      for (const n of got) expect(allowed.has(n)).toBe(true);
      firsts.add(got[1]);
    }
    expect(firsts.size).toBeGreaterThan(1); // ties really are broken differently
  });
  it("shuffled keeps every element", () => {
    expect(shuffled([1, 2, 3, 4], () => 0.5).sort()).toEqual([1, 2, 3, 4]);
  });
});

describe("tie groups of the scale-in order", () => {
  const opts = { minReadySeconds: 0, now: 0 };
  it("pods on separate nodes with equal keys tie; a deletion cost decides", () => {
    const pods = [pod({ name: "a" }), pod({ name: "b" }), pod({ name: "cheap" })];
    pods[2].metadata.annotations = { "controller.kubernetes.io/pod-deletion-cost": "-1" };
    const ordered = sortForDeletion(pods, opts);
    const cls = tieClasses(ordered, deletionTie(opts, pods), false);
    expect(ordered[0].metadata.name).toBe("cheap");
    expect(sliceWithTies(ordered, cls, 0, 2).ties.map((g) => g.of.map((p) => p.metadata.name))).toEqual([["a", "b"]]);
  });
  it("pods sharing a node tie although the node ranker gave them different ranks", () => {
    const pods = [pod({ name: "a", node: "n1" }), pod({ name: "b", node: "n1" })];
    const ordered = sortForDeletion(pods, opts);
    expect(tieClasses(ordered, deletionTie(opts, pods), false)).toEqual([0, 0]);
  });
  it("an unavailable pod (lifecycle Updating) is decided: it goes first", () => {
    const pods = [pod({ name: "a" }), pod({ name: "b", state: "Updating" })];
    const ordered = sortForDeletion(pods, opts);
    expect(ordered.map((p) => p.metadata.name)).toEqual(["b", "a"]);
    expect(tieClasses(ordered, deletionTie(opts, pods), false)).toEqual([0, 1]);
  });
});
