/**
 * The Kustomize overlays, one per mode (deploy/overlays/local, token, proxy over deploy/base), are accepted by
 * a real kube-apiserver 1.20.2 with `kubectl apply --dry-run=server -k`, and once applied each ServiceAccount
 * holds exactly what its mode needs (least privilege): checked with `kubectl auth can-i --as system:serviceaccount:…`.
 * The PodDisruptionBudget is policy/v1, which Kubernetes serves from 1.21: 1.20.2 cannot map that kind, so it
 * is checked instead against its published schema (client-node's V1PodDisruptionBudget, generated from the
 * Kubernetes OpenAPI document) and dry-run as policy/v1beta1, whose spec 1.20.2 serves with the same fields.
 * kube-apiserver only: the sandbox has no RBAC API objects (its users file stands in for them).
 */
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as k8s from "@kubernetes/client-node";
import { beforeAll, describe, expect, it } from "vitest";
import { overlayDir, render, type Overlay } from "./deploy-render";
import { useCluster } from "./lib/harness";

const run = promisify(execFile);

interface Mode {
  overlay: Overlay;
  name: string;
  tokenReviews: boolean;
  impersonate: boolean;
  patches: boolean;
  redis: boolean;
}
const MODES: Mode[] = [
  { overlay: "local", name: "kruise-console", tokenReviews: false, impersonate: false, patches: true, redis: false },
  {
    overlay: "token",
    name: "kruise-console-token",
    tokenReviews: true,
    impersonate: false,
    patches: false,
    redis: true,
  },
  {
    overlay: "proxy",
    name: "kruise-console-proxy",
    tokenReviews: false,
    impersonate: true,
    patches: false,
    redis: true,
  },
];

type Model = { getAttributeTypeMap(): { name: string; baseName: string; type: string }[] };
const models = k8s as unknown as Record<string, Model | undefined>;

/** Fields of `obj` that the published schema of `type` (client-node's generated model) does not have. */
function unknownFields(obj: unknown, type: string, at = ""): string[] {
  const model = models[type];
  if (!model?.getAttributeTypeMap || obj === null || typeof obj !== "object") return [];
  const attrs = model.getAttributeTypeMap();
  return Object.entries(obj).flatMap(([k, v]) => {
    const a = attrs.find((x) => x.baseName === k);
    return a ? unknownFields(v, a.type, `${at}.${k}`) : [`${at}.${k}`];
  });
}

/** A list kubectl reads as JSON: no YAML 1.1 surprises (`no` read back as false) on the way. */
const asList = (items: unknown[]) => JSON.stringify({ apiVersion: "v1", kind: "List", items });

const PDB_V1_ON_1_20 = /no matches for kind "PodDisruptionBudget" in version "policy\/v1"/;

describe("kube-apiserver: the deploy overlays", () => {
  const h = useCluster("kube-apiserver");
  const kubectl = (...args: string[]) => run("kubectl", ["--kubeconfig", h.c.kubeconfigPath, ...args]);
  /** kubectl with `input` on stdin */
  const kubectlIn = (input: string, ...args: string[]) =>
    new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const p = execFile("kubectl", ["--kubeconfig", h.c.kubeconfigPath, ...args], (err, stdout, stderr) =>
        err ? reject(Object.assign(err, { stdout, stderr })) : resolve({ stdout, stderr }),
      );
      p.stdin!.end(input);
    });
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

  it.each(MODES)(
    "deploy/overlays/$overlay is accepted by kubectl apply --dry-run=server -k (all but the policy/v1 PDB, which 1.20.2 predates)",
    async (m) => {
      const out = await kubectl("apply", "--dry-run=server", "-k", overlayDir(m.overlay)).then(
        (r) => ({ ...r, failed: false }),
        (e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? "", stderr: e.stderr ?? "", failed: true }),
      );
      // The only refusal is the kind 1.20.2 does not know yet.
      expect(out.failed).toBe(true);
      expect(
        out.stderr
          .trim()
          .split("\n")
          .filter((l) => l && !PDB_V1_ON_1_20.test(l) && !/ensure CRDs|^Warning: /.test(l)),
      ).toEqual([]);
      const { stdout } = out;
      expect(stdout).toMatch(/namespace\/kruise-console (unchanged|configured|created) \(server dry run\)/);
      for (const kind of [
        "serviceaccount",
        "clusterrole.rbac.authorization.k8s.io",
        "clusterrolebinding.rbac.authorization.k8s.io",
        "deployment.apps",
      ])
        expect(stdout).toMatch(new RegExp(`${kind.replace(/\./g, "\\.")}/${m.name} created \\(server dry run\\)`));
      if (m.overlay !== "local") expect(stdout).toMatch(new RegExp(`service/${m.name} created \\(server dry run\\)`));
      if (m.redis) {
        expect(stdout).toMatch(
          new RegExp(`deployment\\.apps/kruise-console-redis-${m.overlay} created \\(server dry run\\)`),
        );
        expect(stdout).toMatch(new RegExp(`service/kruise-console-redis-${m.overlay} created \\(server dry run\\)`));
      }
    },
  );

  it.each(MODES)(
    "deploy/overlays/$overlay: its PodDisruptionBudget matches the published policy/v1 schema and 1.20.2 accepts its spec as policy/v1beta1",
    async (m) => {
      const pdb = render(m.overlay).docs.find((d) => d.kind === "PodDisruptionBudget")!;
      expect(pdb.apiVersion).toBe("policy/v1");
      // Every field is one the published schema has, and the spec has what a PDB needs.
      expect(unknownFields(pdb, "V1PodDisruptionBudget")).toEqual([]);
      expect(Object.keys(pdb.spec ?? {}).filter((k) => k === "minAvailable" || k === "maxUnavailable")).toHaveLength(1);
      expect(unknownFields({ selector: {} }, "V1PodDisruptionBudgetSpec")).toEqual([]);
      expect(unknownFields({ maxUnavailabel: 1 }, "V1PodDisruptionBudgetSpec")).toEqual([".maxUnavailabel"]);
      const { stdout } = await kubectlIn(
        asList([{ ...pdb, apiVersion: "policy/v1beta1" }]),
        "apply",
        "--dry-run=server",
        "-f",
        "-",
      );
      expect(stdout).toMatch(new RegExp(`poddisruptionbudget\\.policy/${m.name} created \\(server dry run\\)`));
    },
  );

  it.each(MODES)(
    "deploy/overlays/$overlay, applied, lets its ServiceAccount read and review but write only in local mode and impersonate only in proxy mode",
    async (m) => {
      // Everything but the PDB (see above): the grants are what this checks.
      const docs = render(m.overlay).docs.filter((d) => d.kind !== "PodDisruptionBudget");
      await kubectlIn(asList(docs), "apply", "-f", "-");
      // Each question is its own kubectl run; they are asked side by side and compared as one table, so a
      // failure lists every wrong answer at once.
      const asks: [string, () => Promise<boolean>, boolean][] = [];
      const ask = (label: string, answer: () => Promise<boolean>, expected: boolean) =>
        asks.push([label, answer, expected]);
      // The shared watch (every mode).
      for (const r of ["clonesets.apps.kruise.io", "pods", "events", "controllerrevisions.apps"]) {
        ask(`watch ${r}`, () => can(m.name, "watch", r, "-n", "shop"), true);
        ask(`list ${r} cluster-wide`, () => can(m.name, "list", r, "--all-namespaces"), true);
      }
      // Writes run as the user in token and proxy mode; local mode acts as itself.
      ask("patch clonesets", () => can(m.name, "patch", "clonesets.apps.kruise.io", "-n", "shop"), m.patches);
      // Never pods cluster-wide, not even local mode (a pod patch changes images, kube-system's included).
      ask("patch pods", () => can(m.name, "patch", "pods", "-n", "shop"), false);
      ask("patch pods in kube-system", () => can(m.name, "patch", "pods", "-n", "kube-system"), false);
      ask("create events", () => can(m.name, "create", "events", "-n", "shop"), m.patches);
      // Kruise Rollout: watched in every mode; pause/disable patch the spec, approve/jump patch /status (as
      // itself only in local mode); never a write to BatchReleases.
      for (const r of ["rollouts", "batchreleases"]) {
        ask(`watch ${r}`, () => review(m.name, "watch", "rollouts.kruise.io", r), true);
        ask(`list ${r}`, () => review(m.name, "list", "rollouts.kruise.io", r), true);
      }
      ask("patch rollouts", () => review(m.name, "patch", "rollouts.kruise.io", "rollouts"), m.patches);
      ask(
        "patch rollouts/status",
        () => review(m.name, "patch", "rollouts.kruise.io", "rollouts", "status"),
        m.patches,
      );
      ask("patch batchreleases", () => review(m.name, "patch", "rollouts.kruise.io", "batchreleases"), false);
      // Per-user filtering (shared modes) and sign-in (token mode).
      ask(
        "create subjectaccessreviews",
        () => can(m.name, "create", "subjectaccessreviews.authorization.k8s.io"),
        m.name !== "kruise-console",
      );
      ask("create tokenreviews", () => can(m.name, "create", "tokenreviews.authentication.k8s.io"), m.tokenReviews);
      // Impersonation (proxy mode only), by name: only the listed users and groups, never any other user (a
      // system: one above all), system:masters, ServiceAccounts or user extras.
      ask("impersonate any user", () => can(m.name, "impersonate", "users"), false);
      ask("impersonate a listed user", () => can(m.name, "impersonate", "users/alice@example.com"), m.impersonate);
      ask(
        "impersonate system:kube-controller-manager",
        () => can(m.name, "impersonate", "users/system:kube-controller-manager"),
        false,
      );
      ask("impersonate release-managers", () => can(m.name, "impersonate", "groups/release-managers"), m.impersonate);
      ask("impersonate system:masters", () => can(m.name, "impersonate", "groups/system:masters"), false);
      ask("impersonate some-other-team", () => can(m.name, "impersonate", "groups/some-other-team"), false);
      ask("impersonate serviceaccounts", () => can(m.name, "impersonate", "serviceaccounts", "-n", "shop"), false);
      ask(
        "impersonate user extras",
        () => can(m.name, "impersonate", "userextras.authentication.k8s.io/scopes"),
        false,
      );
      // Never: secrets, deletes.
      ask("get secrets", () => can(m.name, "get", "secrets", "-n", "shop"), false);
      ask("list secrets cluster-wide", () => can(m.name, "list", "secrets", "--all-namespaces"), false);
      ask("delete clonesets", () => can(m.name, "delete", "clonesets.apps.kruise.io", "-n", "shop"), false);
      ask("delete pods", () => can(m.name, "delete", "pods", "-n", "shop"), false);
      const answers: boolean[] = [];
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < asks.length; i = next++) answers[i] = await asks[i][1]();
      };
      await Promise.all(Array.from({ length: 6 }, worker));
      expect(Object.fromEntries(asks.map(([label], i) => [label, answers[i]]))).toEqual(
        Object.fromEntries(asks.map(([label, , expected]) => [label, expected])),
      );
    },
    // ~25 kubectl runs: generous on a busy machine (nothing here measures speed).
    240_000,
  );
});
