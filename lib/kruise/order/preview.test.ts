import { describe, expect, it } from "vitest";
import { parseLimitInput, parsePartitionInput } from "./preview-input";
import { previewLimits } from "./preview-limits";
import { partitionPresets, previewPartition } from "./preview";
import type { CloneSet, Pod } from "../../k8s/objects";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const OLD = "web-old111",
  NEW = "web-new222";

function pod(i: number, o: { rev?: string; readyAt?: string; ready?: boolean; restarts?: number } = {}): Pod {
  const ready = o.ready ?? true;
  return {
    metadata: {
      name: `web-${String(i).padStart(2, "0")}`,
      uid: `uid-${i}`,
      creationTimestamp: "2026-11-22T10:00:00Z",
      labels: { app: "web", "controller-revision-hash": o.rev ?? OLD },
    },
    spec: { containers: [{ name: "app", image: "nginx:1" }], nodeName: "node-1" },
    status: {
      phase: "Running",
      conditions: [
        { type: "Ready", status: ready ? "True" : "False", lastTransitionTime: o.readyAt ?? "2026-11-22T11:00:00Z" },
      ],
      containerStatuses: [{ name: "app", image: "nginx:1", imageID: "", ready, restartCount: o.restarts ?? 0 }],
    },
  };
}

function cloneSet(replicas: number, strategy: CloneSet["spec"]["updateStrategy"] = {}): CloneSet {
  return {
    metadata: { name: "web", namespace: "shop", generation: 2 },
    spec: {
      replicas,
      selector: { matchLabels: { app: "web" } },
      template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "app", image: "nginx:2" }] } },
      updateStrategy: { type: "InPlaceIfPossible", partition: replicas, ...strategy },
    },
    status: {
      replicas,
      readyReplicas: replicas,
      availableReplicas: replicas,
      updatedReplicas: 0,
      updatedReadyReplicas: 0,
      updateRevision: NEW,
      currentRevision: OLD,
    },
  };
}

const names = (ps: { name: string }[]) => ps.map((p) => p.name);
const tenPods = () => Array.from({ length: 10 }, (_, i) => pod(i));

describe("partition preview counts match Kruise's partitionReplicas / expectedUpdatedReplicas (§3.2)", () => {
  it.each([
    [10, 7, 7, 3],
    [10, "30%", 3, 7],
    [10, "15%", 2, 8],
    [10, "99%", 9, 1],
    [10, "100%", 10, 0],
    [5, "99.9%", 4, 1],
    [20, "1%", 1, 19],
    [2, "50%", 1, 1],
    [1, "50%", 1, 0],
    [1, "0%", 0, 1],
    [0, "50%", 0, 0],
  ] as const)("R=%s partition %s keeps %s old and updates %s", (r, partition, keep, update) => {
    const p = previewPartition(
      cloneSet(r),
      Array.from({ length: r }, (_, i) => pod(i)),
      partition,
      NOW,
    );
    expect([p.keepOld, p.toUpdate]).toEqual([keep, update]);
  });

  it("an integer partition at or above replicas updates nothing (the at-least-one rule is for percentages only)", () => {
    expect(previewPartition(cloneSet(5), tenPods().slice(0, 5), 5, NOW).toUpdate).toBe(0);
    expect(previewPartition(cloneSet(5), tenPods().slice(0, 5), "99%", NOW).toUpdate).toBe(1);
  });

  it("says that with one replica a non-zero percentage keeps the only pod old", () => {
    expect(previewPartition(cloneSet(1), [pod(0)], "50%", NOW).notes.join(" ")).toMatch(/one replica/);
  });
});

const exact = (p: { exact: { name: string }[] }) => names(p.exact);
const ties = (p: { ties: { count: number; of: { name: string }[]; earlier: number }[] }) =>
  p.ties.map((g) => ({ count: g.count, of: names(g.of), earlier: g.earlier }));

describe("which pods move, in what order, how many at a time (§3.6, §4.1)", () => {
  it("names the pods Kruise's order decides (most recently Ready first) and the rest as a tie group, in rounds of maxUnavailable", () => {
    const pods = tenPods().map((p, i) =>
      i === 4 ? pod(4, { readyAt: "2026-11-22T11:30:00Z" }) : i === 8 ? pod(8, { readyAt: "2026-11-22T11:20:00Z" }) : p,
    );
    const p = previewPartition(cloneSet(10), pods, 7, NOW);
    expect(p.moveCount).toBe(3);
    expect(exact(p.willMove)).toEqual(["web-04", "web-08"]);
    const others = ["web-00", "web-01", "web-02", "web-03", "web-05", "web-06", "web-07", "web-09"];
    expect(ties(p.willMove)).toEqual([{ count: 1, of: others, earlier: 0 }]);
    expect(p.perRound).toBe(2); // default maxUnavailable 20% of 10, rounded up
    expect(exact(p.rounds[0])).toEqual(["web-04", "web-08"]);
    expect(ties(p.rounds[1])).toEqual([{ count: 1, of: others, earlier: 0 }]);
  });

  it("pods created and made Ready in the same second form one tie group: 3 of these 10", () => {
    const p = previewPartition(cloneSet(10), tenPods(), 7, NOW);
    expect(p.willMove.exact).toEqual([]);
    expect(ties(p.willMove)).toEqual([
      { count: 3, of: names(tenPods().map((x) => ({ name: x.metadata.name! }))), earlier: 0 },
    ]);
    expect(p.rounds.map((r) => r.ties.map((g) => [g.count, g.earlier]))).toEqual([[[2, 0]], [[1, 2]]]);
  });

  it("Ready times that differ by less than a second still tie (the API stores seconds)", () => {
    const pods = tenPods().map((p, i) => (i === 3 ? pod(3, { readyAt: "2026-11-22T11:00:00.900Z" }) : p));
    expect(previewPartition(cloneSet(10), pods, 9, NOW).willMove.exact).toEqual([]);
  });

  it("not-ready pods go first; an unavailable old pod does not block its own update", () => {
    const pods = tenPods().map((p, i) => (i === 9 ? pod(9, { ready: false }) : p));
    const p = previewPartition(cloneSet(10, { maxUnavailable: 2 }), pods, 6, NOW);
    expect(exact(p.rounds[0])).toEqual(["web-09"]);
    expect(ties(p.rounds[0])).toEqual([{ count: 1, of: names(p.rounds[0].ties[0].of), earlier: 0 }]);
    expect(p.rounds[0].ties[0].of).toHaveLength(9);
  });

  it("more restarts decide the order even when every timestamp ties", () => {
    const pods = tenPods().map((p, i) => (i === 2 || i === 5 ? pod(i, { restarts: 2 }) : p));
    const p = previewPartition(cloneSet(10), pods, 8, NOW);
    expect(exact(p.willMove)).toEqual(["web-02", "web-05"]);
    expect(p.willMove.ties).toEqual([]);
  });

  it("counts pods already on the update revision and only moves the rest", () => {
    const pods = tenPods().map((p, i) => (i < 2 ? pod(i, { rev: NEW }) : p));
    const p = previewPartition(cloneSet(10), pods, 6, NOW);
    expect(p.alreadyUpdated).toBe(2);
    expect(p.moveCount).toBe(2);
    expect(names(p.willMove.ties[0].of)).not.toContain("web-00");
  });

  it("raising the partition moves nothing back and says so", () => {
    const pods = tenPods().map((p, i) => (i < 4 ? pod(i, { rev: NEW }) : p));
    const p = previewPartition(cloneSet(10), pods, 8, NOW);
    expect(p.moveCount).toBe(0);
    expect(p.notes.join(" ")).toMatch(/does not roll pods back/);
  });

  it("a paused rollout still previews its pods but warns nothing moves", () => {
    const p = previewPartition(cloneSet(10, { paused: true }), tenPods(), 7, NOW);
    expect(p.moveCount).toBe(3);
    expect(p.notes[0]).toMatch(/paused/);
  });

  it("maxUnavailable 0 with maxSurge 1: one surge pod first, maxUnavailable rounds down", () => {
    const p = previewPartition(cloneSet(4, { maxSurge: 1, maxUnavailable: "20%" }), tenPods().slice(0, 4), 2, NOW);
    expect([p.maxUnavailable, p.maxSurge]).toEqual([0, 1]);
    expect(p.notes.join(" ")).toMatch(/surge pod/);
  });

  it("maxSurge with maxUnavailable 0: the per-round budget is maxUnavailable plus the surge pods (2), not 0 (§3.8)", () => {
    const p = previewPartition(cloneSet(10, { type: "ReCreate", maxUnavailable: 0, maxSurge: 2 }), tenPods(), 0, NOW);
    expect([p.maxUnavailable, p.maxSurge, p.perRound]).toEqual([0, 2, 2]);
    expect(p.rounds.map((r) => r.ties.reduce((n, g) => n + g.count, r.exact.length))).toEqual([2, 2, 2, 2, 2]);
    expect(p.notes.join(" ")).toMatch(/2 surge pods .* some old pods are deleted rather than updated/);
  });

  it("hook-held pods count as held, not as next to move (PreparingUpdate with the hook's label still on)", () => {
    const hook = { labelsHandler: { "example.com/hold": "true" } };
    const held = (i: number, label: boolean) => {
      const p = pod(i);
      p.metadata.labels = {
        ...p.metadata.labels,
        "lifecycle.apps.kruise.io/state": "PreparingUpdate",
        ...(label ? { "example.com/hold": "true" } : {}),
      };
      return p;
    };
    const cs = { ...cloneSet(10), spec: { ...cloneSet(10).spec, lifecycle: { inPlaceUpdate: hook } } };
    const p = previewPartition(
      cs,
      tenPods().map((x, i) => (i === 6 ? held(6, true) : i === 7 ? held(7, false) : x)),
      7,
      NOW,
    );
    expect(names(p.willMove.held)).toEqual(["web-06"]);
    expect(exact(p.willMove)).not.toContain("web-06");
    expect(p.willMove.ties.flatMap((g) => names(g.of))).not.toContain("web-06");
    expect(p.notes.join(" ")).toMatch(/held by the in-place-update hook/);
  });

  it("presets are one canary pod, 25 %, 50 % and all", () => {
    expect(partitionPresets(10).map((p) => p.value)).toEqual([9, "75%", "50%", 0]);
  });
});

describe("partition input validation before sending", () => {
  it.each([
    ["-1", /negative/],
    ["120%", /above 100%/],
    ["abc", /neither a whole number/],
    ["", /empty/],
    ["2.5", /neither/],
  ])("refuses %j", (text, msg) => {
    const r = parsePartitionInput(text, 10);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(msg);
  });

  it("accepts a partition above replicas, as the webhook does, and says it freezes every pod (11 of 10)", () => {
    const r = parsePartitionInput("11", 10);
    expect(r).toMatchObject({ ok: true, value: 11 });
    if (r.ok) expect(r.note).toMatch(/above replicas \(10\): Kruise keeps every pod on its revision/);
    expect(previewPartition(cloneSet(10), tenPods(), 11, NOW)).toMatchObject({
      keepOld: 10,
      toUpdate: 0,
      moveCount: 0,
    });
  });

  it("accepts integers and percentages", () => {
    expect(parsePartitionInput("7", 10)).toEqual({ ok: true, value: 7 });
    expect(parsePartitionInput(" 30% ", 10)).toEqual({ ok: true, value: "30%" });
  });

  it("accepts a fractional percentage and says Kruise rounds it up", () => {
    const r = parsePartitionInput("12.5%", 10);
    expect(r).toMatchObject({ ok: true, value: "12.5%" });
    expect(r.ok && r.note).toMatch(/rounds up: 12.5% of 10 = 1.25 → 2/);
  });

  it("explains the at-least-one rule when a percentage would keep every pod", () => {
    const r = parsePartitionInput("99%", 5);
    expect(r.ok && r.note).toMatch(/at-least-one rule .* keeps 4/);
  });
});

describe("maxUnavailable / maxSurge preview (§3.3)", () => {
  it("a fractional percentage is accepted but flagged: the controller reads it as 0", () => {
    const r = parseLimitInput("12.5%", "maxUnavailable", 10);
    expect(r.ok && "note" in r && r.note).toMatch(/counts as 0/);
    expect(previewLimits(10, {}, "12.5%", 1).maxUnavailable).toBe(0);
  });

  it("refuses maxUnavailable and maxSurge both zero", () => {
    expect(previewLimits(10, {}, 0, 0).errors[0]).toMatch(/both be 0/);
    expect(previewLimits(10, {}, "0%", null).errors).toHaveLength(1);
    expect(previewLimits(10, {}, 0, 1).errors).toEqual([]);
  });

  it("maxUnavailable rounds up without surge and down with it", () => {
    expect(previewLimits(22, {}, null, null).maxUnavailable).toBe(5);
    expect(previewLimits(22, {}, null, 1).maxUnavailable).toBe(4);
    expect(previewLimits(4, {}, null, 1)).toMatchObject({ maxUnavailable: 0, maxSurge: 1 });
  });

  it("maxSurge is refused with InPlaceOnly and is 0 while paused", () => {
    expect(previewLimits(10, { type: "InPlaceOnly" }, 1, 1).errors.join()).toMatch(/InPlaceOnly/);
    expect(previewLimits(10, { paused: true }, 1, 2).maxSurge).toBe(0);
  });

  it("empty input means back to the default", () => {
    expect(parseLimitInput(" ", "maxSurge", 10)).toEqual({ ok: true, value: null });
  });
});
