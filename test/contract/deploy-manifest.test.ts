/**
 * The in-cluster manifest (deploy/kruise-console.yaml) is accepted by a real kube-apiserver with
 * server-side dry run, and its ClusterRole grants exactly what the console does and no more
 * (least privilege, DESIGN.md §5): checked with access reviews for the ServiceAccount.
 * kube-apiserver only: the sandbox has no RBAC API objects (its users file stands in for them).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { AuthorizationV1Api } from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import { useCluster } from "./lib/harness";

const run = promisify(execFile);
const SA = "system:serviceaccount:kruise-console:kruise-console";

describe("kube-apiserver: deploy/kruise-console.yaml", () => {
  const h = useCluster("kube-apiserver");

  it("is accepted by kubectl apply --dry-run=server", async () => {
    // A dry run does not create the Namespace, so the namespaced objects need it to exist already.
    await run("kubectl", ["--kubeconfig", h.c.kubeconfigPath, "create", "namespace", "kruise-console"]);
    const { stdout } = await run("kubectl", ["--kubeconfig", h.c.kubeconfigPath, "apply", "--dry-run=server", "-f", "deploy/kruise-console.yaml"]);
    expect(stdout).toMatch(/namespace\/kruise-console (unchanged|configured) \(server dry run\)/);
    expect(stdout).toMatch(/serviceaccount\/kruise-console created \(server dry run\)/);
    expect(stdout).toMatch(/clusterrole\.rbac\.authorization\.k8s\.io\/kruise-console created \(server dry run\)/);
    expect(stdout).toMatch(/deployment\.apps\/kruise-console created \(server dry run\)/);
  });

  it("grants the console's verbs and refuses secrets and deletes once applied", async () => {
    await run("kubectl", ["--kubeconfig", h.c.kubeconfigPath, "apply", "-f", "deploy/kruise-console.yaml"]);
    const authz = h.c.kubeConfig().makeApiClient(AuthorizationV1Api);
    const can = async (verb: string, group: string, resource: string) => (await authz.createSubjectAccessReview({
      body: { spec: { user: SA, resourceAttributes: { verb, group, resource, namespace: "shop" } } },
    })).status?.allowed ?? false;
    expect(await can("watch", "apps.kruise.io", "clonesets")).toBe(true);
    expect(await can("patch", "apps.kruise.io", "clonesets")).toBe(true);
    expect(await can("patch", "", "pods")).toBe(true);
    expect(await can("create", "", "events")).toBe(true);
    expect(await can("list", "apps", "controllerrevisions")).toBe(true);
    expect(await can("get", "", "secrets")).toBe(false);
    expect(await can("delete", "apps.kruise.io", "clonesets")).toBe(false);
    expect(await can("delete", "", "pods")).toBe(false);
  });
});
