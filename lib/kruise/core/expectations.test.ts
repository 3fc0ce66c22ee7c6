import { describe, expect, it } from "vitest";
import { calculateDiffsWithExpectation, noDiffCounts, tallyPod, type ExpectationDiffs } from "./expectations";
import { isPodOnRevision } from "./pod-state";
import type { CloneSet, IntOrString, Pod } from "../../k8s/objects";

// Transcription of kruise pkg/controller/cloneset/sync/cloneset_sync_utils_test.go
// (TestCalculateDiffsWithExpectation). Pod codes: [count]<o|n><+|->[x][P|U|R]
//   o/n = old/new revision, +/- = Running+Ready or not, x = specified-delete label,
//   P = PreparingDelete, U = Updating, R = PreparingUpdate (default state Normal).
const OLD = "old_rev";
const NEW = "new_rev";
const STATES: Record<string, string> = { P: "PreparingDelete", U: "Updating", R: "PreparingUpdate" };

function pods(...codes: string[]): Pod[] {
  return codes.flatMap((code, c) => {
    const m = /^(\d*)([on])([+-])(x?)([PUR]?)$/.exec(code);
    if (!m) throw new Error(`bad code ${code}`);
    const labels: Record<string, string> = {
      "controller-revision-hash": m[2] === "o" ? OLD : NEW,
      "lifecycle.apps.kruise.io/state": m[5] ? STATES[m[5]] : "Normal",
    };
    if (m[4]) labels["apps.kruise.io/specified-delete"] = "true";
    const status = m[3] === "+" ? { phase: "Running", conditions: [{ type: "Ready", status: "True" }] } : {};
    return Array.from({ length: Number(m[1] || 1) }, (_, i): Pod => ({
      metadata: { name: `pod-${c}-${i}`, labels: { ...labels } },
      spec: { containers: [] },
      status,
    }));
  });
}

interface Opts {
  consistent?: boolean;
  noRollbackGate?: boolean;
  excludePD?: boolean;
  scaleMU?: IntOrString;
  paused?: boolean;
  preparingAsUpdate?: boolean;
}

function cloneSet(r: number, partition: IntOrString, mu: IntOrString, ms: IntOrString, o: Opts): CloneSet {
  return {
    metadata: {
      name: "cs",
      labels: o.excludePD ? { "apps.kruise.io/cloneset-scaling-exclude-preparing-delete": "true" } : {},
    },
    spec: {
      replicas: r,
      selector: {},
      template: {},
      updateStrategy: { partition, maxUnavailable: mu, maxSurge: ms, paused: o.paused },
      scaleStrategy: o.scaleMU === undefined ? {} : { maxUnavailable: o.scaleMU },
    },
  };
}

type Case = [string, number, IntOrString, IntOrString, IntOrString, string[], Partial<ExpectationDiffs>, Opts?];
const N5 = ["5n+"];
const cases: Case[] = [
  ["an empty cloneset", 0, 0, 1, 0, [], {}],
  ["increase replicas to 5 (step 1/2)", 5, 0, 1, 0, [], { scaleUpNum: 5, scaleUpLimit: 5 }],
  ["increase replicas to 5 (step 2/2)", 5, 0, 1, 0, N5, {}],
  ["specified delete 1 pod (all ready) (step 1/3)", 5, 0, 1, 0, ["n+x", "4n+"], { deleteReadyLimit: 1 }],
  ["specified delete 1 pod (all ready) (step 2/3)", 5, 0, 1, 0, ["4n+"], { scaleUpNum: 1, scaleUpLimit: 1 }],
  ["specified delete 1 pod (all ready) (step 3/3)", 5, 0, 1, 0, N5, {}],
  ["specified delete 2 pod (all ready) (step 1/6)", 5, 0, 1, 0, ["2n+x", "3n+"], { deleteReadyLimit: 1 }],
  ["specified delete 2 pod (all ready) (step 2/6)", 5, 0, 1, 0, ["n+x", "3n+"], { scaleUpNum: 1, scaleUpLimit: 1 }],
  ["specified delete 2 pod (all ready) (step 3/6)", 5, 0, 1, 0, ["n+x", "3n+", "n-"], {}],
  ["specified delete 2 pod (all ready) (step 4/6)", 5, 0, 1, 0, ["n+x", "4n+"], { deleteReadyLimit: 1 }],
  ["specified delete 2 pod (all ready) (step 5/6)", 5, 0, 1, 0, ["4n+"], { scaleUpNum: 1, scaleUpLimit: 1 }],
  ["specified delete 2 pod (all ready) (step 6/6)", 5, 0, 1, 0, N5, {}],
  ["specified delete 2 pod and replicas to 4 (step 1/3)", 4, 0, 1, 0, ["2n-x", "3n+"], { deleteReadyLimit: 2 }],
  ["specified delete 2 pod and replicas to 4 (step 2/3)", 4, 0, 1, 0, ["3n+"], { scaleUpNum: 1, scaleUpLimit: 1 }],
  ["specified delete 2 pod and replicas to 4 (step 3/3)", 4, 0, 1, 0, ["4n+"], {}],
  ["update partition=3 (step 1/3)", 5, 3, 1, 0, ["5o+"], { updateNum: 2, updateMaxUnavailable: 1 }],
  ["update partition=3 (step 2/3)", 5, 3, 1, 0, ["n+", "4o+"], { updateNum: 1, updateMaxUnavailable: 1 }],
  ["update partition=3 (step 3/3)", 5, 3, 1, 0, ["2n+", "3o+"], {}],
  ["rollback partition=4 (step 1/3)", 5, 4, 2, 0, ["4n+", "o+"], { updateNum: -3, updateMaxUnavailable: 2 }],
  ["rollback partition=4 (step 2/3)", 5, 4, 2, 0, ["2n+", "3o+"], { updateNum: -1, updateMaxUnavailable: 2 }],
  ["rollback partition=4 (step 3/3)", 5, 4, 2, 0, ["n+", "4o+"], {}],
  [
    "specified delete with maxSurge (step 1/4)",
    5,
    0,
    0,
    1,
    ["n+x", "4n+"],
    { scaleUpNum: 1, useSurge: 1, scaleUpLimit: 1 },
  ],
  ["specified delete with maxSurge (step 2/4)", 5, 0, 0, 1, ["n+x", "4n+", "n-"], { useSurge: 1 }],
  ["specified delete with maxSurge (step 3/4)", 5, 0, 0, 1, ["n+x", "5n+"], { deleteReadyLimit: 1, useSurge: 1 }],
  ["specified delete with maxSurge (step 4/4)", 5, 0, 0, 1, N5, {}],
  [
    "update in-place partition=3 with maxSurge (step 1/4)",
    5,
    3,
    1,
    1,
    ["5o+"],
    { scaleUpNum: 1, useSurge: 1, updateNum: 2, updateMaxUnavailable: 1, scaleUpLimit: 1 },
  ],
  [
    "update in-place partition=3 with maxSurge (step 2/4)",
    5,
    3,
    1,
    1,
    ["5o+", "n-"],
    { useSurge: 1, updateNum: 1, updateMaxUnavailable: 2 },
  ],
  [
    "update in-place partition=3 with maxSurge (step 3/4)",
    5,
    3,
    1,
    1,
    ["4o+", "n-U", "n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1 },
  ],
  [
    "update in-place partition=3 with maxSurge (step 4/4)",
    5,
    3,
    1,
    1,
    ["4o+", "n+", "n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 },
  ],
  [
    "update recreate partition=3 with maxSurge (step 1/7)",
    5,
    3,
    1,
    1,
    ["5o+"],
    { scaleUpNum: 1, useSurge: 1, updateNum: 2, updateMaxUnavailable: 1, scaleUpLimit: 1 },
  ],
  [
    "update recreate partition=3 with maxSurge (step 2/7)",
    5,
    3,
    1,
    1,
    ["5o+", "n-"],
    { useSurge: 1, updateNum: 1, updateMaxUnavailable: 2 },
  ],
  [
    "update recreate partition=3 with maxSurge (step 3/7)",
    5,
    3,
    1,
    1,
    ["4o+", "o+x", "n-"],
    { useSurge: 1, useSurgeOldRevision: 1, deleteReadyLimit: 1, updateNum: 1, updateMaxUnavailable: 2 },
  ],
  [
    "update recreate partition=3 with maxSurge (step 4/7)",
    5,
    3,
    1,
    1,
    ["4o+", "n-"],
    { useSurge: 1, scaleUpNum: 1, updateNum: 1, updateMaxUnavailable: 1, scaleUpLimit: 1 },
  ],
  [
    "update recreate partition=3 with maxSurge (step 5/7)",
    5,
    3,
    1,
    1,
    ["4o+", "2n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1 },
  ],
  [
    "update recreate partition=3 with maxSurge (step 6/7)",
    5,
    3,
    1,
    1,
    ["4o+", "n+", "n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 },
  ],
  ["update recreate partition=3 with maxSurge (step 7/7)", 5, 3, 1, 1, ["3o+", "2n+"], {}],
  [
    "partition=99% maxUnavailable=3 maxSurge=2 (step 1/3)",
    5,
    "99%",
    3,
    2,
    ["5o+"],
    { scaleUpNum: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 3, scaleUpLimit: 1 },
  ],
  [
    "partition=99% maxUnavailable=3 maxSurge=2 (step 2/3)",
    5,
    "99%",
    3,
    2,
    ["5o+", "n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 3 },
  ],
  ["partition=99% maxUnavailable=3 maxSurge=2 (step 3/3)", 5, "99%", 3, 2, ["4o+", "n-"], {}],
  [
    "partition=99% maxUnavailable=40% maxSurge=30% (step 1/3)",
    5,
    "99%",
    "40%",
    "30%",
    ["5o+"],
    { scaleUpNum: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 2, scaleUpLimit: 1 },
  ],
  [
    "partition=99% maxUnavailable=40% maxSurge=30% (step 2/3)",
    5,
    "99%",
    "40%",
    "30%",
    ["5o+", "n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 2 },
  ],
  ["partition=99% maxUnavailable=40% maxSurge=30% (step 3/3)", 5, "99%", "40%", "30%", ["4o+", "n-"], {}],
  [
    "partition=99% maxUnavailable=30% maxSurge=30% (step 1/3)",
    5,
    "99%",
    "30%",
    "30%",
    ["5o+"],
    { scaleUpNum: 1, useSurge: 1, updateNum: 1, updateMaxUnavailable: 1, scaleUpLimit: 1 },
  ],
  [
    "partition=99% maxUnavailable=30% maxSurge=30% (step 2/3)",
    5,
    "99%",
    "30%",
    "30%",
    ["5o+", "n-"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 1, deleteReadyLimit: 1 },
  ],
  ["partition=99% maxUnavailable=30% maxSurge=30% (step 3/3)", 5, "99%", "30%", "30%", ["4o+", "n-"], {}],
  ["revision consistent 1", 5, 0, 1, 0, N5, {}, { consistent: true }],
  ["revision consistent 2", 5, 3, 1, 0, N5, {}, { consistent: true }],
  ["revision consistent 3", 5, 3, 1, 0, ["2o+", "3n+"], {}, { consistent: true }],
  [
    "revision consistent 4",
    5,
    1,
    1,
    0,
    ["3o+", "2n+"],
    { updateNum: 2, updateMaxUnavailable: 1 },
    { consistent: true },
  ],
  [
    "allow to update when fail to scale out normally",
    5,
    1,
    2,
    0,
    ["2o+", "2n+"],
    { scaleUpNum: 1, updateNum: 1, updateMaxUnavailable: 1, scaleUpLimit: 1 },
    { consistent: true },
  ],
  [
    "allow to update when fail to scale in normally",
    5,
    1,
    1,
    0,
    ["3o+", "3n+"],
    { scaleDownNum: 1, scaleDownNumOldRevision: 2, deleteReadyLimit: 2, updateNum: 1, updateMaxUnavailable: 2 },
    { consistent: true },
  ],
  ["disable rollback feature-gate", 5, 4, 1, 0, ["o+", "4n+"], {}, { noRollbackGate: true }],
  [
    "increase replicas 0 to 5 with scale maxUnavailable = 2",
    5,
    0,
    1,
    0,
    [],
    { scaleUpNum: 5, scaleUpLimit: 2 },
    { scaleMU: 2 },
  ],
  [
    "increase replicas 3 to 6 with scale maxUnavailable = 2, not ready pod = 1",
    6,
    0,
    1,
    0,
    ["2n+", "n-"],
    { scaleUpNum: 3, scaleUpLimit: 1 },
    { scaleMU: 2 },
  ],
  [
    "increase replicas 3 to 6 with scale maxUnavailable = 2, not ready pod = 2",
    6,
    0,
    1,
    0,
    ["n+", "2n-"],
    { scaleUpNum: 3, scaleUpLimit: 0 },
    { scaleMU: 2 },
  ],
  [
    "[excludePreparingDelete=false] specified delete with lifecycle hook (step 1/4)",
    3,
    0,
    1,
    0,
    ["2n+", "n+x"],
    { deleteReadyLimit: 1 },
  ],
  ["[excludePreparingDelete=false] specified delete with lifecycle hook (step 2/4)", 3, 0, 1, 0, ["2n+", "n+xP"], {}],
  [
    "[excludePreparingDelete=false] specified delete with lifecycle hook (step 3/4)",
    3,
    0,
    1,
    0,
    ["2n+"],
    { scaleUpNum: 1, scaleUpLimit: 1 },
  ],
  ["[excludePreparingDelete=false] specified delete with lifecycle hook (step 4/4)", 3, 0, 1, 0, ["2n+", "n-"], {}],
  [
    "[excludePreparingDelete=true] specified delete with lifecycle hook (step 1/4)",
    3,
    0,
    1,
    0,
    ["2n+", "n+x"],
    { deleteReadyLimit: 1 },
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] specified delete with lifecycle hook (step 2/4)",
    3,
    0,
    1,
    0,
    ["2n+", "n+xP"],
    { scaleUpNum: 1, scaleUpLimit: 1 },
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] specified delete with lifecycle hook (step 3/4)",
    3,
    0,
    1,
    0,
    ["2n+", "n+xP", "n-"],
    {},
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] specified delete with lifecycle hook and cancel (step 4/5)",
    3,
    0,
    1,
    0,
    ["3n+", "n-"],
    { scaleDownNum: 1, deleteReadyLimit: 1 },
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] scale down with lifecycle hook (step 1/6)",
    3,
    0,
    1,
    0,
    ["3n+"],
    {},
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] scale down with lifecycle hook (step 2/6)",
    2,
    0,
    1,
    0,
    ["2n+", "n+x"],
    { deleteReadyLimit: 2 },
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] scale down with lifecycle hook (step 3/6)",
    2,
    0,
    1,
    0,
    ["2n+", "n+xP"],
    {},
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] scale down with lifecycle hook, then scale up (step 4/6)",
    3,
    0,
    1,
    0,
    ["2n+", "n+xP"],
    { scaleUpNum: 1, scaleUpLimit: 1 },
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] scale down with lifecycle hook, then scale up (step 5/6)",
    3,
    0,
    1,
    0,
    ["2n+", "n+xP", "n-"],
    {},
    { excludePD: true },
  ],
  [
    "[excludePreparingDelete=true] scale down with lifecycle hook, then scale up (step 6/6)",
    3,
    0,
    1,
    0,
    ["2n+", "n-"],
    {},
    { excludePD: true },
  ],
  [
    "[PreparingUpdateAsUpdate] scaling up when a preparing pod is not updated, expected-updated 1",
    4,
    "90%",
    1,
    0,
    ["o+R", "2o+"],
    { scaleUpNum: 1, scaleUpLimit: 1, scaleUpNumOldRevision: 1 },
    { excludePD: true, preparingAsUpdate: true },
  ],
  [
    "[PreparingUpdateAsUpdate] scaling up when a preparing pod is not updated, expected-updated 2",
    4,
    2,
    1,
    0,
    ["o+R", "2o+"],
    { scaleUpNum: 1, scaleUpLimit: 1 },
    { excludePD: true, preparingAsUpdate: true },
  ],
  [
    "[paused] scale up with maxSurge=3, maxUnavailable=0: surge is forced to 0",
    5,
    0,
    0,
    3,
    ["3o+"],
    { scaleUpNum: 2, scaleUpLimit: 2, updateNum: 3, updateMaxUnavailable: -2 },
    { paused: true },
  ],
  [
    "[paused] scale down with maxSurge=3, maxUnavailable=0",
    3,
    0,
    0,
    3,
    ["5o+"],
    { scaleDownNum: 2, scaleDownNumOldRevision: 5, deleteReadyLimit: 2, updateNum: 3, updateMaxUnavailable: 2 },
    { paused: true },
  ],
  [
    "[paused] surplus new pods are scaled down, partition 0",
    5,
    0,
    0,
    3,
    ["5o+", "3n-"],
    { scaleDownNum: 3, scaleDownNumOldRevision: 5, updateNum: 2, updateMaxUnavailable: 3 },
    { paused: true },
  ],
  [
    "[paused] surplus new pods are scaled down, partition 2",
    5,
    2,
    0,
    3,
    ["5o+", "3n-"],
    { scaleDownNum: 3, scaleDownNumOldRevision: 3 },
    { paused: true },
  ],
];

const zero: ExpectationDiffs = {
  scaleUpNum: 0,
  scaleUpNumOldRevision: 0,
  scaleDownNum: 0,
  scaleDownNumOldRevision: 0,
  scaleUpLimit: 0,
  deleteReadyLimit: 0,
  useSurge: 0,
  useSurgeOldRevision: 0,
  updateNum: 0,
  updateMaxUnavailable: 0,
};

// Upstream runs the table with CloneSetPartitionRollback and PreparingUpdateAsUpdate on.
describe("calculateDiffsWithExpectation reproduces the upstream table (cloneset_sync_utils_test.go)", () => {
  for (const [name, r, part, mu, ms, codes, want, o = {}] of cases) {
    it(name, () => {
      const isPodUpdate = o.preparingAsUpdate
        ? (p: Pod, rev: string) =>
            p.metadata.labels?.["lifecycle.apps.kruise.io/state"] === "PreparingUpdate" || isPodOnRevision(p, rev)
        : undefined;
      const got = calculateDiffsWithExpectation(
        cloneSet(r, part, mu, ms, o),
        pods(...codes),
        o.consistent ? NEW : OLD,
        NEW,
        {
          now: 0,
          partitionRollback: !o.noRollbackGate,
          isPodUpdate,
        },
      );
      expect(got).toEqual({ ...zero, ...want });
    });
  }
});

describe("calculateDiffsWithExpectation from counts kept pod by pod", () => {
  it("gives every row of the upstream table, with each pod added and one changed pod taken away and re-added", () => {
    for (const [name, r, part, mu, ms, codes, want, o = {}] of cases) {
      const cs = cloneSet(r, part, mu, ms, o);
      const all = pods(...codes);
      const opts = { now: 0, partitionRollback: !o.noRollbackGate };
      if (o.preparingAsUpdate) continue; // counts are kept only with the revision label deciding "new"
      const counts = noDiffCounts();
      const stale = pods("o-x")[0];
      tallyPod(counts, cs, stale, NEW, opts);
      for (const p of all) tallyPod(counts, cs, p, NEW, opts);
      tallyPod(counts, cs, stale, NEW, opts, -1);
      const got = calculateDiffsWithExpectation(cs, [], o.consistent ? NEW : OLD, NEW, { ...opts, counts });
      expect(got, name).toEqual({ ...zero, ...want });
    }
  });
});

describe("expectation diffs in the default v1.9.0 gate set", () => {
  it("without CloneSetPartitionRollback, raising the partition never rolls updated pods back", () => {
    const got = calculateDiffsWithExpectation(cloneSet(5, 4, 2, 0, {}), pods("4n+", "o+"), OLD, NEW, { now: 0 });
    expect(got.updateNum).toBe(0);
  });
  it("scale-out recreates an old-revision pod when fewer than partition old pods exist", () => {
    const got = calculateDiffsWithExpectation(cloneSet(5, 3, 1, 0, {}), pods("2o+", "2n+"), OLD, NEW, { now: 0 });
    expect(got).toMatchObject({ scaleUpNum: 1, scaleUpNumOldRevision: 1 });
  });
});
