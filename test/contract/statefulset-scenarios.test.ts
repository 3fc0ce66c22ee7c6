/**
 * Advanced StatefulSet scenarios for the sandbox controllers, run against the sandbox API server and a real
 * kube-apiserver with the v1.6.2 CRD (docs/kruise-rules.md §13): the controller and kubelet simulators are the
 * clusters' clients in both cases (fast mode, wait-for-condition polling, no fixed sleeps).
 */
import { CoreV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import type { Pod, StatefulSet } from "@/lib/k8s/objects";
import { KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";
import { watchPods } from "./lib/pod-watch";
import { STS, advancedStatefulSet, customObjects } from "./lib/workloads";

const TIMEOUT = 120_000;

describe.each(KINDS)("Advanced StatefulSet scenarios (%s)", (kind) => {
  const h = useCluster(kind, { ns: "asts" });
  let ctl: RunningControllers;
  const sts = () => customObjects<StatefulSet>(h.c.kubeConfig(), STS, h.ns);
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  const pods = async (app: string) =>
    ((await core().listNamespacedPod({ namespace: h.ns, labelSelector: `app=${app}` })).items as Pod[]).filter(
      (p) => !p.metadata.deletionTimestamp,
    );
  const settled = (name: string, n: number) =>
    until(`${name} to have ${n} ready pods`, async () => {
      const s = await sts().get(name);
      return s.status?.readyReplicas === n && s.status.observedGeneration === s.metadata.generation && s;
    });
  const image = (name: string, img: string, ru: object = {}) =>
    sts().merge(name, {
      spec: {
        updateStrategy: { rollingUpdate: ru },
        template: {
          spec: {
            containers: [
              { name: "app", image: img },
              { name: "sidecar", image: "busybox:1.36" },
            ],
          },
        },
      },
    });
  const names = (ps: Pod[]) => ps.map((p) => p.metadata.name).sort();
  /** A strategic merge patch of a pod's metadata, as a user's hook controller would send. */
  const patchPod = (name: string, metadata: object) =>
    core().patchNamespacedPod(
      { name, namespace: h.ns, body: { metadata } },
      setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch),
    );

  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, namespace: h.ns });
  }, TIMEOUT);
  afterAll(async () => {
    await ctl?.stop();
  });

  it(
    "partition 3 of 5 updates ordinals 4 then 3 in place; 0–2 keep the old revision, and the status says so",
    async () => {
      await sts().create(advancedStatefulSet("part", 5, { ru: { partition: 3 } }));
      const before = await settled("part", 5);
      const uids = new Map((await pods("part")).map((p) => [p.metadata.name, p.metadata.uid]));
      const w = await watchPods(h.c.kubeConfig(), h.ns, "part");
      try {
        await image("part", "nginx:2.0");
        const s = await until("2 pods updated and all ready", async () => {
          const x = await sts().get("part");
          return (
            x.status?.updatedReplicas === 2 &&
            x.status.readyReplicas === 5 &&
            x.status.updateRevision !== before.status?.updateRevision &&
            x
          );
        });
        expect(w.reached(s.status!.updateRevision!)).toEqual(["part-4", "part-3"]);
        expect(w.minReady()).toBe(4);
        expect(s.status).toMatchObject({
          replicas: 5,
          currentReplicas: 3,
          currentRevision: before.status?.currentRevision,
        });
        for (const p of await pods("part")) expect(p.metadata.uid).toBe(uids.get(p.metadata.name));
      } finally {
        w.stop();
      }
    },
    TIMEOUT,
  );

  it(
    "Parallel with maxUnavailable 2 rolls 6 pods with never more than 2 unavailable, and currentRevision follows",
    async () => {
      await sts().create(
        advancedStatefulSet("par", 6, { ru: { maxUnavailable: 2 }, spec: { podManagementPolicy: "Parallel" } }),
      );
      const before = await settled("par", 6);
      const w = await watchPods(h.c.kubeConfig(), h.ns, "par");
      try {
        await image("par", "nginx:2.0");
        const s = await until("all 6 updated", async () => {
          const x = await sts().get("par");
          return (
            x.status?.currentRevision !== before.status?.currentRevision &&
            x.status?.currentRevision === x.status?.updateRevision &&
            x.status?.readyReplicas === 6 &&
            x
          );
        });
        expect(w.minReady()).toBeGreaterThanOrEqual(4);
        expect(w.minReady()).toBeLessThan(6);
        expect(s.status?.updatedReplicas).toBe(6);
      } finally {
        w.stop();
      }
    },
    TIMEOUT,
  );

  it(
    "reserveOrdinals [1]: pod -1 goes and pod -3 comes, so three pods remain",
    async () => {
      await sts().create(advancedStatefulSet("res", 3, { spec: { podManagementPolicy: "Parallel" } }));
      await settled("res", 3);
      await sts().merge("res", { spec: { reserveOrdinals: [1] } });
      await until("pods 0, 2 and 3", async () => {
        const ps = await pods("res");
        return names(ps).join() === "res-0,res-2,res-3" && ps.every((p) => p.status?.phase === "Running") && ps;
      });
      await settled("res", 3);
    },
    TIMEOUT,
  );

  it(
    "unorderedUpdate: with partition 3 of 4 the pod the priority names moves, not the highest ordinal",
    async () => {
      const prio = {
        priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { canary: "true" } } }] },
      };
      await sts().create(
        advancedStatefulSet("uno", 4, {
          ru: { partition: 3, unorderedUpdate: prio },
          spec: { podManagementPolicy: "Parallel" },
        }),
      );
      await settled("uno", 4);
      await patchPod("uno-1", { labels: { canary: "true" } });
      await image("uno", "nginx:2.0");
      const s = await until("1 updated pod", async () => {
        const x = await sts().get("uno");
        return (
          x.status?.updatedReplicas === 1 &&
          x.status.updateRevision !== x.status.currentRevision &&
          x.status.readyReplicas === 4 &&
          x
        );
      });
      const moved = (await pods("uno")).filter(
        (p) => p.metadata.labels?.["controller-revision-hash"] === s.status?.updateRevision,
      );
      expect(names(moved)).toEqual(["uno-1"]);
    },
    TIMEOUT,
  );

  it(
    "podUpdatePolicy ReCreate replaces a pod under the same name with a new uid",
    async () => {
      await sts().create(advancedStatefulSet("rec", 2, { ru: { podUpdatePolicy: "ReCreate" } }));
      const first = await settled("rec", 2);
      const before = new Map((await pods("rec")).map((p) => [p.metadata.name, p.metadata.uid]));
      await image("rec", "nginx:2.0");
      const s = await until("both recreated", async () => {
        const x = await sts().get("rec");
        return (
          x.status?.currentRevision !== first.status?.currentRevision &&
          x.status?.updatedReplicas === 2 &&
          x.status.readyReplicas === 2 &&
          x.status.currentRevision === x.status.updateRevision &&
          x
        );
      });
      const now = await pods("rec");
      expect(names(now)).toEqual(["rec-0", "rec-1"]);
      for (const p of now) expect(p.metadata.uid).not.toBe(before.get(p.metadata.name));
      expect(s.status?.currentReplicas).toBe(2);
    },
    TIMEOUT,
  );

  it(
    "paused: the new revision is recorded but no pod moves until the rollout is resumed",
    async () => {
      await sts().create(advancedStatefulSet("pause", 2, { ru: { paused: true } }));
      const before = await settled("pause", 2);
      await image("pause", "nginx:2.0");
      const held = await until("a new update revision", async () => {
        const x = await sts().get("pause");
        return (
          x.status?.updateRevision !== before.status?.updateRevision &&
          x.status?.observedGeneration === x.metadata.generation &&
          x
        );
      });
      expect(held.status?.updatedReplicas).toBe(0);
      await sts().merge("pause", { spec: { updateStrategy: { rollingUpdate: { paused: false } } } });
      await until("both updated after resume", async () => {
        const x = await sts().get("pause");
        return x.status?.updatedReplicas === 2 && x.status.readyReplicas === 2 && x;
      });
    },
    TIMEOUT,
  );

  it(
    "scale in: the preDelete hook holds the highest pod in PreparingDelete until its finalizer goes",
    async () => {
      const hook = { preDelete: { finalizersHandler: ["example.com/drain"] } };
      await sts().create(advancedStatefulSet("hook", 3, { spec: { lifecycle: hook } }));
      await settled("hook", 3);
      await patchPod("hook-2", { finalizers: ["example.com/drain"] });
      await sts().merge("hook", { spec: { replicas: 2 } });
      const held = await until("hook-2 PreparingDelete", async () => {
        const p = (await pods("hook")).find((x) => x.metadata.name === "hook-2");
        return p?.metadata.labels?.["lifecycle.apps.kruise.io/state"] === "PreparingDelete" && p;
      });
      expect(held.metadata.deletionTimestamp).toBeUndefined();
      await patchPod("hook-2", { finalizers: null });
      await until("hook-2 gone", async () => names(await pods("hook")).join() === "hook-0,hook-1");
    },
    TIMEOUT,
  );
});
