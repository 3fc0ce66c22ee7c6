import { describe, expect, it } from "vitest";
import type { Pod } from "@/lib/k8s/objects";
import { seededRandom } from "../clock";
import { countPods, StatusTally } from "./tally";

const REVS = ["cs-aaa", "cs-bbb"];

function randomPod(name: string, rnd: () => number): Pod {
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)];
  const ready = pick(["True", "False", undefined]);
  return {
    metadata: {
      name,
      namespace: "ns",
      labels: {
        "controller-revision-hash": pick(REVS),
        ...(rnd() < 0.2 ? { "lifecycle.apps.kruise.io/state": pick(["Normal", "PreparingUpdate", "Updating"]) } : {}),
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

describe("StatusTally", () => {
  it("keeps the same counts as a full recount through creations, changes, deletions and a new update revision", () => {
    const rnd = seededRandom(11);
    const cache = new Map<string, Pod>();
    const tally = new StatusTally();
    const entries = () => cache.entries();
    let rev = REVS[0];
    for (let step = 0; step < 2000; step++) {
      const key = `ns/p${Math.floor(rnd() * 60)}`;
      if (rnd() < 0.15) cache.delete(key);
      else cache.set(key, randomPod(key.slice(3), rnd));
      tally.update(key, cache.get(key));
      if (step === 1000) rev = REVS[1];
      expect(tally.counts(rev, entries)).toEqual(countPods([...cache.values()], rev, 0, 0));
    }
  });

  it("counts nothing until it is first asked, then every pod it is shown", () => {
    const tally = new StatusTally();
    const pod = randomPod("a", seededRandom(3));
    tally.update("ns/a", pod);
    const fresh = tally.counts(REVS[0], () => [["ns/a", pod]]);
    expect(fresh).toEqual(countPods([pod], REVS[0], 0, 0));
  });
});
