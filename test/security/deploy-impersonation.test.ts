/**
 * The shipped overlays give the console's ServiceAccount nothing beyond the console's needs, even to someone
 * holding its token directly: each overlay's RBAC (`kubectl kustomize deploy/overlays/<mode>`) is applied to
 * kube-apiserver 1.20.2 in a namespace of its own, a token is minted for its ServiceAccount (TokenRequest, as the
 * kubelet's projected volume gets one), and kubectl with that token may neither read Secrets nor impersonate a
 * `system:` user, a ServiceAccount or system:masters. Only the console container gets that token at all.
 */
import { describe, expect, it } from "vitest";
import { OVERLAYS, render } from "../contract/deploy-render";
import { useOverlayToken } from "./overlay-token";

const SA_PATH = "/var/run/secrets/kubernetes.io/serviceaccount";
/** Who the token must never become: kube-apiserver's own components bind their powers by these user names. */
const SYSTEM_USERS = [
  "system:kube-controller-manager",
  "system:kube-scheduler",
  "system:admin",
  "system:apiserver",
  "system:anonymous",
  "system:node:worker-1",
];

describe("kube-apiserver: what the console's ServiceAccount token can do, per overlay", () => {
  const { tokenOf, kubectl } = useOverlayToken();
  it.each(OVERLAYS)(
    "deploy/overlays/%s: the token reads no Secret, impersonates no system: user, ServiceAccount or system:masters, and mints no token",
    async (overlay) => {
      const { kubeconfig, docs } = await tokenOf(overlay);
      const as = (args: string[]) => kubectl(kubeconfig, args);
      // What the console legitimately impersonates (proxy mode): a listed user with a listed group.
      const listed = (resource: string) =>
        docs
          .filter((d) => d.kind === "ClusterRole")
          .flatMap((d) => (d as { rules?: { resources?: string[]; resourceNames?: string[] }[] }).rules ?? [])
          .filter((r) => r.resources?.includes(resource))
          .flatMap((r) => r.resourceNames ?? []);
      const user = listed("users")[0] ?? "alice@example.com";

      const secrets = await as(["get", "secrets", "--all-namespaces"]);
      expect(secrets.ok).toBe(false);
      expect(secrets.out).toMatch(/cannot list resource "secrets"/);
      for (const system of SYSTEM_USERS) {
        const r = await as(["get", "secrets", "-n", "kube-system", `--as=${system}`]);
        expect(r.ok, system).toBe(false);
        expect(r.out, system).toMatch(/cannot impersonate resource "users"/);
      }
      const sa = await as(["get", "secrets", "-n", "kube-system", "--as=system:serviceaccount:kube-system:default"]);
      expect(sa.out).toMatch(/cannot impersonate resource "(serviceaccounts|users)"/);
      const masters = await as(["get", "secrets", "-A", `--as=${user}`, "--as-group=system:masters"]);
      expect(masters.ok).toBe(false);
      expect(masters.out).toMatch(/cannot impersonate resource "(groups|users)"/);
      const mint = await as(["create", "token", "default", "-n", "kube-system"]);
      expect(mint.ok).toBe(false);
      expect(mint.out).toMatch(/cannot create resource "serviceaccounts\/token"/);

      // Proxy mode's own need still works: acting as a listed user with a listed group is allowed (the answer is
      // that user's, not an impersonation refusal); other overlays may impersonate no one.
      const proxied = await as(["auth", "can-i", "list", "pods", "-n", "default", `--as=${user}`]);
      if (overlay === "proxy") {
        expect(proxied.out.trim()).toMatch(/^(yes|no)$/);
        const withGroup = await as([
          "auth",
          "can-i",
          "list",
          "pods",
          `--as=${user}`,
          `--as-group=${listed("groups")[0]}`,
        ]);
        expect(withGroup.out.trim()).toMatch(/^(yes|no)$/);
      } else expect(proxied.out).toMatch(/cannot impersonate resource "users"/);
    },
    120_000,
  );
});

describe.each(OVERLAYS)("deploy/overlays/%s: who in the pod holds a Kubernetes token", (overlay) => {
  interface Container {
    name: string;
    volumeMounts?: { name: string; mountPath: string }[];
  }
  interface Volume {
    name: string;
    projected?: { sources: Record<string, unknown>[] };
    secret?: { secretName: string };
  }
  const pods = render(overlay)
    .docs.filter((d) => d.kind === "Deployment")
    .map((d) => ({
      name: d.metadata.name,
      spec: (d.spec as { template: { spec: Record<string, unknown> } }).template.spec as {
        automountServiceAccountToken?: boolean;
        containers: Container[];
        volumes?: Volume[];
      },
    }));

  it("no pod automounts a token; only the console container mounts a projected one, where client-node looks", () => {
    for (const p of pods) expect(p.spec.automountServiceAccountToken, p.name).toBe(false);
    const holders = pods.flatMap((p) =>
      p.spec.containers
        .filter((c) =>
          (c.volumeMounts ?? []).some((m) =>
            p.spec.volumes?.find((v) => v.name === m.name)?.projected?.sources.some((s) => "serviceAccountToken" in s),
          ),
        )
        .map((c) => `${p.name}/${c.name}`),
    );
    const consolePod = pods.find((p) => p.spec.containers.some((c) => c.name === "console"))!;
    expect(holders).toEqual([`${consolePod.name}/console`]);
    const mount = consolePod.spec.containers
      .find((c) => c.name === "console")!
      .volumeMounts!.find((m) => m.mountPath === SA_PATH)!;
    const sources = consolePod.spec.volumes!.find((v) => v.name === mount.name)!.projected!.sources;
    expect(sources.map((s) => Object.keys(s)[0]).sort()).toEqual(["configMap", "downwardAPI", "serviceAccountToken"]);
    // no container (the auth-proxy sidecar above all) mounts anything at the service-account path
    for (const p of pods)
      for (const c of p.spec.containers.filter((x) => x.name !== "console"))
        expect(c.volumeMounts?.some((m) => m.mountPath.startsWith(SA_PATH)) ?? false, c.name).toBe(false);
  });
});
