/**
 * Contract: the kubelet simulator reports a pod's Ready time once, on any API server. Kruise orders pods to
 * update by when they became Ready (docs/kruise-rules.md §4.1), so a Ready time that moves back and forth
 * (two status writes computed from different cached copies of the pod) makes Kruise and the preview pick
 * different pods. A real kubelet keeps transition times in its own status cache
 * (kubelet pkg/kubelet/status/status_manager.go updateStatusInternal); the simulator must too.
 */
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import { KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";
import { watch, type WatchStream } from "./lib/raw";

const TIMEOUT = 120_000;
const SETTLE = 90_000;

const readyTime = (p: Pod) => {
  const c = p.status?.conditions?.find((x) => x.type === "Ready");
  return c?.status === "True" ? (c.lastTransitionTime ?? "") : undefined;
};

describe.each(KINDS)("kubelet Ready times (%s)", (kind) => {
  const h = useCluster(kind, { ns: "ready" });
  let ctl: RunningControllers;
  let podWatch: WatchStream;
  const api = () => h.c.kubeConfig().makeApiClient(CustomObjectsApi);
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  const ref = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", name: "rt" };
  const get = async () => (await api().getNamespacedCustomObject({ ...ref, namespace: h.ns })) as CloneSet;
  const setImage = (image: string) =>
    api().patchNamespacedCustomObject(
      {
        ...ref,
        namespace: h.ns,
        body: { spec: { template: { spec: { containers: [{ name: "app", image }] } } } },
      },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );

  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, namespace: h.ns });
    podWatch = await watch(h.c, `/api/v1/namespaces/${h.ns}/pods?watch=true`);
  }, TIMEOUT);
  afterAll(async () => {
    podWatch?.close();
    await ctl?.stop();
  });

  it(
    "through creation and an in-place update of 10 pods, no pod's Ready time ever moves back, and settled pods get no more status writes",
    async () => {
      const body: CloneSet = {
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        metadata: { name: "rt" },
        spec: {
          replicas: 10,
          selector: { matchLabels: { app: "rt" } },
          template: {
            metadata: { labels: { app: "rt" } },
            spec: { containers: [{ name: "app", image: "nginx:1.25" }] },
          },
          updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: 5 },
        },
      };
      await api().createNamespacedCustomObject({ ...ref, namespace: h.ns, body });
      await until("10 ready pods", async () => (await get()).status?.readyReplicas === 10, SETTLE);
      await setImage("nginx:1.26");
      await until(
        "10 updated ready pods",
        async () => {
          const s = (await get()).status;
          return s?.updatedReadyReplicas === 10 && s.readyReplicas === 10;
        },
        SETTLE,
      );

      // The watch may trail the status: wait until it shows every pod updated and Ready.
      const latest = () => {
        const byName = new Map<string, Pod>();
        for (const e of podWatch.events) {
          const p = e.object as unknown as Pod;
          if (e.type === "DELETED") byName.delete(p.metadata.name!);
          else byName.set(p.metadata.name!, p);
        }
        return [...byName.values()];
      };
      await until(
        "the watch to show 10 updated Ready pods",
        async () => {
          const pods = latest();
          return pods.length === 10 && pods.every((p) => p.spec.containers[0].image === "nginx:1.26" && readyTime(p));
        },
        SETTLE,
      );

      // Every Ready=True time each pod reported, in watch order: each one may only be later than the last.
      const seen = new Map<string, string[]>();
      for (const e of podWatch.events) {
        const p = e.object as unknown as Pod;
        const t = readyTime(p);
        if (t === undefined) continue;
        const list = seen.get(p.metadata.name!) ?? [];
        if (list[list.length - 1] !== t) list.push(t);
        seen.set(p.metadata.name!, list);
      }
      expect(seen.size).toBe(10);
      for (const [name, times] of seen)
        expect(times, `${name}'s Ready times in watch order`).toEqual([...times].sort());

      // Settled: the pods' writes stop. The controllers may still write once or twice after the last pod shows
      // Ready on the new image (the lifecycle label back to Normal, for one), so wait for a quiet watch rather
      // than demand one at once; a flip-flop between two writers never goes quiet.
      await until(
        "3 s without a pod write",
        async () => {
          const before = podWatch.events.length;
          await new Promise((r) => setTimeout(r, 3_000));
          return podWatch.events.length === before;
        },
        45_000,
      );
      const pods = (await core().listNamespacedPod({ namespace: h.ns, labelSelector: "app=rt" })).items as Pod[];
      expect(pods.every((p) => readyTime(p))).toBe(true);
    },
    TIMEOUT,
  );
});
