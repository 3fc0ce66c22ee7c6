/**
 * Contract: the kubelet simulator spreads pods over its nodes the same way on any API server. A burst of
 * creations arrives before any binding is visible, so the spread must come from the kubelet's own record of
 * where it placed pods, not from pods it has already seen running.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import { KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";

describe.each(KINDS)("kubelet binding (%s)", (kind) => {
  const h = useCluster(kind, { ns: "bind" });
  let ctl: RunningControllers;
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, nodes: 3, namespace: h.ns });
  });
  afterAll(async () => {
    await ctl?.stop();
  });

  it("10 pods created in one burst are bound across the 3 nodes, at most one apart", async () => {
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        core().createNamespacedPod({
          namespace: h.ns,
          body: {
            metadata: { name: `burst-${i}`, labels: { app: "burst" } },
            spec: { containers: [{ name: "app", image: "nginx:1.0" }] },
          },
        }),
      ),
    );
    const pods = await until("all 10 pods to be bound", async () => {
      const items = (await core().listNamespacedPod({ namespace: h.ns, labelSelector: "app=burst" })).items;
      return items.length === 10 && items.every((p) => p.spec?.nodeName) && items;
    });
    const perNode = new Map<string, number>();
    for (const p of pods) perNode.set(p.spec!.nodeName!, (perNode.get(p.spec!.nodeName!) ?? 0) + 1);
    expect([...perNode.keys()].sort()).toEqual(["sandbox-node-1", "sandbox-node-2", "sandbox-node-3"]);
    expect([...perNode.values()].sort()).toEqual([3, 3, 4]);
  });
});
