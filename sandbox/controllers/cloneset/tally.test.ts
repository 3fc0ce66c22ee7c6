import { describe, expect, it } from "vitest";
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import { seededRandom } from "../clock";
import { countDiffPods } from "@/lib/kruise/core/expectations";
import { isPodActive, isSpecifiedDelete, lifecycleState } from "@/lib/kruise/core/pod-state";
import { countPods, StatusTally } from "./tally";

const REVS = ["cs-aaa", "cs-bbb"];
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function randomPod(name: string, rnd: () => number): Pod {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const ready = pick(["True", "False", undefined]);
  return {
    metadata: {
      name,
      namespace: "ns",
      labels: {
        "controller-revision-hash": pick(REVS),
        ...(rnd() < 0.2
          ? { "lifecycle.apps.kruise.io/state": pick(["Normal", "PreparingUpdate", "Updating", "PreparingDelete"]) }
          : {}),
        ...(rnd() < 0.1 ? { "apps.kruise.io/specified-delete": "true" } : {}),
      },
      ...(rnd() < 0.1 ? { deletionTimestamp: "2026-01-01T00:00:00Z" } : {}),
    },
    spec: { containers: [{ name: "main", image: "busybox" }] },
    status: {
      phase: pick(["Pending", "Running", "Running", "Succeeded"]),
      conditions: [
        ...(ready ? [{ type: "Ready", status: ready }] : []),
        ...(rnd() < 0.3 ? [{ type: "InPlaceUpdateReady", status: pick(["True", "False"]) }] : []),
      ],
    },
  } as Pod;
}

const cloneSet = (podsToDelete: string[]) =>
  ({ metadata: { name: "cs" }, spec: { replicas: 50, scaleStrategy: { podsToDelete } } }) as unknown as CloneSet;

describe("StatusTally", () => {
  it("keeps the same status and diff counts and deletion lists as a full recount through creations, changes, deletions, a new update revision and a new podsToDelete", () => {
    const rnd = seededRandom(11);
    const cache = new Map<string, Pod>();
    const tally = new StatusTally();
    const entries = () => cache.entries();
    let rev = REVS[0];
    let cs = cloneSet([]);
    for (let step = 0; step < 800; step++) {
      const key = `ns/p${Math.floor(rnd() * 60)}`;
      if (rnd() < 0.15) cache.delete(key);
      else cache.set(key, randomPod(key.slice(3), rnd));
      tally.update(key, cache.get(key));
      if (step === 400) rev = REVS[1];
      if (step === 600) cs = cloneSet(["p3", "p7"]);
      const all = [...cache.keys()].sort(byKey).map((k) => cache.get(k)!);
      const active = all.filter(isPodActive);
      const preparing = (p: Pod) => lifecycleState(p) === "PreparingDelete";
      expect(tally.counts(cs, rev, entries, byKey)).toEqual({
        status: countPods(all, rev, 0, 0),
        diff: countDiffPods(cs, active, rev, { now: 0 }),
        preparingDelete: active.filter(preparing),
        specifiedDelete: active.filter((p) => !preparing(p) && isSpecifiedDelete(cs, p)),
      });
    }
  });

  it("counts nothing until it is first asked, then every pod it is shown", () => {
    const tally = new StatusTally();
    const pod = randomPod("a", seededRandom(3));
    tally.update("ns/a", pod);
    const fresh = tally.counts(cloneSet([]), REVS[0], () => [["ns/a", pod]], byKey);
    expect(fresh.status).toEqual(countPods([pod], REVS[0], 0, 0));
  });
});
