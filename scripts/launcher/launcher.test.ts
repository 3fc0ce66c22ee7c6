import { describe, expect, it } from "vitest";
import { isLoopback, parseArgs, serveArgs } from "./args";
import { buildProgress } from "./build";
import { findKubeconfig, inClusterKubeconfig, mergeKubeconfigs, renameSandbox, type KubeConfig } from "./kubeconfig";

describe("launcher flags", () => {
  it("defaults to 127.0.0.1:3000 in local mode and reads --sandbox plus the server's flags", () => {
    expect(parseArgs([])).toMatchObject({ sandbox: false, serve: { port: 3000, host: "127.0.0.1", mode: "local" } });
    const o = parseArgs(["--port", "4000", "--host=::1", "--sandbox", "--mode", "token", "--read-only"]);
    expect(o).toMatchObject({ sandbox: true, serve: { port: 4000, host: "::1", mode: "token", readOnly: true } });
    expect(serveArgs(o)).toEqual(["--host", "::1", "--port", "4000", "--mode", "token", "--read-only"]);
    expect(() => parseArgs(["--port", "x"])).toThrow(/port/);
    expect(() => parseArgs(["--bogus"])).toThrow(/unknown flag/);
  });

  it("treats only loopback addresses as safe to bind without authentication", () => {
    expect(["127.0.0.1", "127.1.2.3", "localhost", "::1", "[::1]"].every(isLoopback)).toBe(true);
    expect(["0.0.0.0", "::", "192.168.1.5", "example.internal"].some(isLoopback)).toBe(false);
  });
});

describe("kubeconfig discovery", () => {
  const has =
    (...files: string[]) =>
    (p: string) =>
      files.includes(p);
  it("prefers KUBECONFIG (a path list, missing entries skipped), then ~/.kube/config, then in-cluster", () => {
    expect(findKubeconfig({ KUBECONFIG: "/a:/b" }, has("/b", "/h/.kube/config"), "/h")).toEqual({
      kind: "files",
      files: ["/b"],
    });
    expect(findKubeconfig({}, has("/h/.kube/config"), "/h")).toEqual({ kind: "files", files: ["/h/.kube/config"] });
    expect(
      findKubeconfig(
        { KUBERNETES_SERVICE_HOST: "10.0.0.1" },
        has("/var/run/secrets/kubernetes.io/serviceaccount/token"),
        "/h",
      ),
    ).toEqual({ kind: "in-cluster" });
    expect(findKubeconfig({}, has(), "/h")).toEqual({ kind: "none" });
  });

  it("adds the sandbox as context `sandbox` without clobbering the user's names or current context", () => {
    const user: KubeConfig = {
      "current-context": "prod",
      clusters: [{ name: "admin", cluster: { server: "https://prod" } }],
      users: [{ name: "admin", user: { token: "t" } }],
      contexts: [{ name: "prod", context: { cluster: "admin", user: "admin" } }],
    };
    const sandbox: KubeConfig = {
      "current-context": "admin",
      clusters: [{ name: "admin", cluster: { server: "http://127.0.0.1:1" } }],
      users: [
        { name: "admin", user: { token: "s" } },
        { name: "viewer", user: { token: "v" } },
      ],
      contexts: [
        { name: "admin", context: { cluster: "admin", user: "admin" } },
        { name: "viewer", context: { cluster: "admin", user: "viewer" } },
        { name: "sandbox-deployer", context: { cluster: "admin", user: "admin" } },
      ],
    };
    const merged = mergeKubeconfigs([user, renameSandbox(sandbox)]);
    expect(merged["current-context"]).toBe("prod");
    expect(merged.contexts!.map((c) => c.name)).toEqual(["prod", "sandbox", "sandbox-viewer", "sandbox-deployer"]);
    expect(merged.contexts![1].context).toEqual({ cluster: "sandbox:admin", user: "sandbox:admin" });
    expect(merged.clusters!.map((c) => c.name)).toEqual(["admin", "sandbox:admin"]);
  });

  it("keeps the first definition of a name when kubeconfigs overlap, like kubectl", () => {
    const a: KubeConfig = { contexts: [{ name: "x", context: { cluster: "a" } }] };
    const b: KubeConfig = { "current-context": "x", contexts: [{ name: "x", context: { cluster: "b" } }] };
    const m = mergeKubeconfigs([a, b]);
    expect(m.contexts).toEqual([{ name: "x", context: { cluster: "a" } }]);
    expect(m["current-context"]).toBe("x");
  });

  it("describes the in-cluster service account as a kubeconfig", () => {
    const k = inClusterKubeconfig({ KUBERNETES_SERVICE_HOST: "10.0.0.1", KUBERNETES_SERVICE_PORT: "443" });
    expect(k.clusters![0].cluster).toMatchObject({ server: "https://10.0.0.1:443" });
  });
});

describe("npm start's first build", () => {
  it("a quiet build says how long it has run and what Next said last", () => {
    expect(buildProgress(95_000, "  Creating an optimized production build ...\n")).toBe(
      "still building (1 min 35 s): Creating an optimized production build ...",
    );
    expect(buildProgress(15_000, "")).toBe("still building (15 s)");
  });
});
