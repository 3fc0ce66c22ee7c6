/**
 * The in-cluster manifests, one per mode (deploy/kruise-console.yaml local, deploy/token.yaml,
 * deploy/proxy.yaml), are accepted by a real kube-apiserver with server-side dry run, and once applied each
 * ServiceAccount holds exactly what its mode needs (least privilege): checked with
 * `kubectl auth can-i --as system:serviceaccount:…`.
 * kube-apiserver only: the sandbox has no RBAC API objects (its users file stands in for them).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { useCluster } from "./lib/harness";

const run = promisify(execFile);

interface Mode {
  file: string;
  name: string;
  tokenReviews: boolean;
  impersonate: boolean;
  patches: boolean;
}
const MODES: Mode[] = [
  {
    file: "deploy/kruise-console.yaml",
    name: "kruise-console",
    tokenReviews: false,
    impersonate: false,
    patches: true,
  },
  { file: "deploy/token.yaml", name: "kruise-console-token", tokenReviews: true, impersonate: false, patches: false },
  { file: "deploy/proxy.yaml", name: "kruise-console-proxy", tokenReviews: false, impersonate: true, patches: false },
];

describe("kube-apiserver: the deploy manifests", () => {
  const h = useCluster("kube-apiserver");
  const kubectl = (...args: string[]) => run("kubectl", ["--kubeconfig", h.c.kubeconfigPath, ...args]);
  /** `kubectl auth can-i` as the ServiceAccount: prints yes/no, exit code 1 for no. */
  const can = async (sa: string, ...args: string[]) => {
    try {
      return (
        (
          await kubectl("auth", "can-i", "--as", `system:serviceaccount:kruise-console:${sa}`, ...args)
        ).stdout.trim() === "yes"
      );
    } catch (e) {
      const out = String((e as { stdout?: string }).stdout ?? "").trim();
      if (out === "no") return false;
      throw e;
    }
  };

  /**
   * A SubjectAccessReview for the ServiceAccount, for kinds this cluster does not serve (the rollouts.kruise.io CRDs
   * are not installed here): `kubectl auth can-i` cannot map those to their API group.
   */
  const review = async (sa: string, verb: string, group: string, resource: string, subresource?: string) => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sar-")), "sar.json");
    writeFileSync(
      file,
      JSON.stringify({
        apiVersion: "authorization.k8s.io/v1",
        kind: "SubjectAccessReview",
        spec: {
          user: `system:serviceaccount:kruise-console:${sa}`,
          groups: ["system:serviceaccounts", "system:serviceaccounts:kruise-console", "system:authenticated"],
          resourceAttributes: { verb, group, resource, namespace: "shop", ...(subresource ? { subresource } : {}) },
        },
      }),
    );
    const { stdout } = await kubectl("create", "-f", file, "-o", "json");
    return (JSON.parse(stdout) as { status?: { allowed?: boolean } }).status?.allowed === true;
  };

  beforeAll(async () => {
    // A dry run does not create the Namespace, so the namespaced objects need it to exist already.
    await kubectl("create", "namespace", "kruise-console").catch((e: { stderr?: string }) => {
      if (!/AlreadyExists/.test(String(e.stderr))) throw e;
    });
  });

  it.each(MODES)("$file is accepted by kubectl apply --dry-run=server", async (m) => {
    const { stdout } = await kubectl("apply", "--dry-run=server", "-f", m.file);
    expect(stdout).toMatch(/namespace\/kruise-console (unchanged|configured) \(server dry run\)/);
    expect(stdout).toMatch(new RegExp(`serviceaccount/${m.name} created \\(server dry run\\)`));
    expect(stdout).toMatch(
      new RegExp(`clusterrole\\.rbac\\.authorization\\.k8s\\.io/${m.name} created \\(server dry run\\)`),
    );
    expect(stdout).toMatch(
      new RegExp(`clusterrolebinding\\.rbac\\.authorization\\.k8s\\.io/${m.name} created \\(server dry run\\)`),
    );
    expect(stdout).toMatch(new RegExp(`deployment\\.apps/${m.name} created \\(server dry run\\)`));
    if (m.file !== "deploy/kruise-console.yaml")
      expect(stdout).toMatch(new RegExp(`service/${m.name} created \\(server dry run\\)`));
  });

  it.each(MODES)(
    "$file, applied, lets its ServiceAccount read and review but write only in local mode and impersonate only in proxy mode",
    async (m) => {
      await kubectl("apply", "-f", m.file);
      // The shared watch (every mode).
      for (const r of ["clonesets.apps.kruise.io", "pods", "events", "controllerrevisions.apps"]) {
        expect(await can(m.name, "watch", r, "-n", "shop"), `watch ${r}`).toBe(true);
        expect(await can(m.name, "list", r, "--all-namespaces"), `list ${r} cluster-wide`).toBe(true);
      }
      // Writes run as the user in token and proxy mode; local mode acts as itself.
      expect(await can(m.name, "patch", "clonesets.apps.kruise.io", "-n", "shop")).toBe(m.patches);
      expect(await can(m.name, "patch", "pods", "-n", "shop")).toBe(m.patches);
      expect(await can(m.name, "create", "events", "-n", "shop")).toBe(m.patches);
      // Kruise Rollout: watched in every mode; pause/disable patch the spec, approve/jump patch /status (as
      // itself only in local mode); never a write to BatchReleases.
      for (const r of ["rollouts", "batchreleases"]) {
        expect(await review(m.name, "watch", "rollouts.kruise.io", r), `watch ${r}`).toBe(true);
        expect(await review(m.name, "list", "rollouts.kruise.io", r), `list ${r}`).toBe(true);
      }
      expect(await review(m.name, "patch", "rollouts.kruise.io", "rollouts")).toBe(m.patches);
      expect(await review(m.name, "patch", "rollouts.kruise.io", "rollouts", "status")).toBe(m.patches);
      expect(await review(m.name, "patch", "rollouts.kruise.io", "batchreleases")).toBe(false);
      // Per-user filtering (shared modes) and sign-in (token mode).
      expect(await can(m.name, "create", "subjectaccessreviews.authorization.k8s.io")).toBe(
        m.name !== "kruise-console",
      );
      expect(await can(m.name, "create", "tokenreviews.authentication.k8s.io")).toBe(m.tokenReviews);
      // Impersonation (proxy mode only), as narrow as RBAC allows: any user name (RBAC cannot match a prefix),
      // only the listed groups, never system:masters, ServiceAccounts or user extras.
      expect(await can(m.name, "impersonate", "users")).toBe(m.impersonate);
      expect(await can(m.name, "impersonate", "groups/release-managers")).toBe(m.impersonate);
      expect(await can(m.name, "impersonate", "groups/system:masters")).toBe(false);
      expect(await can(m.name, "impersonate", "groups/some-other-team")).toBe(false);
      expect(await can(m.name, "impersonate", "serviceaccounts", "-n", "shop")).toBe(false);
      expect(await can(m.name, "impersonate", "userextras.authentication.k8s.io/scopes")).toBe(false);
      // Never: secrets, deletes.
      expect(await can(m.name, "get", "secrets", "-n", "shop")).toBe(false);
      expect(await can(m.name, "list", "secrets", "--all-namespaces")).toBe(false);
      expect(await can(m.name, "delete", "clonesets.apps.kruise.io", "-n", "shop")).toBe(false);
      expect(await can(m.name, "delete", "pods", "-n", "shop")).toBe(false);
    },
    // ~25 kubectl runs: generous on a busy machine (nothing here measures speed).
    240_000,
  );
});
