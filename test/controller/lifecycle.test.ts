/**
 * Lifecycle hooks, pause, a failing image and rollback (docs/kruise-rules.md §2.2, §6.6, §8.2): the test plays the
 * hook's own controller (removing and putting back its label), and every prediction comes from the live objects.
 */
import { describe, expect, it } from "vitest";
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import { predictPartition, predictRollback } from "@/lib/kruise/order/change-prediction";
import { predictScaleIn } from "@/lib/kruise/order/scale-in";
import { CLONESET, cloneSet, imagePatch } from "./lib/cloneset";
import { observedFates, predictionBreaks, sliceBreaks } from "./lib/fates";
import { CONTROLLERS, useController, type ControllerHandle } from "./lib/harness";
import { patchPodMeta } from "./lib/pods";
import { change, newRevision, start } from "./lib/scenario";
import { until } from "./lib/wait";
import { WorkloadClient } from "./lib/workload";

const HOLD = "example.com/hold";
const STATE = "lifecycle.apps.kruise.io/state";

const setPodLabel = (h: ControllerHandle, name: string, key: string, value: string | null) =>
  patchPodMeta(h, name, { labels: { [key]: value } });

const stateOf = (p: Pod | undefined) => p?.metadata.labels?.[STATE];
const waiting = (o: CloneSet) => o.status?.observedGeneration === o.metadata.generation;

describe.each(CONTROLLERS)("hooks, pause, failing pods and rollback (%s)", (kind) => {
  const h = useController(kind, { ns: "lifecycle" });
  const cs = () => new WorkloadClient<CloneSet>(h, CLONESET);
  const podNamed = async (id: string, name: string) => (await cs().pods(id)).find((p) => p.metadata.name === name);

  it("inPlaceUpdate hook: the chosen pod waits in PreparingUpdate until the hook lets go, is updated in place, waits in Updated until the hook is back, then Normal", async () => {
    const id = "hook-update";
    const lifecycle = { inPlaceUpdate: { labelsHandler: { [HOLD]: "true" } } };
    const initial = await start(
      cs(),
      cloneSet(id, { replicas: 3, lifecycle, podLabels: { [HOLD]: "true" }, strategy: { partition: 3 } }),
    );
    const { object, revisions } = await newRevision(cs(), id, imagePatch("nginx:2.0"));
    const prediction = predictPartition(object, initial.pods, revisions, 2, Date.now());
    const timeline = await cs().watch(id);
    try {
      await cs().patch(id, { spec: { updateStrategy: { partition: 2 } } });
      const held = await until(`a pod in PreparingUpdate (${h.hint()})`, async () =>
        (await cs().pods(id)).find((p) => stateOf(p) === "PreparingUpdate"),
      );
      expect(held.metadata.labels?.["controller-revision-hash"]).not.toBe(object.status?.updateRevision);
      const name = held.metadata.name!;
      await setPodLabel(h, name, HOLD, null);
      await until(
        `${name} updated and waiting in Updated`,
        async () => stateOf(await podNamed(id, name)) === "Updated",
      );
      await setPodLabel(h, name, HOLD, "true");
      await cs().settled(id, "1 updated and ready");
      await until(`${name} Normal`, async () => stateOf(await podNamed(id, name)) === "Normal");
      expect(timeline.statesOf(name)).toEqual(["Normal", "PreparingUpdate", "Updating", "Updated", "Normal"]);
      const fates = observedFates(timeline, initial.pods);
      expect(predictionBreaks(prediction, fates), h.hint()).toEqual([]);
    } finally {
      timeline.close();
    }
    await cs().remove(id);
  });

  it("preDelete hook: the pod a scale-in chooses waits in PreparingDelete until the hook lets go, then is deleted", async () => {
    const id = "hook-delete";
    const lifecycle = { preDelete: { labelsHandler: { [HOLD]: "true" } } };
    const initial = await start(cs(), cloneSet(id, { replicas: 3, lifecycle, podLabels: { [HOLD]: "true" } }));
    const prediction = predictScaleIn(await cs().get(id), initial.pods, 2, Date.now());
    const timeline = await cs().watch(id);
    try {
      await cs().patch(id, { spec: { replicas: 2 } });
      const held = await until(`a pod in PreparingDelete (${h.hint()})`, async () =>
        (await cs().pods(id)).find((p) => stateOf(p) === "PreparingDelete"),
      );
      expect(sliceBreaks(prediction.chosen, [held.metadata.name!])).toEqual([]);
      await setPodLabel(h, held.metadata.name!, HOLD, null);
      await until(`${held.metadata.name} deleted`, async () => !(await podNamed(id, held.metadata.name!)));
      await cs().settled(id);
      expect(
        timeline.statesOf(held.metadata.name!),
        JSON.stringify(initial.pods.map((p) => [p.metadata.name, timeline.statesOf(p.metadata.name!)])),
      ).toEqual(["Normal", "PreparingDelete"]);
    } finally {
      timeline.close();
    }
    await cs().remove(id);
  });

  it("paused: a partition change moves no pod until the rollout is resumed, then all go in place", async () => {
    const id = "paused";
    const initial = await start(cs(), cloneSet(id, { replicas: 4, strategy: { partition: 4, paused: true } }));
    const { object } = await newRevision(cs(), id, imagePatch("nginx:2.0"));
    const timeline = await cs().watch(id);
    try {
      // The status write that observes the new partition comes after any pod write of the same reconcile.
      const seen = await cs().patch(id, { spec: { updateStrategy: { partition: 0 } } });
      await cs().until(
        id,
        "partition 0 observed",
        (o) => waiting(o) && o.metadata.generation! >= seen.metadata.generation!,
      );
      expect(timeline.moves).toEqual([]);
    } finally {
      timeline.close();
    }
    const ran = await change(
      cs(),
      id,
      { spec: { updateStrategy: { paused: false } } },
      {
        what: "all updated",
        test: (o) => CLONESET.settled(o) && o.status?.currentRevision === o.status?.updateRevision,
      },
      object.status!.updateRevision!,
    );
    expect(ran.timeline.names("in-place")).toHaveLength(4);
    expect(ran.pods.map((p) => p.metadata.uid).sort()).toEqual(initial.pods.map((p) => p.metadata.uid).sort());
    await cs().remove(id);
  });

  it("a failing image stalls the rollout after maxUnavailable pods: the pull error on the pod, FailedUpdate never set", async () => {
    const id = "failing";
    await start(cs(), cloneSet(id, { replicas: 4, strategy: { maxUnavailable: 1 } }));
    await cs().patch(id, imagePatch("nginx:1.1-bad"));
    const stuck = await until(`a pod backing off its image (${h.hint()})`, async () =>
      (await cs().pods(id)).find((p) =>
        p.status?.containerStatuses?.some((c) => c.state?.waiting?.reason === "ImagePullBackOff"),
      ),
    );
    expect(stuck.status?.containerStatuses?.find((c) => c.state?.waiting)?.state?.waiting?.message).toMatch(
      /nginx:1.1-bad/,
    );
    const o = await cs().until(
      id,
      "the stall in status",
      (c) => c.status?.updatedReplicas === 1 && c.status.readyReplicas === 3,
    );
    expect(o.status?.updatedReadyReplicas).toBe(0);
    expect((o.status?.conditions ?? []).some((c) => c.type === "FailedUpdate")).toBe(false);
    await cs().remove(id);
  });

  it("rollback after 2 of 10 pods went to a failing image: exactly those 2 are updated back in place, the 8 are not touched", async () => {
    const id = "rollback";
    const initial = await start(cs(), cloneSet(id, { replicas: 10, strategy: { maxUnavailable: 2 } }));
    const v1 = initial.object.status!.updateRevision!;
    await cs().patch(id, imagePatch("nginx:1.1-bad"));
    await cs().until(
      id,
      "2 pods on the failing revision",
      (o) => o.status?.updatedReplicas === 2 && o.status.updateRevision !== v1,
    );
    const object = await cs().get(id);
    const revisions = await cs().revisions(id);
    const pods = await cs().pods(id);
    const prediction = predictRollback(
      object,
      pods,
      revisions,
      revisions.find((r) => r.metadata.name === v1)!,
      Date.now(),
    );
    expect(prediction.offTarget).toHaveLength(2);
    expect(
      prediction.exact
        .filter((e) => e.fate === "in-place")
        .map((e) => e.pod.name)
        .sort(),
    ).toEqual(prediction.offTarget.map((x) => x.name).sort());
    const ran = await change(
      cs(),
      id,
      imagePatch("nginx:1.0"),
      {
        what: "rolled back",
        test: (o) => CLONESET.settled(o) && o.status?.updateRevision === v1 && o.status.currentRevision === v1,
      },
      v1,
    );
    expect(predictionBreaks(prediction, observedFates(ran.timeline, pods)), h.hint()).toEqual([]);
    expect(ran.timeline.names("in-place").sort()).toEqual(prediction.offTarget.map((x) => x.name).sort());
    await cs().remove(id);
  });

  it("rollback with partition 5 while 5 pods are on the newer revision: the partition keeps them there, nothing moves", async () => {
    const id = "rollback-kept";
    const initial = await start(cs(), cloneSet(id, { replicas: 10, strategy: { partition: 10 } }));
    const v1 = initial.object.status!.updateRevision!;
    await newRevision(cs(), id, imagePatch("nginx:2.0"));
    await change(
      cs(),
      id,
      { spec: { updateStrategy: { partition: 5 } } },
      { what: "5 updated", test: CLONESET.settled },
    );
    const object = await cs().get(id);
    const revisions = await cs().revisions(id);
    const pods = await cs().pods(id);
    const prediction = predictRollback(
      object,
      pods,
      revisions,
      revisions.find((r) => r.metadata.name === v1)!,
      Date.now(),
    );
    expect(prediction.offTarget).toHaveLength(5);
    expect(prediction.exact.every((e) => e.fate === "kept")).toBe(true);
    expect(prediction.groups).toEqual([]);
    const ran = await change(
      cs(),
      id,
      imagePatch("nginx:1.0"),
      {
        what: "the rollback observed",
        test: (o) => waiting(o) && o.status?.updateRevision === v1 && CLONESET.settled(o),
      },
      v1,
    );
    expect(ran.timeline.moves).toEqual([]);
    expect(ran.object.status?.updatedReplicas).toBe(5);
    await cs().remove(id);
  });
});
