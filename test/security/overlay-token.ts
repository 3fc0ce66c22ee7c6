/**
 * A deploy overlay's RBAC applied to the shared kube-apiserver 1.20.2 in a namespace of its own, and a kubeconfig
 * holding a token of its ServiceAccount (TokenRequest, as the kubelet's projected volume gets one): what anyone
 * holding the console's token could do.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CoreV1Api } from "@kubernetes/client-node";
import { stringify } from "yaml";
import { expect } from "vitest";
import { render, type K8sDoc, type Overlay } from "../contract/deploy-render";
import { useCluster } from "../contract/lib/harness";

export interface Result {
  ok: boolean;
  out: string;
}
const RBAC = new Set(["ServiceAccount", "ClusterRole", "ClusterRoleBinding", "Role", "RoleBinding"]);
const CLUSTER_SCOPED = new Set(["ClusterRole", "ClusterRoleBinding"]);
/** The overlay's RBAC, moved into namespace `ns` with cluster-scoped names suffixed (files run side by side). */
function rbacIn(docs: K8sDoc[], ns: string, suffix: string): K8sDoc[] {
  const renamed = (kind: string, name: string) => (CLUSTER_SCOPED.has(kind) ? `${name}-${suffix}` : name);
  return docs
    .filter((d) => RBAC.has(d.kind))
    .map((d) => {
      const out = JSON.parse(JSON.stringify(d)) as K8sDoc & {
        roleRef?: { kind: string; name: string };
        subjects?: { kind: string; namespace?: string }[];
      };
      out.metadata.name = renamed(d.kind, d.metadata.name);
      if (out.metadata.namespace) out.metadata.namespace = ns;
      if (out.roleRef) out.roleRef.name = renamed(out.roleRef.kind, out.roleRef.name);
      for (const s of out.subjects ?? []) if (s.kind === "ServiceAccount") s.namespace = ns;
      return out;
    });
}

export interface OverlayToken {
  /** the namespace the overlay's namespaced objects went to */
  ns: string;
  kubeconfig: string;
  docs: K8sDoc[];
}

/** Registers the kube-apiserver for this file; `tokenOf(overlay)` applies that overlay's RBAC and mints a token. */
export function useOverlayToken() {
  const h = useCluster("kube-apiserver");
  const kubectl = (kubeconfig: string, args: string[], input?: string) =>
    new Promise<Result>((resolve) => {
      const p = execFile("kubectl", ["--kubeconfig", kubeconfig, ...args], (err, stdout, stderr) =>
        resolve({ ok: !err, out: `${stdout}${stderr}` }),
      );
      p.stdin!.end(input ?? "");
    });

  /** Applies the overlay's RBAC and returns a kubeconfig holding a fresh token of its ServiceAccount. */
  async function tokenOf(overlay: Overlay): Promise<OverlayToken> {
    const suffix = Math.random().toString(36).slice(2, 7);
    const ns = `sec-${overlay}-${suffix}`;
    const core = h.c.kubeConfig().makeApiClient(CoreV1Api);
    await core.createNamespace({ body: { metadata: { name: ns } } });
    const docs = rbacIn(render(overlay).docs, ns, suffix);
    const applied = await kubectl(
      h.c.kubeconfigPath,
      ["apply", "-f", "-"],
      JSON.stringify({ apiVersion: "v1", kind: "List", items: docs }),
    );
    expect(applied.ok, applied.out).toBe(true);
    const sa = docs.find((d) => d.kind === "ServiceAccount")!.metadata.name;
    const tr = await core.createNamespacedServiceAccountToken({
      name: sa,
      namespace: ns,
      body: { spec: { audiences: [], expirationSeconds: 3600 } },
    });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sa-kubeconfig-")), "kubeconfig");
    const cluster = { server: h.c.server, "certificate-authority-data": h.c.caData };
    writeFileSync(
      file,
      stringify({
        apiVersion: "v1",
        kind: "Config",
        clusters: [{ name: "c", cluster }],
        users: [{ name: "sa", user: { token: tr.status!.token } }],
        contexts: [{ name: "sa", context: { cluster: "c", user: "sa" } }],
        "current-context": "sa",
      }),
      { mode: 0o600 },
    );
    return { ns, kubeconfig: file, docs };
  }

  return {
    tokenOf,
    kubectl,
    get c() {
      return h.c;
    },
  };
}
