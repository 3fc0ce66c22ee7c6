import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findKubeconfig, kubeConfigForContext } from "./kubeconfig";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kc-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, contexts: { name: string; server: string; ns?: string }[], current: string): string {
  const file = path.join(dir, name);
  const doc = {
    apiVersion: "v1",
    kind: "Config",
    "current-context": current,
    clusters: contexts.map((c) => ({
      name: `c-${c.name}`,
      cluster: { server: c.server, "insecure-skip-tls-verify": true },
    })),
    users: contexts.map((c) => ({ name: `u-${c.name}`, user: { token: `t-${c.name}` } })),
    contexts: contexts.map((c) => ({
      name: c.name,
      context: { cluster: `c-${c.name}`, user: `u-${c.name}`, namespace: c.ns },
    })),
  };
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
}

const a = write("a.json", [{ name: "dev", server: "https://127.0.0.1:6443", ns: "shop" }], "dev");
const b = write(
  "b.json",
  [
    { name: "prod", server: "https://127.0.0.1:7443" },
    { name: "dev", server: "https://127.0.0.1:9999" },
  ],
  "prod",
);
const noHome = path.join(dir, "no-home");

describe("findKubeconfig", () => {
  it("prefers KRUISE_CONSOLE_KUBECONFIG (the launcher's sandbox) over KUBECONFIG", () => {
    const src = findKubeconfig({ KRUISE_CONSOLE_KUBECONFIG: b, KUBECONFIG: a }, noHome)!;
    expect(
      src
        .load()
        .contexts.map((c) => c.name)
        .sort(),
    ).toEqual(["dev", "prod"]);
    expect(src.load().currentContext).toBe("prod");
  });

  it("merges a KUBECONFIG path list like kubectl: first file wins, missing files are skipped", () => {
    const src = findKubeconfig({ KUBECONFIG: [path.join(dir, "missing"), a, b].join(path.delimiter) }, noHome)!;
    const kc = src.load();
    expect(kc.currentContext).toBe("dev");
    expect(kc.contexts.map((c) => c.name).sort()).toEqual(["dev", "prod"]);
    expect(kc.clusters.find((c) => c.name === "c-dev")?.server).toBe("https://127.0.0.1:6443");
  });

  it("falls back to ~/.kube/config", () => {
    const home = path.join(dir, "home");
    fs.mkdirSync(path.join(home, ".kube"), { recursive: true });
    fs.copyFileSync(a, path.join(home, ".kube", "config"));
    expect(
      findKubeconfig({}, home)
        ?.load()
        .contexts.map((c) => c.name),
    ).toEqual(["dev"]);
  });

  it("finds nothing (rather than localhost:8080) when there is no kubeconfig and no service account", () => {
    expect(findKubeconfig({}, noHome)).toBeNull();
  });
});

describe("kubeConfigForContext", () => {
  it("points client-node at that context's cluster and user", () => {
    const base = findKubeconfig({ KUBECONFIG: b }, noHome)!.load();
    const kc = kubeConfigForContext(base, "dev");
    expect(kc.getCurrentCluster()?.server).toBe("https://127.0.0.1:9999");
    expect(kc.getCurrentUser()?.token).toBe("t-dev");
  });
});
