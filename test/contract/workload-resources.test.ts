/**
 * Contract: the Advanced StatefulSet (statefulsets.apps.kruise.io, v1beta1 stored, v1alpha1 served) and Advanced
 * DaemonSet (daemonsets.apps.kruise.io v1alpha1) resources on both servers, with the v1.6.2 CRDs; and Kruise's
 * webhooks for them (docs/kruise-rules.md §13.11, §14.11), which only the sandbox runs — on kube-apiserver those cases
 * show what the bare server does instead. The real-controller lane repeats the webhook cases against kruise-manager's
 * own webhooks, word for word (test/controller/workload-webhooks.test.ts).
 */
import { CoreV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import type { DaemonSet, StatefulSet } from "@/lib/k8s/objects";
import { KINDS, failure, useCluster } from "./lib/harness";
import { raw } from "./lib/raw";
import { DS, STS, advancedDaemonSet, advancedStatefulSet, customObjects } from "./lib/workloads";

const SANDBOX_ONLY = "sandbox-only (Kruise webhook, not installed on the real server)";

describe.each(KINDS)("Advanced StatefulSet and Advanced DaemonSet resources (%s)", (kind) => {
  const h = useCluster(kind, { ns: "workloads" });
  const sts = () => customObjects<StatefulSet>(h.c.kubeConfig(), STS, h.ns);
  const ds = () => customObjects<DaemonSet>(h.c.kubeConfig(), DS, h.ns);
  const onSandbox = it.runIf(kind === "sandbox");
  const onReal = it.runIf(kind === "kube-apiserver");
  const get = async <T>(path: string) => {
    const r = await raw(h.c, { path });
    expect(r.status, `${path}: ${r.text}`).toBe(200);
    return r.json<T>();
  };

  it("/apis/apps.kruise.io/v1beta1 serves statefulsets with short names sts and asts, status and scale", async () => {
    const list = await get<{ resources: { name: string; kind: string; shortNames?: string[] }[] }>(
      "/apis/apps.kruise.io/v1beta1",
    );
    const by = (n: string) => list.resources.find((r) => r.name === n);
    expect(by("statefulsets")).toMatchObject({ kind: "StatefulSet", shortNames: ["sts", "asts"] });
    expect(by("statefulsets/status")).toMatchObject({ kind: "StatefulSet" });
    expect(by("statefulsets/scale")).toMatchObject({ kind: "Scale", group: "autoscaling", version: "v1" });
  });

  it("daemonsets are served at v1alpha1 with short names daemon and ads, a status subresource and no scale", async () => {
    const list = await get<{ resources: { name: string; kind: string; shortNames?: string[] }[] }>(
      "/apis/apps.kruise.io/v1alpha1",
    );
    const names = list.resources.map((r) => r.name);
    expect(list.resources.find((r) => r.name === "daemonsets")).toMatchObject({
      kind: "DaemonSet",
      shortNames: ["daemon", "ads"],
    });
    expect(names).toContain("daemonsets/status");
    expect(names).not.toContain("daemonsets/scale");
    expect(names).toEqual(expect.arrayContaining(["statefulsets", "clonesets"]));
  });

  it("one Advanced StatefulSet is seen through v1beta1 and v1alpha1, each answer in its own version", async () => {
    const made = await sts().create(advancedStatefulSet("both", 2));
    const alpha = await get<StatefulSet>(`/apis/apps.kruise.io/v1alpha1/namespaces/${h.ns}/statefulsets/both`);
    expect(alpha.apiVersion).toBe("apps.kruise.io/v1alpha1");
    expect(alpha.metadata.uid).toBe(made.metadata.uid);
    expect(made.apiVersion).toBe("apps.kruise.io/v1beta1");
    expect(made.metadata.generation).toBe(1);
  });

  it("its scale subresource reads spec.replicas and status.replicas, and writing it moves spec.replicas", async () => {
    await sts().create(advancedStatefulSet("scaled", 3));
    const path = `/apis/apps.kruise.io/v1beta1/namespaces/${h.ns}/statefulsets/scaled/scale`;
    const scale = await get<{ kind: string; spec: { replicas: number } }>(path);
    expect(scale).toMatchObject({ kind: "Scale", apiVersion: "autoscaling/v1", spec: { replicas: 3 } });
    const body = JSON.stringify({ ...scale, spec: { replicas: 5 } });
    const put = await raw(h.c, { method: "PUT", path, body, headers: { "Content-Type": "application/json" } });
    expect(put.status, put.text).toBe(200);
    expect((await sts().get("scaled")).spec.replicas).toBe(5);
  });

  it("a spec change moves generation; a merge patch of the partition is a number (int32, not int-or-string)", async () => {
    await sts().create(advancedStatefulSet("gen", 2));
    const out = await sts().merge("gen", { spec: { updateStrategy: { rollingUpdate: { partition: 1 } } } });
    expect(out.metadata.generation).toBe(2);
    expect(out.spec.updateStrategy?.rollingUpdate?.partition).toBe(1);
  });

  it("an Advanced DaemonSet is created, patched and deleted like any custom resource", async () => {
    await ds().create(advancedDaemonSet("agent", ["sandbox-node-1"]));
    const out = await ds().merge("agent", { spec: { updateStrategy: { rollingUpdate: { paused: true } } } });
    expect(out.spec.updateStrategy?.rollingUpdate?.paused).toBe(true);
    await ds().delete("agent");
    expect((await failure(ds().get("agent"))).code).toBe(404);
  });

  it("a new Node gets the node.kubernetes.io/not-ready:NoSchedule taint (admission plugin TaintNodesByCondition)", async () => {
    const core = h.c.kubeConfig().makeApiClient(CoreV1Api);
    const name = `taint-${h.ns}`;
    const node = await core.createNode({ body: { metadata: { name } } });
    try {
      expect(node.spec?.taints).toEqual([{ key: "node.kubernetes.io/not-ready", effect: "NoSchedule" }]);
    } finally {
      await core.deleteNode({ name });
    }
  });

  onSandbox(
    `${SANDBOX_ONLY}: podUpdatePolicy InPlaceIfPossible without the InPlaceUpdateReady gate is refused with 422`,
    async () => {
      const f = await failure(sts().create(advancedStatefulSet("nogate", 2, { gate: false })));
      expect(f.code).toBe(422);
      expect(f.body.message).toBe(
        'admission webhook "vstatefulset.kb.io" denied the request: spec.template.spec.readinessGates: Invalid value: []v1.PodReadinessGate(nil): must contains InPlaceUpdateReady when podUpdatePolicy is InPlaceIfPossible',
      );
    },
  );

  onReal("kube-apiserver without Kruise stores an InPlaceIfPossible StatefulSet without the gate as sent", async () => {
    const out = await sts().create(advancedStatefulSet("nogate", 2, { gate: false }));
    expect(out.spec.template.spec?.readinessGates).toBeUndefined();
  });

  onSandbox(`${SANDBOX_ONLY}: create fills the StatefulSet and DaemonSet defaults`, async () => {
    const bare = { apiVersion: "apps.kruise.io/v1beta1", kind: "StatefulSet", metadata: { name: "bare" } };
    const tpl = { metadata: { labels: { app: "bare" } }, spec: { containers: [{ name: "c", image: "nginx:1.0" }] } };
    const s = await sts().create({ ...bare, spec: { selector: { matchLabels: { app: "bare" } }, template: tpl } });
    expect(s.spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: "OrderedReady",
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { partition: 0, maxUnavailable: 1, podUpdatePolicy: "ReCreate" },
      },
    });
    const d = await ds().create({
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "DaemonSet",
      metadata: { name: "bare" },
      spec: { selector: { matchLabels: { app: "bare" } }, template: tpl },
    });
    expect(d.spec).toMatchObject({
      burstReplicas: 250,
      updateStrategy: {
        type: "RollingUpdate",
        rollingUpdate: { rollingUpdateType: "Standard", maxUnavailable: 1, maxSurge: 0 },
      },
    });
  });

  onSandbox(
    `${SANDBOX_ONLY}: maxUnavailable 2 under OrderedReady is refused; maxSurge with maxUnavailable on a DaemonSet is a 500`,
    async () => {
      const f = await failure(sts().create(advancedStatefulSet("mu", 3, { ru: { maxUnavailable: 2 } })));
      expect(f.code).toBe(422);
      expect(String(f.body.message)).toContain("can only work with Parallel PodManagementPolicyType");
      const g = await failure(
        ds().create(advancedDaemonSet("surge", ["sandbox-node-1"], { ru: { maxUnavailable: 1, maxSurge: 1 } })),
      );
      expect(g.code).toBe(500);
      expect(String(g.body.message)).toContain("may not be set when maxUnavailable is non-zero");
    },
  );
});
