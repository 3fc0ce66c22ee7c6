/**
 * Rollout scenarios for the sandbox controllers, run against the sandbox API server and a
 * real kube-apiserver with the CloneSet CRD; the CloneSet controller and kubelet simulators are the
 * clusters' clients in both cases (fast mode, wait-for-condition polling, no fixed sleeps).
 */
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, Watch } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { previewPartition } from "@/lib/kruise/order/preview";
import { KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";

const TIMEOUT = 90_000;

function cloneSet(name: string, replicas: number, image: string, strategy: Record<string, unknown> = {}): CloneSet {
  return {
    apiVersion: "apps.kruise.io/v1alpha1",
    kind: "CloneSet",
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      updateStrategy: { type: "InPlaceIfPossible", ...strategy },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            { name: "app", image },
            { name: "sidecar", image: "busybox:1.36" },
          ],
        },
      },
    },
  };
}

const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false;

describe.each(KINDS)("rollout scenarios (%s)", (kind) => {
  const h = useCluster(kind, { ns: "rollout" });
  let ctl: RunningControllers;
  const api = () => h.c.kubeConfig().makeApiClient(CustomObjectsApi);
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  const ref = (name: string) => ({
    group: "apps.kruise.io",
    version: "v1alpha1",
    plural: "clonesets",
    namespace: h.ns,
    name,
  });
  const get = async (name: string) => (await api().getNamespacedCustomObject(ref(name))) as CloneSet;
  const patch = (name: string, body: object) =>
    api().patchNamespacedCustomObject(
      { ...ref(name), body },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
  const create = (cs: CloneSet) => api().createNamespacedCustomObject({ ...ref(cs.metadata.name!), body: cs });
  const pods = async (app: string) =>
    (await core().listNamespacedPod({ namespace: h.ns, labelSelector: `app=${app}` })).items as Pod[];
  const settled = (name: string, n: number) =>
    until(`${name} to have ${n} ready pods`, async () => {
      const cs = await get(name);
      return cs.status?.readyReplicas === n && cs.status.observedGeneration === cs.metadata.generation && cs;
    });
  const image = (name: string, img: string, extra: object = {}) =>
    patch(name, {
      spec: {
        updateStrategy: extra,
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

  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, namespace: h.ns });
  }, TIMEOUT);
  afterAll(async () => {
    await ctl?.stop();
  });

  it(
    "partition 10 → 7 moves as many pods as previewed, all from the previewed pods and tie groups (never a pod the preview ruled out)",
    async () => {
      await create(cloneSet("tie", 10, "nginx:1.0", { partition: 10 }));
      await settled("tie", 10);
      await image("tie", "nginx:2.0");
      const cs = await until("a new update revision", async () => {
        const c = await get("tie");
        return (
          c.status?.updateRevision !== c.status?.currentRevision &&
          c.status?.observedGeneration === c.metadata.generation &&
          c
        );
      });
      const live = (await pods("tie")).filter((p) => !p.metadata.deletionTimestamp);
      const preview = previewPartition(cs, live, 7, Date.now());
      const allowed = new Set(
        [...preview.willMove.exact, ...preview.willMove.held, ...preview.willMove.ties.flatMap((g) => g.of)].map(
          (x) => x.name,
        ),
      );
      await patch("tie", { spec: { updateStrategy: { partition: 7 } } });
      const done = await until("3 pods updated and ready", async () => {
        const c = await get("tie");
        return c.status?.updatedReadyReplicas === 3 && c;
      });
      const moved = (await pods("tie"))
        .filter((p) => p.metadata.labels?.["controller-revision-hash"] === done.status?.updateRevision)
        .map((p) => p.metadata.name!);
      expect(moved).toHaveLength(preview.moveCount);
      for (const n of moved) expect(allowed, `${n} was previewed`).toContain(n);
      for (const x of preview.willMove.exact) expect(moved, "a pod the preview named exactly moved").toContain(x.name);
    },
    TIMEOUT,
  );

  it(
    "partition 7 of 10 updates exactly 3 pods in place, then partition 0 rolls all 10 without exceeding maxUnavailable",
    async () => {
      await create(cloneSet("ro", 10, "nginx:1.0"));
      await settled("ro", 10);
      const before = new Map((await pods("ro")).map((p) => [p.metadata.name!, p]));

      // Watch every pod change from here on and check the Ready count never drops below 10 - 2.
      const live = new Map([...before].map(([k, p]) => [k, isReady(p)]));
      let minReady = 10;
      const list = await core().listNamespacedPod({ namespace: h.ns, labelSelector: "app=ro" });
      const stopWatch = await new Watch(h.c.kubeConfig()).watch(
        `/api/v1/namespaces/${h.ns}/pods`,
        { labelSelector: "app=ro", resourceVersion: list.metadata?.resourceVersion },
        (type, obj: Pod) => {
          if (type === "DELETED") live.delete(obj.metadata.name!);
          else live.set(obj.metadata.name!, isReady(obj));
          minReady = Math.min(minReady, [...live.values()].filter(Boolean).length);
        },
        () => {},
      );
      try {
        await image("ro", "nginx:2.0", { partition: 7 });
        const cs = await until("3 pods updated and ready", async () => {
          const c = await get("ro");
          return c.status?.updatedReadyReplicas === 3 && c.status.readyReplicas === 10 && c;
        });
        expect(cs.status?.expectedUpdatedReplicas).toBe(3);
        expect(cs.status?.updatedReplicas).toBe(3);
        expect(cs.status?.currentRevision).not.toBe(cs.status?.updateRevision);
        const now = await pods("ro");
        const updated = now.filter(
          (p) => p.metadata.labels?.["controller-revision-hash"] === cs.status?.updateRevision,
        );
        expect(updated).toHaveLength(3);
        for (const p of updated) {
          const old = before.get(p.metadata.name!)!;
          expect(p.metadata.uid).toBe(old.metadata.uid);
          const app = p.status!.containerStatuses!.find((c) => c.name === "app")!;
          expect(app.imageID).not.toBe(old.status!.containerStatuses!.find((c) => c.name === "app")!.imageID);
          expect(app.restartCount).toBe(1);
          expect(p.status!.containerStatuses!.find((c) => c.name === "sidecar")!.restartCount).toBe(0);
          expect(JSON.parse(p.metadata.annotations!["apps.kruise.io/inplace-update-state"])).toMatchObject({
            revision: cs.status?.updateRevision,
            containerBatchesRecord: [{ containers: ["app"] }],
          });
        }

        await patch("ro", { spec: { updateStrategy: { partition: 0 } } });
        const done = await until("all 10 updated", async () => {
          const c = await get("ro");
          return c.status?.updatedReadyReplicas === 10 && c.status.currentRevision === c.status.updateRevision && c;
        });
        expect(done.status?.updatedReplicas).toBe(10);
        expect(new Set((await pods("ro")).map((p) => p.metadata.uid))).toEqual(
          new Set([...before.values()].map((p) => p.metadata.uid)),
        );
        expect(minReady).toBeGreaterThanOrEqual(8);
      } finally {
        stopWatch.abort();
      }
    },
    TIMEOUT,
  );

  it(
    'partition "90%" of 8 replicas updates exactly 1 pod',
    async () => {
      await create(cloneSet("pct", 8, "nginx:1.0", { partition: "90%" }));
      await settled("pct", 8);
      expect((await get("pct")).status?.expectedUpdatedReplicas).toBe(1);
      await image("pct", "nginx:2.0");
      const cs = await until("1 updated pod", async () => {
        const c = await get("pct");
        return c.status?.updatedReadyReplicas === 1 && c.status.readyReplicas === 8 && c;
      });
      expect(cs.status?.updatedReplicas).toBe(1);
      expect((await pods("pct")).filter((p) => p.spec.containers[0].image === "nginx:2.0")).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    "a failing image stalls the rollout with the pull error on the pod",
    async () => {
      await create(cloneSet("bad", 4, "nginx:1.0", { maxUnavailable: 1 }));
      await settled("bad", 4);
      await image("bad", "nginx:1.1-bad");
      const stuck = await until("a pod waiting on its image", async () =>
        (await pods("bad")).find((p) =>
          p.status?.containerStatuses?.some((c) =>
            ["ErrImagePull", "ImagePullBackOff"].includes(c.state?.waiting?.reason ?? ""),
          ),
        ),
      );
      const waiting = stuck.status!.containerStatuses!.find((c) => c.state?.waiting)!.state!.waiting!;
      expect(waiting.message).toMatch(/nginx:1.1-bad/);
      // Still stalled after the kubelet retried the pull: only one pod was taken out of service.
      await until("a second pull attempt", async () =>
        (await pods("bad")).some((p) =>
          p.status?.containerStatuses?.some((c) => c.state?.waiting?.reason === "ImagePullBackOff"),
        ),
      );
      const cs = await get("bad");
      expect(cs.status?.updatedReadyReplicas).toBe(0);
      expect(cs.status?.updatedReplicas).toBe(1);
      expect(cs.status?.readyReplicas).toBe(3);
    },
    TIMEOUT,
  );

  it(
    "rolling the template back reuses the old revision name",
    async () => {
      await create(cloneSet("rb", 3, "nginx:1.0"));
      const v1 = (await settled("rb", 3)).status!.updateRevision!;
      await image("rb", "nginx:2.0");
      const v2 = (
        await until("v2 rolled out", async () => {
          const c = await get("rb");
          return c.status?.updateRevision !== v1 && c.status?.updatedReadyReplicas === 3 && c;
        })
      ).status!.updateRevision!;
      await image("rb", "nginx:1.0");
      const back = await until("rolled back", async () => {
        const c = await get("rb");
        return c.status?.updateRevision === v1 && c.status.updatedReadyReplicas === 3 && c;
      });
      expect(back.status?.currentRevision).toBe(v1);
      const revs = (await h.c.kubeConfig().makeApiClient(CustomObjectsApi).listNamespacedCustomObject({
        group: "apps",
        version: "v1",
        plural: "controllerrevisions",
        namespace: h.ns,
      })) as { items: ControllerRevision[] };
      const mine = revs.items.filter((r) => r.metadata.labels?.app === "rb").sort((a, b) => a.revision - b.revision);
      expect(mine.map((r) => r.metadata.name)).toEqual([v2, v1]);
      expect(mine.map((r) => r.revision)).toEqual([2, 3]);
    },
    TIMEOUT,
  );
});
