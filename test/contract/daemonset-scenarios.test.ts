/**
 * Advanced DaemonSet scenarios for the sandbox controllers, run against the sandbox API server and a real
 * kube-apiserver with the v1.6.2 CRD (docs/kruise-rules.md §14). The kubelet simulator brings four nodes (on a shared
 * kube-apiserver other files' nodes may exist too, so each DaemonSet is kept to these four by a node affinity),
 * clears their not-ready taint and binds each daemon pod to the node its affinity names.
 */
import { CoreV1Api, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startControllers, type RunningControllers } from "@/sandbox/controllers";
import type { DaemonSet, Pod } from "@/lib/k8s/objects";
import { targetNodeName } from "@/lib/kruise/daemonset/daemon-pods";
import { KINDS, useCluster } from "./lib/harness";
import { until } from "./lib/wait";
import { watchPods } from "./lib/pod-watch";
import { DS, advancedDaemonSet, customObjects } from "./lib/workloads";

const TIMEOUT = 120_000;
const NODES = ["sandbox-node-1", "sandbox-node-2", "sandbox-node-3", "sandbox-node-4"];

describe.each(KINDS)("Advanced DaemonSet scenarios (%s)", (kind) => {
  const h = useCluster(kind, { ns: "ads" });
  let ctl: RunningControllers;
  const ds = () => customObjects<DaemonSet>(h.c.kubeConfig(), DS, h.ns);
  const core = () => h.c.kubeConfig().makeApiClient(CoreV1Api);
  const pods = async (app: string) =>
    ((await core().listNamespacedPod({ namespace: h.ns, labelSelector: `app=${app}` })).items as Pod[]).filter(
      (p) => !p.metadata.deletionTimestamp,
    );
  const settled = (name: string) =>
    until(`${name} on all 4 nodes`, async () => {
      const d = await ds().get(name);
      const s = d.status;
      return (
        s?.numberReady === 4 && s.updatedNumberScheduled === 4 && s.observedGeneration === d.metadata.generation && d
      );
    });
  const image = (name: string, img: string, ru: object = {}) =>
    ds().merge(name, {
      spec: {
        updateStrategy: { rollingUpdate: ru },
        template: { spec: { containers: [{ name: "agent", image: img }] } },
      },
    });
  /** The nodes whose pod carries the DaemonSet's current hash, once the status has a new one. */
  const updatedNodes = async (name: string, hash: string | undefined) => {
    const d = await ds().get(name);
    if (!d.status?.daemonSetHash || d.status.daemonSetHash === hash) return undefined;
    const ps = await pods(name);
    return ps
      .filter((p) => p.metadata.labels?.["controller-revision-hash"] === d.status?.daemonSetHash)
      .map((p) => p.spec.nodeName)
      .sort();
  };

  beforeAll(async () => {
    ctl = await startControllers({ kc: h.c.kubeConfig(), fast: true, nodes: 4, namespace: h.ns });
  }, TIMEOUT);
  afterAll(async () => {
    await ctl?.stop();
  });

  it(
    "one pod per node, each bound to the node its matchFields affinity names, once the kubelet cleared the not-ready taint",
    async () => {
      await ds().create(advancedDaemonSet("place", NODES));
      const d = await settled("place");
      expect(d.status).toMatchObject({ desiredNumberScheduled: 4, currentNumberScheduled: 4, numberMisscheduled: 0 });
      const ps = await pods("place");
      expect(ps.map((p) => p.spec.nodeName).sort()).toEqual(NODES);
      for (const p of ps)
        expect(targetNodeName({ ...p, spec: { ...p.spec, nodeName: undefined } })).toBe(p.spec.nodeName);
      for (const n of NODES) {
        const node = await core().readNode({ name: n });
        expect(node.spec?.taints?.some((t) => t.key === "node.kubernetes.io/not-ready") ?? false).toBe(false);
      }
    },
    TIMEOUT,
  );

  it(
    "partition 2 of 4 nodes: sandbox-node-4 and -3 update (by name, descending), -1 and -2 keep the old revision",
    async () => {
      await ds().create(advancedDaemonSet("part", NODES, { ru: { partition: 2 } }));
      const before = await settled("part");
      await image("part", "fluent/fluent-bit:2.3");
      const moved = await until("2 nodes updated", async () => {
        const n = await updatedNodes("part", before.status?.daemonSetHash);
        const d = await ds().get("part");
        return n?.length === 2 && d.status?.numberReady === 4 && n;
      });
      expect(moved).toEqual(["sandbox-node-3", "sandbox-node-4"]);
      expect((await ds().get("part")).status?.updatedNumberScheduled).toBe(2);
    },
    TIMEOUT,
  );

  it(
    "rollingUpdate.selector: only the nodes of zone-a (sandbox-node-1 and -4) update",
    async () => {
      const selector = { matchLabels: { "topology.kubernetes.io/zone": "zone-a" } };
      await ds().create(advancedDaemonSet("sel", NODES, { ru: { selector } }));
      const before = await settled("sel");
      await image("sel", "fluent/fluent-bit:2.3");
      const moved = await until("zone-a updated", async () => {
        const n = await updatedNodes("sel", before.status?.daemonSetHash);
        const d = await ds().get("sel");
        return n?.length === 2 && d.status?.numberReady === 4 && n;
      });
      expect(moved).toEqual(["sandbox-node-1", "sandbox-node-4"]);
    },
    TIMEOUT,
  );

  it(
    "maxSurge 1: each node gets its new pod beside the old one, so all 4 nodes stay Ready throughout",
    async () => {
      await ds().create(advancedDaemonSet("surge", NODES, { ru: { maxUnavailable: 0, maxSurge: 1 } }));
      const before = await settled("surge");
      const w = await watchPods(h.c.kubeConfig(), h.ns, "surge");
      try {
        await image("surge", "fluent/fluent-bit:2.3");
        await until(
          "all nodes updated",
          async () => (await updatedNodes("surge", before.status?.daemonSetHash))?.length === 4,
        );
        await until("one pod per node again", async () => (await pods("surge")).length === 4);
        expect(w.minReady()).toBeGreaterThanOrEqual(4);
      } finally {
        w.stop();
      }
    },
    TIMEOUT,
  );

  it(
    "rollingUpdateType InPlaceIfPossible: an image change keeps every pod (same uid), one node at a time",
    async () => {
      await ds().create(advancedDaemonSet("inplace", NODES, { ru: { rollingUpdateType: "InPlaceIfPossible" } }));
      const before = await settled("inplace");
      const uids = (await pods("inplace")).map((p) => p.metadata.uid).sort();
      const w = await watchPods(h.c.kubeConfig(), h.ns, "inplace");
      try {
        await image("inplace", "fluent/fluent-bit:2.3");
        await until("all updated in place", async () => {
          const n = await updatedNodes("inplace", before.status?.daemonSetHash);
          return n?.length === 4 && (await ds().get("inplace")).status?.numberReady === 4;
        });
        expect((await pods("inplace")).map((p) => p.metadata.uid).sort()).toEqual(uids);
        expect(w.minReady()).toBe(3);
      } finally {
        w.stop();
      }
    },
    TIMEOUT,
  );

  it(
    "paused halfway: with 2 of 4 nodes updated, pausing holds the other two until resumed",
    async () => {
      await ds().create(advancedDaemonSet("half", NODES, { ru: { partition: 2 } }));
      const before = await settled("half");
      await image("half", "fluent/fluent-bit:2.3");
      await until(
        "2 nodes updated",
        async () => (await updatedNodes("half", before.status?.daemonSetHash))?.length === 2,
      );
      const paused = await ds().merge("half", {
        spec: { updateStrategy: { rollingUpdate: { partition: 0, paused: true } } },
      });
      await until(
        "the pause observed",
        async () => (await ds().get("half")).status?.observedGeneration === paused.metadata.generation,
      );
      expect(await updatedNodes("half", before.status?.daemonSetHash)).toHaveLength(2);
      await ds().merge("half", { spec: { updateStrategy: { rollingUpdate: { paused: false } } } });
      await until(
        "all 4 after resume",
        async () => (await updatedNodes("half", before.status?.daemonSetHash))?.length === 4,
      );
    },
    TIMEOUT,
  );

  it(
    "the preDelete hook holds a replaced pod in PreparingDelete until its finalizer goes",
    async () => {
      const hook = { preDelete: { finalizersHandler: ["example.com/flush"] } };
      await ds().create(advancedDaemonSet("hook", ["sandbox-node-1"], { spec: { lifecycle: hook } }));
      await until("the pod ready", async () => (await ds().get("hook")).status?.numberReady === 1);
      const [pod] = await pods("hook");
      const patch = (finalizers: string[] | null) =>
        core().patchNamespacedPod(
          { name: pod.metadata.name, namespace: h.ns, body: { metadata: { finalizers } } },
          setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch),
        );
      await patch(["example.com/flush"]);
      await image("hook", "fluent/fluent-bit:2.3");
      const held = await until("PreparingDelete", async () => {
        const p = (await pods("hook")).find((x) => x.metadata.uid === pod.metadata.uid);
        return p?.metadata.labels?.["lifecycle.apps.kruise.io/state"] === "PreparingDelete" && p;
      });
      expect(held.metadata.deletionTimestamp).toBeUndefined();
      await patch(null);
      await until("replaced", async () => {
        const ps = await pods("hook");
        return ps.length === 1 && ps[0].metadata.uid !== pod.metadata.uid && ps[0].status?.phase === "Running";
      });
    },
    TIMEOUT,
  );
});
