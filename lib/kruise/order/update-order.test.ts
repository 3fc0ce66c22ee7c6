import { describe, expect, it } from "vitest";
import {
  compareActivePods,
  limitUpdateIndexes,
  prioritySort,
  scatterSort,
  sortUpdateIndexes,
  updateCandidates,
} from "./update-order";
import type { CloneSet, Pod, UpdatePriorityStrategy } from "../../k8s/objects";

interface P {
  name: string;
  node?: string;
  phase?: string;
  ready?: string | false;
  restarts?: number;
  created?: string;
  labels?: Record<string, string>;
}
function pod(p: P): Pod {
  const conditions =
    p.ready === undefined || p.ready === false
      ? []
      : [{ type: "Ready", status: "True", lastTransitionTime: p.ready || undefined }];
  return {
    metadata: { name: p.name, labels: p.labels ?? {}, creationTimestamp: p.created ?? "2026-01-01T00:00:00Z" },
    spec: { containers: [{ name: "c" }], nodeName: p.node ?? "n1" },
    status: {
      phase: p.phase ?? "Running",
      conditions,
      containerStatuses: [{ name: "c", image: "i", imageID: "x", ready: true, restartCount: p.restarts ?? 0 }],
    },
  };
}
const order = (pods: Pod[], idx: number[]) => idx.map((i) => pods[i].metadata.name);
const sorted = (pods: Pod[]) => [...pods].sort(compareActivePods).map((p) => p.metadata.name);

describe("default update order (k8s ActivePods.Less, §4.1 step 1)", () => {
  it("unscheduled pods go before scheduled ones", () => {
    expect(sorted([pod({ name: "a" }), pod({ name: "b", node: "" })])).toEqual(["b", "a"]);
  });
  it("Pending < Unknown < Running", () => {
    expect(
      sorted([pod({ name: "r" }), pod({ name: "u", phase: "Unknown" }), pod({ name: "p", phase: "Pending" })]),
    ).toEqual(["p", "u", "r"]);
  });
  it("not-ready pods go before ready ones", () => {
    expect(sorted([pod({ name: "ready", ready: "2026-01-01T00:00:01Z" }), pod({ name: "notready" })])).toEqual([
      "notready",
      "ready",
    ]);
  });
  it("among ready pods the one that became ready more recently goes first", () => {
    expect(
      sorted([
        pod({ name: "old", ready: "2026-01-01T00:00:01Z" }),
        pod({ name: "recent", ready: "2026-01-01T00:05:00Z" }),
      ]),
    ).toEqual(["recent", "old"]);
  });
  it("more container restarts go first, then newer pods", () => {
    expect(sorted([pod({ name: "calm" }), pod({ name: "crashy", restarts: 3 })])).toEqual(["crashy", "calm"]);
    expect(
      sorted([
        pod({ name: "older", created: "2026-01-01T00:00:00Z" }),
        pod({ name: "newer", created: "2026-02-01T00:00:00Z" }),
      ]),
    ).toEqual(["newer", "older"]);
  });
});

describe("priorityStrategy (updatesort/priority_sort.go)", () => {
  const pods = [
    pod({ name: "p0", labels: { tier: "web" } }),
    pod({ name: "p1", labels: { tier: "db" } }),
    pod({ name: "p2", labels: { tier: "web", canary: "true" } }),
  ];
  it("weightPriority: higher summed weight first", () => {
    const s: UpdatePriorityStrategy = {
      weightPriority: [
        { weight: 50, matchSelector: { matchLabels: { tier: "web" } } },
        { weight: 10, matchSelector: { matchLabels: { canary: "true" } } },
      ],
    };
    expect(order(pods, prioritySort(s, pods, [0, 1, 2]))).toEqual(["p2", "p0", "p1"]);
  });
  it("orderPriority: trailing integer of the value orders within a level, higher first; pods without any key go first", () => {
    const ps = [
      pod({ name: "a", labels: { rank: "sts-2" } }),
      pod({ name: "b", labels: { rank: "sts-10" } }),
      pod({ name: "none" }),
    ];
    expect(order(ps, prioritySort({ orderPriority: [{ orderedKey: "rank" }] }, ps, [0, 1, 2]))).toEqual([
      "none",
      "b",
      "a",
    ]);
  });
  it("orderPriority: the first listed key decides the level", () => {
    const ps = [pod({ name: "second", labels: { b: "1" } }), pod({ name: "first", labels: { a: "1", b: "9" } })];
    expect(order(ps, prioritySort({ orderPriority: [{ orderedKey: "a" }, { orderedKey: "b" }] }, ps, [0, 1]))).toEqual([
      "first",
      "second",
    ]);
  });
});

describe("scatterStrategy (updatesort/scatter_sort.go)", () => {
  it("docs example: 10 pods with 3 labelled are spread to positions 1, 6 and 10", () => {
    const pods = Array.from({ length: 10 }, (_, i) => pod({ name: `p${i}`, labels: i < 3 ? { zone: "a" } : {} }));
    const out = order(
      pods,
      scatterSort(
        [{ key: "zone", value: "a" }],
        pods,
        pods.map((_, i) => i),
      ),
    );
    expect(out).toEqual(["p0", "p3", "p4", "p5", "p6", "p1", "p7", "p8", "p9", "p2"]);
  });
  it("leaves the order alone when at most one candidate matches", () => {
    const pods = Array.from({ length: 4 }, (_, i) => pod({ name: `p${i}`, labels: i === 3 ? { zone: "a" } : {} }));
    expect(scatterSort([{ key: "zone", value: "a" }], pods, [0, 1, 2, 3])).toEqual([0, 1, 2, 3]);
  });
});

describe("sortUpdateIndexes puts PreparingUpdate pods first", () => {
  it("a pod already waiting on its inPlaceUpdate hook is updated before others", () => {
    const pods = [
      pod({ name: "a", node: "" }),
      pod({ name: "b", labels: { "lifecycle.apps.kruise.io/state": "PreparingUpdate" } }),
    ];
    expect(order(pods, sortUpdateIndexes({}, pods, [0, 1]))).toEqual(["b", "a"]);
  });
});

describe("limitUpdateIndexes (sync/cloneset_update.go, §3.6)", () => {
  const cs = { spec: { selector: {}, template: {} } } as Pick<CloneSet, "spec">;
  const mk = (name: string, rev: string, ready: boolean) =>
    ({
      ...pod({ name, ready: ready ? "2026-01-01T00:00:00Z" : false }),
      metadata: { name, labels: { "controller-revision-hash": rev } },
    }) as Pod;

  it("updates at most maxUnavailable available pods at once", () => {
    const pods = Array.from({ length: 10 }, (_, i) => mk(`p${i}`, "old", true));
    expect(
      limitUpdateIndexes(
        cs,
        pods,
        pods.map((_, i) => i),
        3,
        2,
        "new",
        0,
      ),
    ).toHaveLength(2);
  });
  it("unavailable pods of the target revision consume the budget", () => {
    const pods = [mk("n0", "new", false), ...Array.from({ length: 9 }, (_, i) => mk(`p${i}`, "old", true))];
    expect(limitUpdateIndexes(cs, pods, [1, 2, 3], 3, 2, "new", 0)).toHaveLength(1);
  });
  it("updating an already-unavailable old pod does not consume budget", () => {
    const pods = [mk("o0", "old", false), mk("o1", "old", false), mk("o2", "old", true)];
    expect(limitUpdateIndexes(cs, pods, [0, 1, 2], 3, 2, "new", 0)).toEqual([0, 1]);
  });
});

describe("updateCandidates", () => {
  it("skips pods on the update revision, in PreparingDelete or still in an in-place grace period", () => {
    const pods: Pod[] = [
      { metadata: { name: "a", labels: { "controller-revision-hash": "cs-old" } }, spec: { containers: [] } },
      { metadata: { name: "b", labels: { "controller-revision-hash": "cs-new" } }, spec: { containers: [] } },
      {
        metadata: {
          name: "c",
          labels: { "controller-revision-hash": "cs-old", "lifecycle.apps.kruise.io/state": "PreparingDelete" },
        },
        spec: { containers: [] },
      },
      {
        metadata: {
          name: "d",
          labels: { "controller-revision-hash": "cs-old" },
          annotations: { "apps.kruise.io/inplace-update-grace": "{}" },
        },
        spec: { containers: [] },
      },
    ];
    expect(updateCandidates(pods, "cs-new", true)).toEqual([0]);
    expect(updateCandidates(pods, "cs-new", false)).toEqual([1]);
  });
});

describe("priorityStrategy is a stable re-sort (sort.SliceStable)", () => {
  it("pods with equal priority keep the order they came in, whatever their index in the pod list", () => {
    const ps = [pod({ name: "a" }), pod({ name: "b" }), pod({ name: "c", labels: { tier: "web" } })];
    const s: UpdatePriorityStrategy = {
      weightPriority: [{ weight: 5, matchSelector: { matchLabels: { tier: "web" } } }],
    };
    expect(order(ps, prioritySort(s, ps, [0, 1, 2]))).toEqual(["c", "a", "b"]);
    expect(order(ps, prioritySort(s, ps, [1, 0, 2]))).toEqual(["c", "b", "a"]);
  });
});
