/**
 * Advanced StatefulSet scaling, recreation, pause, lifecycle hooks and rollback (docs/kruise-rules.md §13.1, §13.2,
 * §13.5, §13.8, §13.10): ordinals created in ascending and deleted in descending order, reserved ordinals, pods
 * recreated under their own names, the hooks' states, and a rollback prediction from lib/kruise/statefulset made
 * from the live objects, then checked against what the controller did.
 */
import { describe, expect, it } from "vitest";
import type { Pod, StatefulSet } from "@/lib/k8s/objects";
import { predictStatefulRollback } from "@/lib/kruise/statefulset/rollback";
import { CONTROLLERS, useController, type ControllerHandle } from "./lib/harness";
import { patchPodMeta } from "./lib/pods";
import { change, newRevision, start } from "./lib/scenario";
import { STATEFULSET, ordinalNames, statefulImagePatch, statefulSet } from "./lib/statefulset";
import { until } from "./lib/wait";
import { WorkloadClient } from "./lib/workload";

const HOLD = "example.com/hold";
const stateOf = (p: Pod | undefined) => p?.metadata.labels?.["lifecycle.apps.kruise.io/state"];
const setHold = (h: ControllerHandle, pod: string, value: string | null) =>
  patchPodMeta(h, pod, { labels: { [HOLD]: value } });

describe.each(CONTROLLERS)("Advanced StatefulSet scale, recreate, pause, hooks and rollback (%s)", (kind) => {
  const h = useController(kind, { ns: "asts-lifecycle" });
  const sts = () => new WorkloadClient<StatefulSet>(h, STATEFULSET);
  const podNamed = async (id: string, name: string) => (await sts().pods(id)).find((p) => p.metadata.name === name);

  it("OrderedReady: scale 2 → 4 creates ordinals 2 then 3; 4 → 1 deletes 3, 2, 1, highest first", async () => {
    const id = "scale";
    await start(sts(), statefulSet(id, { replicas: 2 }));
    const out = await change(sts(), id, { spec: { replicas: 4 } }, { what: "4 ready", test: STATEFULSET.settled });
    expect(out.timeline.names("created")).toEqual(ordinalNames(id, [2, 3]));
    const inn = await change(sts(), id, { spec: { replicas: 1 } }, { what: "1 ready", test: STATEFULSET.settled });
    expect(inn.timeline.names("deleted")).toEqual(ordinalNames(id, [3, 2, 1]));
    expect(inn.timeline.names("created")).toEqual([]);
    await sts().eventsReach(id, { SuccessfulCreate: 4, SuccessfulDelete: 3 });
    await sts().remove(id);
  });

  it("reserveOrdinals [1] on 3 Parallel pods: the pod at ordinal 1 goes and ordinal 3 comes, three pods remain", async () => {
    const id = "reserve";
    await start(sts(), statefulSet(id, { replicas: 3, parallel: true }));
    const ran = await change(
      sts(),
      id,
      { spec: { reserveOrdinals: [1] } },
      {
        what: "pods 0, 2 and 3 ready",
        test: (o, pods) =>
          STATEFULSET.settled(o) &&
          pods
            .map((p) => p.metadata.name)
            .sort()
            .join() === ordinalNames(id, [0, 2, 3]).join(),
      },
    );
    expect(ran.timeline.names("deleted")).toEqual(ordinalNames(id, [1]));
    expect(ran.timeline.names("created")).toEqual(ordinalNames(id, [3]));
    await sts().eventsReach(id, { SuccessfulCreate: 4, SuccessfulDelete: 1 });
    await sts().remove(id);
  });

  it.each([
    { how: "podUpdatePolicy ReCreate, an image change", ru: { podUpdatePolicy: "ReCreate" }, env: undefined },
    { how: "InPlaceIfPossible, an env change (not in place)", ru: {}, env: "debug" },
  ])("$how: each pod is deleted and created again under its name, highest ordinal first", async (row) => {
    const id = row.env ? "recreate-env" : "recreate";
    const initial = await start(sts(), statefulSet(id, { replicas: 3, ru: row.ru }));
    const uids = new Map(initial.pods.map((p) => [p.metadata.name, p.metadata.uid]));
    const ran = await change(sts(), id, statefulImagePatch("nginx:2.0", undefined, row.env), {
      what: "all recreated",
      test: (o) => STATEFULSET.settled(o) && o.status?.updatedReplicas === 3 && o.status.currentReplicas === 3,
    });
    expect(ran.timeline.names("deleted")).toEqual(ordinalNames(id, [2, 1, 0]));
    expect(ran.timeline.names("created")).toEqual(ordinalNames(id, [2, 1, 0]));
    expect(ran.timeline.names("in-place")).toEqual([]);
    for (const p of ran.pods) expect(p.metadata.uid).not.toBe(uids.get(p.metadata.name));
    expect(ran.object.status?.currentRevision).toBe(ran.object.status?.updateRevision);
    await sts().eventsReach(id, { SuccessfulCreate: 6, SuccessfulDelete: 3 });
    await sts().remove(id);
  });

  it("paused: a new revision moves no pod until the rollout is resumed, then all go in place", async () => {
    const id = "paused";
    const initial = await start(sts(), statefulSet(id, { replicas: 3, ru: { paused: true } }));
    const timeline = await sts().watch(id);
    try {
      const { object } = await newRevision(sts(), id, statefulImagePatch("nginx:2.0"));
      expect(object.status?.updatedReplicas).toBe(0);
      expect(timeline.moves).toEqual([]);
    } finally {
      timeline.close();
    }
    const ran = await change(
      sts(),
      id,
      { spec: { updateStrategy: { rollingUpdate: { paused: false } } } },
      { what: "all updated", test: (o) => STATEFULSET.settled(o) && o.status?.updatedReplicas === 3 },
    );
    expect(ran.timeline.names("in-place")).toEqual(ordinalNames(id, [2, 1, 0]));
    expect(ran.pods.map((p) => p.metadata.uid).sort()).toEqual(initial.pods.map((p) => p.metadata.uid).sort());
    await sts().remove(id);
  });

  it("inPlaceUpdate hook: the pod waits in PreparingUpdate until the hook lets go, is updated in place, waits in Updated until the hook is back, then Normal", async () => {
    const id = "hook-update";
    const lifecycle = { inPlaceUpdate: { labelsHandler: { [HOLD]: "true" } } };
    await start(
      sts(),
      statefulSet(id, { replicas: 2, ru: { partition: 1 }, spec: { lifecycle }, podLabels: { [HOLD]: "true" } }),
    );
    const name = `${id}-1`;
    const timeline = await sts().watch(id);
    try {
      await sts().patch(id, statefulImagePatch("nginx:2.0"));
      await until(
        `${name} PreparingUpdate (${h.hint()})`,
        async () => stateOf(await podNamed(id, name)) === "PreparingUpdate",
      );
      expect(timeline.names("in-place")).toEqual([]);
      await setHold(h, name, null);
      await until(`${name} updated, waiting in Updated`, async () => stateOf(await podNamed(id, name)) === "Updated");
      await setHold(h, name, "true");
      await until(`${name} Normal`, async () => stateOf(await podNamed(id, name)) === "Normal");
      await sts().until(
        id,
        "1 updated and ready",
        (o) => STATEFULSET.settled(o) && o.status?.updatedReadyReplicas === 1,
      );
      expect(timeline.statesOf(name)).toEqual(["Normal", "PreparingUpdate", "Updating", "Updated", "Normal"]);
      expect(timeline.names("in-place")).toEqual([name]);
      expect(timeline.statesOf(`${id}-0`)).toEqual(["Normal"]);
    } finally {
      timeline.close();
    }
    await sts().remove(id);
  });

  it("preDelete hook: scaling in, the highest ordinal waits in PreparingDelete until the hook lets go, then is deleted", async () => {
    const id = "hook-delete";
    const lifecycle = { preDelete: { labelsHandler: { [HOLD]: "true" } } };
    await start(sts(), statefulSet(id, { replicas: 3, spec: { lifecycle }, podLabels: { [HOLD]: "true" } }));
    const name = `${id}-2`;
    const timeline = await sts().watch(id);
    try {
      await sts().patch(id, { spec: { replicas: 2 } });
      const held = await until(`${name} PreparingDelete (${h.hint()})`, async () => {
        const p = await podNamed(id, name);
        return stateOf(p) === "PreparingDelete" && p;
      });
      expect(held.metadata.deletionTimestamp).toBeUndefined();
      await setHold(h, name, null);
      await until(`${name} deleted`, async () => !(await podNamed(id, name)));
      await sts().settled(id);
      expect(timeline.names("deleted")).toEqual([name]);
      expect(timeline.statesOf(name)).toEqual(["Normal", "PreparingDelete"]);
    } finally {
      timeline.close();
    }
    await sts().remove(id);
  });

  it("rollback with partition 3 after ordinals 4 and 3 went to a new image: the prediction names exactly 4 and 3, in place, and they are the pods that move back", async () => {
    const id = "rollback";
    const initial = await start(sts(), statefulSet(id, { replicas: 5, ru: { partition: 3 } }));
    const v1 = initial.object.status!.updateRevision!;
    await change(sts(), id, statefulImagePatch("nginx:2.0"), {
      what: "ordinals 4 and 3 updated",
      test: (o) => STATEFULSET.settled(o) && o.status?.updatedReplicas === 2 && o.status.updateRevision !== v1,
    });
    const object = await sts().get(id);
    const revisions = await sts().revisions(id);
    const pods = await sts().pods(id);
    const target = revisions.find((r) => r.metadata.name === v1)!;
    const prediction = predictStatefulRollback(object, pods, revisions, target);
    expect(prediction.moves).toEqual([
      { pod: `${id}-4`, how: "in-place" },
      { pod: `${id}-3`, how: "in-place" },
    ]);
    expect(prediction.alreadyThere.sort()).toEqual(ordinalNames(id, [0, 1, 2]));
    const ran = await change(
      sts(),
      id,
      statefulImagePatch("nginx:1.0"),
      {
        what: "rolled back",
        test: (o) => STATEFULSET.settled(o) && o.status?.updateRevision === v1 && o.status.updatedReplicas === 5,
      },
      v1,
    );
    expect(ran.timeline.names("in-place")).toEqual(prediction.moves.map((m) => m.pod));
    expect(ran.timeline.names("created")).toEqual([]);
    expect(ran.pods.map((p) => p.metadata.uid).sort()).toEqual(initial.pods.map((p) => p.metadata.uid).sort());
    expect(ran.object.status?.currentRevision).toBe(v1);
    const reused = (await sts().revisions(id)).find((r) => r.metadata.name === v1);
    expect(reused?.revision).toBe(prediction.revisionNumber);
    await sts().eventsReach(id, { SuccessfulUpdatePodInPlace: 4 });
    await sts().remove(id);
  });
});
