/**
 * The three update strategies against a change that can and one that cannot go in place: pods updated in place
 * (same pods, the changed container restarted) or recreated (specified-delete, delete, create), or nothing moving
 * with Kruise's FailedUpdate condition; the Events each records (docs/kruise-rules.md §2.1, §7.1, §8.1, §9).
 */
import { describe, expect, it } from "vitest";
import type { CloneSet, CloneSetUpdateStrategy } from "@/lib/k8s/objects";
import { predictPartition } from "@/lib/kruise/order/change-prediction";
import type { PodFate } from "@/lib/kruise/order/rollout-prediction";
import { CLONESET, cloneSet, imagePatch } from "./lib/cloneset";
import { observedFates, predictionBreaks } from "./lib/fates";
import { CONTROLLERS, useController } from "./lib/harness";
import { change, newRevision, start } from "./lib/scenario";
import { failure, WorkloadClient } from "./lib/workload";

interface StrategyRow {
  name: string;
  strategy: CloneSetUpdateStrategy;
  /** the sidecar's env changes too: not possible in place */
  recreate: boolean;
  fate: PodFate;
  /** Events of the rollout (the 3 pods' creation included) */
  events: Record<string, number>;
}

const STRATEGY: StrategyRow[] = [
  {
    name: "ReCreate, maxUnavailable 1: an image change recreates each pod in turn — SuccessfulUpdatePodReCreate, SuccessfulDelete, SuccessfulCreate",
    strategy: { type: "ReCreate", maxUnavailable: 1 },
    recreate: false,
    fate: "recreate",
    events: { SuccessfulCreate: 6, SuccessfulUpdatePodReCreate: 3, SuccessfulDelete: 3 },
  },
  {
    name: "InPlaceIfPossible with a change that cannot go in place (a sidecar env) falls back to recreating the pods",
    strategy: { type: "InPlaceIfPossible", maxUnavailable: 1 },
    recreate: true,
    fate: "recreate",
    events: { SuccessfulCreate: 6, SuccessfulUpdatePodReCreate: 3, SuccessfulDelete: 3 },
  },
  {
    name: "InPlaceOnly with an image change updates the same pods in place, one SuccessfulUpdatePodInPlace each",
    strategy: { type: "InPlaceOnly", maxUnavailable: 1 },
    recreate: false,
    fate: "in-place",
    events: { SuccessfulCreate: 3, SuccessfulUpdatePodInPlace: 3 },
  },
];

describe.each(CONTROLLERS)("update strategies (%s)", (kind) => {
  const h = useController(kind, { ns: "strategy" });
  const cs = () => new WorkloadClient<CloneSet>(h, CLONESET);

  it.each(STRATEGY.map((r, i) => ({ ...r, id: `strat-${i}` })))("$name", async (row) => {
    const initial = await start(cs(), cloneSet(row.id, { replicas: 3, strategy: { ...row.strategy, partition: 3 } }));
    const { object, revisions } = await newRevision(
      cs(),
      row.id,
      imagePatch("nginx:2.0", undefined, row.recreate ? "on" : undefined),
    );
    const prediction = predictPartition(object, initial.pods, revisions, 0, Date.now());
    const ran = await change(
      cs(),
      row.id,
      { spec: { updateStrategy: { partition: 0 } } },
      {
        what: "every pod updated",
        test: (o) => CLONESET.settled(o) && o.status?.currentRevision === o.status?.updateRevision,
      },
      object.status!.updateRevision!,
    );
    const fates = observedFates(ran.timeline, initial.pods);
    expect([...new Set(fates.values())]).toEqual([row.fate]);
    expect(predictionBreaks(prediction, fates), h.hint()).toEqual([]);
    expect(ran.timeline.maxInFlight).toBeLessThanOrEqual(1);
    if (row.fate === "in-place") {
      for (const p of ran.pods) {
        const restarts = Object.fromEntries((p.status?.containerStatuses ?? []).map((c) => [c.name, c.restartCount]));
        expect(restarts).toEqual({ app: 1, sidecar: 0 });
      }
    }
    await cs().eventsReach(row.id, row.events);
    await cs().remove(row.id);
  });

  it("InPlaceOnly refuses a template change that cannot go in place: the webhook answers 422 and no pod moves", async () => {
    const initial = await start(cs(), cloneSet("strat-refused", { replicas: 2, strategy: { type: "InPlaceOnly" } }));
    const f = await failure(cs().patch("strat-refused", imagePatch("nginx:2.0", undefined, "on")));
    expect(f.code).toBe(422);
    expect(f.message).toMatch(/denied the request/);
    expect((await cs().pods("strat-refused")).map((p) => p.metadata.uid).sort()).toEqual(
      initial.pods.map((p) => p.metadata.uid).sort(),
    );
    await cs().remove("strat-refused");
  });
});
