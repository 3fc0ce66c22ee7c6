/**
 * Lifecycle hook holds as the detail page reads them, from objects the sandbox controllers write on each API
 * server: an inPlaceUpdate hook keeps pods in PreparingUpdate while its label is on them, then in Updated until
 * the label is back (docs/kruise-rules.md §2.2, §8.2); the view names the hook, the pods and what to change.
 */
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import { cloneSetDetailView } from "@/lib/kruise/view/detail";
import type { ViewCloneSet, ViewPod } from "@/lib/kruise/view/types";
import { KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";

const TIMEOUT = 90_000;
const HOLD = "example.com/hold";
const STATE = "lifecycle.apps.kruise.io/state";

describe.each(KINDS)("lifecycle hook holds (%s)", (kind) => {
  const h = useCluster(kind, { ns: "hooks" });
  let ctl: RunningControllers;
  const api = () => h.c.kubeConfig().makeApiClient(CustomObjectsApi);
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  const ref = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets", name: "hk" };
  const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
  const get = async () => (await api().getNamespacedCustomObject({ ...ref, namespace: h.ns })) as CloneSet;
  const pods = async () =>
    (await core().listNamespacedPod({ namespace: h.ns, labelSelector: "app=hk" })).items as Pod[];
  const detail = async () =>
    cloneSetDetailView(
      (await get()) as unknown as ViewCloneSet,
      (await pods()) as unknown as ViewPod[],
      [],
      [],
      new Date(),
    );
  const setHold = (pod: string, value: string | null) =>
    core().patchNamespacedPod(
      { namespace: h.ns, name: pod, body: { metadata: { labels: { [HOLD]: value } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );

  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, namespace: h.ns });
  }, TIMEOUT);
  afterAll(async () => {
    await ctl?.stop();
  });

  it(
    "pods held before and after an in-place update are named with the label to remove, then to put back",
    async () => {
      const body: CloneSet = {
        apiVersion: "apps.kruise.io/v1alpha1",
        kind: "CloneSet",
        metadata: { name: "hk" },
        spec: {
          replicas: 3,
          selector: { matchLabels: { app: "hk" } },
          lifecycle: { inPlaceUpdate: { labelsHandler: { [HOLD]: "true" } } },
          updateStrategy: { type: "InPlaceIfPossible", maxUnavailable: 3 },
          template: {
            metadata: { labels: { app: "hk", [HOLD]: "true" } },
            spec: { containers: [{ name: "app", image: "nginx:1.0" }] },
          },
        },
      };
      await api().createNamespacedCustomObject({ ...ref, namespace: h.ns, body });
      await until("3 ready pods", async () => {
        const cs = await get();
        return cs.status?.readyReplicas === 3 && cs.status.observedGeneration === cs.metadata.generation;
      });
      expect((await detail()).update.waits).toEqual([]);

      await api().patchNamespacedCustomObject(
        {
          ...ref,
          namespace: h.ns,
          body: { spec: { template: { spec: { containers: [{ name: "app", image: "nginx:2.0" }] } } } },
        },
        merge,
      );
      // Until the controller has observed the new template every panel says "waiting for the controller".
      const held = await until("3 pods in PreparingUpdate, observed by the controller", async () => {
        const d = await detail();
        return d.update.waits[0]?.pods.length === 3 && !d.header.statusStale && d;
      });
      expect(held.update.state).toBe("waiting-for-hook");
      expect(held.header.phase).toBe("waiting-for-hook");
      expect(held.update.waits.map((w) => w.text)).toEqual([
        `waiting for the in-place-update hook on 3 pods: remove label ${HOLD}=true (owned by your hook controller)`,
      ]);
      expect(held.update.heldByHook).toBe(3);

      const first = held.update.waits[0].pods[0];
      await setHold(first, null);
      const updated = await until(`${first} updated and waiting for its label`, async () => {
        const p = (await pods()).find((x) => x.metadata.name === first);
        return p?.metadata.labels?.[STATE] === "Updated" && (await detail());
      });
      expect(updated.update.waits.map((w) => [w.state, w.pods])).toEqual([
        ["PreparingUpdate", held.update.waits[0].pods.slice(1)],
        ["Updated", [first]],
      ]);
      expect(updated.update.waits[1].text).toBe(
        `waiting for the in-place-update hook on 1 pod: put back label ${HOLD}=true (owned by your hook controller); it is updated but not available until then`,
      );

      await setHold(first, "true");
      await until(`${first} back to Normal`, async () => {
        const p = (await pods()).find((x) => x.metadata.name === first);
        return p?.metadata.labels?.[STATE] === "Normal";
      });
      expect((await detail()).update.waits.map((w) => w.state)).toEqual(["PreparingUpdate"]);
    },
    TIMEOUT,
  );
});
