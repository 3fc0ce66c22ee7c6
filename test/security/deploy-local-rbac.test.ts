/**
 * deploy/overlays/local acts as its own ServiceAccount for whoever can port-forward into its namespace, so that
 * account holds only what the console's controls need: CloneSet and Rollout patches, never a cluster-wide pod
 * patch (which could change any container's image, kube-system's included). Pod edits are opened per namespace
 * by binding the shipped, unbound ClusterRole kruise-console-pod-editor there. On kube-apiserver 1.20.2.
 */
import { CoreV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { useOverlayToken } from "./overlay-token";

const PATCH = ["--type=merge", "-p", '{"metadata":{"labels":{"touched-by":"console-token"}}}'];

describe("kube-apiserver: deploy/overlays/local's ServiceAccount", () => {
  const o = useOverlayToken();

  it("may patch CloneSets but no pod in any namespace; a RoleBinding to kruise-console-pod-editor opens exactly one", async () => {
    const { ns, kubeconfig, docs } = await o.tokenOf("local");
    const core = o.c.kubeConfig().makeApiClient(CoreV1Api);
    const apps = `${ns}-apps`;
    await core.createNamespace({ body: { metadata: { name: apps } } });
    const pod = `target-${ns}`;
    const namespaces = ["kube-system", "default", apps];
    for (const namespace of namespaces)
      await core.createNamespacedPod({
        namespace,
        body: { metadata: { name: pod }, spec: { containers: [{ name: "app", image: "nginx:1.25" }] } },
      });
    try {
      const as = (args: string[]) => o.kubectl(kubeconfig, args);
      const patchPod = (namespace: string) => as(["patch", "pod", pod, "-n", namespace, ...PATCH]);
      for (const namespace of namespaces) {
        const r = await patchPod(namespace);
        expect(r.ok, namespace).toBe(false);
        expect(r.out, namespace).toMatch(/cannot patch resource "pods"/);
      }
      const cloneSets = await as(["auth", "can-i", "patch", "clonesets.apps.kruise.io", "-n", "shop"]);
      expect(cloneSets.out.trim()).toBe("yes");

      const editor = docs.find(
        (d) => d.kind === "ClusterRole" && d.metadata.name.startsWith("kruise-console-pod-editor"),
      )!;
      const sa = docs.find((d) => d.kind === "ServiceAccount")!.metadata.name;
      const bound = await o.kubectl(o.c.kubeconfigPath, [
        ...["create", "rolebinding", "kruise-console-pod-editor", "-n", apps],
        ...[`--clusterrole=${editor.metadata.name}`, `--serviceaccount=${ns}:${sa}`],
      ]);
      expect(bound.ok, bound.out).toBe(true);
      const opened = await patchPod(apps);
      expect(opened.ok, opened.out).toBe(true);
      expect((await patchPod("kube-system")).out).toMatch(/cannot patch resource "pods"/);
    } finally {
      for (const namespace of namespaces) await core.deleteNamespacedPod({ name: pod, namespace });
    }
  }, 120_000);
});
