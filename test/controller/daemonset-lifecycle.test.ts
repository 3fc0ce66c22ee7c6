/**
 * Advanced DaemonSet placement, pause, the preDelete hook and rollback (docs/kruise-rules.md §14.1, §14.2, §14.6,
 * §14.10): one pod per node, bound by the kubelet to the node the controller's `matchFields` affinity names once the
 * not-ready taint is gone; a rollout paused halfway; a replaced pod held by its hook; and rollback predictions from
 * lib/kruise/daemonset made from the live objects, then checked against what the controller did.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import type { DaemonSet, Pod } from "@/lib/k8s/objects";
import { targetNodeName } from "@/lib/kruise/daemonset/daemon-pods";
import { predictDaemonRollback } from "@/lib/kruise/daemonset/rollback";
import { DAEMONSET, NODES, clusterNodes, daemonImagePatch, daemonSet } from "./lib/daemonset";
import { CONTROLLERS, useController } from "./lib/harness";
import { patchPodMeta } from "./lib/pods";
import { change, start } from "./lib/scenario";
import { until } from "./lib/wait";
import { WorkloadClient } from "./lib/workload";

const HOLD = "example.com/hold";
const HASH = "controller-revision-hash";
const stateOf = (p: Pod | undefined) => p?.metadata.labels?.["lifecycle.apps.kruise.io/state"];
const nodesOf = (pods: Pod[]) => pods.map((p) => p.spec.nodeName).sort();

describe.each(CONTROLLERS)("Advanced DaemonSet placement, pause, hooks and rollback (%s)", (kind) => {
  const h = useController(kind, { ns: "ads-lifecycle", nodes: 4 });
  const ds = () => new WorkloadClient<DaemonSet>(h, DAEMONSET);
  const hashed = (pods: Pod[], hash: string) => pods.filter((p) => p.metadata.labels?.[HASH] === hash);

  it("one pod per node, each bound to the node its matchFields affinity names, once the not-ready taint is gone", async () => {
    const id = "place";
    const { object, pods } = await start(ds(), daemonSet(id, { nodes: NODES }));
    expect(object.status).toMatchObject({
      desiredNumberScheduled: 4,
      currentNumberScheduled: 4,
      numberMisscheduled: 0,
    });
    expect(nodesOf(pods)).toEqual(NODES);
    for (const p of pods)
      expect(targetNodeName({ ...p, spec: { ...p.spec, nodeName: undefined } })).toBe(p.spec.nodeName);
    const core = h.kc().makeApiClient(CoreV1Api);
    for (const n of NODES) {
      const node = await core.readNode({ name: n });
      expect(node.spec?.taints?.some((t) => t.key === "node.kubernetes.io/not-ready") ?? false).toBe(false);
    }
    await ds().eventsReach(id, { SuccessfulCreate: 4 });
    await ds().remove(id);
  });

  it("paused halfway: with nodes 4 and 3 updated, lifting the partition while paused moves nothing until resumed", async () => {
    const id = "half";
    await start(ds(), daemonSet(id, { nodes: NODES, ru: { partition: 2 } }));
    const half = await change(ds(), id, daemonImagePatch("fluent/fluent-bit:2.3"), {
      what: "2 nodes updated",
      test: (o) => o.status?.updatedNumberScheduled === 2 && o.status.numberReady === 4,
    });
    const hash = half.object.status!.daemonSetHash!;
    expect(nodesOf(hashed(half.pods, hash))).toEqual(["sandbox-node-3", "sandbox-node-4"]);
    const timeline = await ds().watch(id);
    try {
      const paused = await ds().patch(id, {
        spec: { updateStrategy: { rollingUpdate: { partition: 0, paused: true } } },
      });
      await ds().until(id, "the pause observed", (o) => o.status?.observedGeneration === paused.metadata.generation);
      expect(timeline.moves).toEqual([]);
    } finally {
      timeline.close();
    }
    const resumed = await change(
      ds(),
      id,
      { spec: { updateStrategy: { rollingUpdate: { paused: false } } } },
      {
        what: "all 4 updated",
        test: (o, pods) =>
          o.status?.updatedNumberScheduled === 4 && hashed(pods, hash).length === 4 && o.status.numberReady === 4,
      },
    );
    expect(
      resumed.timeline
        .names("deleted")
        .map((n) => half.pods.find((p) => p.metadata.name === n)?.spec.nodeName)
        .sort(),
    ).toEqual(["sandbox-node-1", "sandbox-node-2"]);
    await ds().remove(id);
  });

  it("preDelete hook: the pod an update replaces waits in PreparingDelete until the hook lets go, then a new pod takes its node", async () => {
    const id = "hook";
    const lifecycle = { preDelete: { labelsHandler: { [HOLD]: "true" } } };
    const node = ["sandbox-node-1"];
    const initial = await start(ds(), daemonSet(id, { nodes: node, spec: { lifecycle } }));
    const [pod] = initial.pods;
    await patchPodMeta(h, pod.metadata.name!, { labels: { [HOLD]: "true" } });
    await ds().barrier(id);
    const timeline = await ds().watch(id);
    try {
      await ds().patch(id, daemonImagePatch("fluent/fluent-bit:2.3"));
      const held = await until(`${pod.metadata.name} PreparingDelete (${h.hint()})`, async () => {
        const p = (await ds().pods(id)).find((x) => x.metadata.uid === pod.metadata.uid);
        return stateOf(p) === "PreparingDelete" && p;
      });
      expect(held.metadata.deletionTimestamp).toBeUndefined();
      expect(timeline.names("created")).toEqual([]);
      await patchPodMeta(h, pod.metadata.name!, { labels: { [HOLD]: null } });
      // The status counts for the new revision only once it names it: kruise-manager marks the pod PreparingDelete
      // before it writes the status of that same reconcile, so the one read just then is the old revision's.
      const v1 = initial.object.status!.daemonSetHash!;
      const replaced = await until("a new pod on sandbox-node-1, ready, counted for the new revision", async () => {
        const o = await ds().get(id);
        const ps = await ds().pods(id);
        const current =
          o.status?.observedGeneration === o.metadata.generation &&
          !!o.status?.daemonSetHash &&
          o.status.daemonSetHash !== v1;
        return (
          current &&
          o.status?.updatedNumberScheduled === 1 &&
          o.status.numberReady === 1 &&
          ps.length === 1 &&
          ps[0].metadata.labels?.[HASH] === o.status.daemonSetHash &&
          ps[0]
        );
      });
      expect(replaced.metadata.uid).not.toBe(pod.metadata.uid);
      expect(replaced.spec.nodeName).toBe("sandbox-node-1");
      // A daemon pod carries no lifecycle state until the hook marks it (both controllers, docs/observed-kruise.md).
      expect(timeline.statesOf(pod.metadata.name!)).toEqual(["", "PreparingDelete"]);
    } finally {
      timeline.close();
    }
    await ds().remove(id);
  });

  it("rollback after one node went to a failing image: the prediction names that node's pod alone, recreated, and only it moves", async () => {
    const id = "rollback";
    const initial = await start(ds(), daemonSet(id, { nodes: NODES }));
    const v1 = initial.object.status!.daemonSetHash!;
    await ds().patch(id, daemonImagePatch("fluent/fluent-bit:9.9-bad"));
    await ds().until(
      id,
      "one node on the failing image",
      (o) => o.status?.updatedNumberScheduled === 1 && o.status.daemonSetHash !== v1,
    );
    const revisions = await ds().revisions(id);
    const pods = await ds().pods(id);
    const target = revisions.find((r) => r.metadata.labels?.[HASH] === v1)!;
    const prediction = predictDaemonRollback(await ds().get(id), await clusterNodes(h), pods, revisions, target);
    const bad = pods.filter((p) => p.metadata.labels?.[HASH] !== v1);
    expect(bad).toHaveLength(1);
    // The node a daemon pod is for is the one its affinity names, bound yet or not (the kubelet binds it a moment later).
    expect(prediction.moves).toEqual([{ pod: bad[0].metadata.name, node: targetNodeName(bad[0]), how: "recreate" }]);
    const ran = await change(
      ds(),
      id,
      daemonImagePatch("fluent/fluent-bit:2.2"),
      {
        what: "rolled back",
        test: (o, now) => DAEMONSET.settled(o) && o.status?.daemonSetHash === v1 && hashed(now, v1).length === 4,
      },
      v1,
    );
    expect(ran.timeline.names("deleted")).toEqual(prediction.moves.map((m) => m.pod));
    expect(ran.timeline.names("created")).toHaveLength(1);
    await ds().remove(id);
  });

  it("rollback with partition 2 after nodes 4 and 3 updated: nodes 1 and 2, already on the target, use up what the partition allows, so nothing moves", async () => {
    const id = "rollback-kept";
    const initial = await start(ds(), daemonSet(id, { nodes: NODES, ru: { partition: 2 } }));
    const v1 = initial.object.status!.daemonSetHash!;
    await change(ds(), id, daemonImagePatch("fluent/fluent-bit:2.3"), {
      what: "nodes 4 and 3 updated",
      test: (o) =>
        o.status?.updatedNumberScheduled === 2 && o.status.numberReady === 4 && o.status.daemonSetHash !== v1,
    });
    const revisions = await ds().revisions(id);
    const target = revisions.find((r) => r.metadata.labels?.[HASH] === v1)!;
    const prediction = predictDaemonRollback(
      await ds().get(id),
      await clusterNodes(h),
      await ds().pods(id),
      revisions,
      target,
    );
    expect(prediction.moves).toEqual([]);
    expect(prediction.kept.length).toBe(2);
    const ran = await change(ds(), id, daemonImagePatch("fluent/fluent-bit:2.2"), {
      what: "the rollback observed",
      test: (o) =>
        o.status?.observedGeneration === o.metadata.generation &&
        o.status?.daemonSetHash === v1 &&
        o.status?.updatedNumberScheduled === 2,
    });
    expect(ran.timeline.moves).toEqual([]);
    await ds().remove(id);
  });
});
