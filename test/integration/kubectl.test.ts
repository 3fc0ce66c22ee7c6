/**
 * kubectl 1.32 against the sandbox API server: the commands a release manager uses on CloneSets
 * must work exactly as on a real cluster (kubectl against the sandbox).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type ClusterKind, type TestCluster } from "../support/clusters";

const KUBECTL = process.env.KUBECTL ?? "kubectl";
const NS = "shop";
// The same commands also run against the real kube-apiserver when one is available (npm test builds it),
// which proves the expectations below are kube's, not the sandbox's.
const KINDS: ClusterKind[] = process.env.KUBE_APISERVER_BIN ? ["sandbox", "kube-apiserver"] : ["sandbox"];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

let cluster: TestCluster;
let dir: string;

/** Runs kubectl asynchronously (the sandbox serves from this same process, so never block the loop). */
function kubectl(args: string[], opts: { env?: Record<string, string>; stdin?: string } = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      KUBECTL,
      ["--kubeconfig", cluster.kubeconfigPath, "--cache-dir", path.join(dir, "cache"), "-n", NS, ...args],
      { env: { ...process.env, ...opts.env }, stdio: ["pipe", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    // A kubectl that never reads stdin may exit before the write lands (EPIPE); its exit code is the answer.
    child.stdin.on("error", () => undefined);
    child.stdin.end(opts.stdin ?? "");
  });
}

async function ok(args: string[], opts?: { env?: Record<string, string>; stdin?: string }): Promise<string> {
  const r = await kubectl(args, opts);
  expect(r.code, `kubectl ${args.join(" ")}\n${r.stderr}`).toBe(0);
  return r.stdout;
}

const jsonpath = (name: string, expr: string) => ok(["get", `clone/${name}`, "-o", `jsonpath={${expr}}`]);

function manifest(name: string, replicas: number, image = "nginx:1.0"): string {
  return `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: ${name}}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: app
        image: ${image}
  updateStrategy:
    type: InPlaceIfPossible
`;
}

function writeManifest(name: string, replicas: number, image?: string): string {
  const file = path.join(dir, `${name}-${replicas}-${image ?? "v1"}.yaml`.replace(/[:/]/g, "_"));
  fs.writeFileSync(file, manifest(name, replicas, image));
  return file;
}

describe.each(KINDS)("kubectl against the %s", (kind) => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kruise-kubectl-"));
    cluster = await startCluster(kind);
  });

  afterAll(async () => {
    await cluster?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("apply -f (client-side) creates, then configures, and records last-applied-configuration", async () => {
    expect(await ok(["apply", "-f", writeManifest("web", 2)])).toContain("cloneset.apps.kruise.io/web created");
    expect(await ok(["apply", "-f", writeManifest("web", 3)])).toContain("cloneset.apps.kruise.io/web configured");
    expect(await jsonpath("web", ".spec.replicas")).toBe("3");
    const last = await jsonpath("web", ".metadata.annotations.kubectl\\.kubernetes\\.io/last-applied-configuration");
    expect(JSON.parse(last).spec.replicas).toBe(3);
  });

  it("get clone shows the CloneSet printer columns", async () => {
    const out = await ok(["get", "clone"]);
    const [header, ...rows] = out.trim().split("\n");
    expect(header.split(/\s+/)).toEqual([
      "NAME",
      "DESIRED",
      "UPDATED",
      "UPDATED_READY",
      "UPDATED_AVAILABLE",
      "READY",
      "TOTAL",
      "AGE",
    ]);
    const web = rows.find((r) => r.startsWith("web "));
    expect(web?.split(/\s+/)[1]).toBe("3");
  });

  it("apply --server-side records kubectl as an Apply manager", async () => {
    const out = await ok(["apply", "--server-side", "-f", writeManifest("ssa", 2)]);
    expect(out).toContain("cloneset.apps.kruise.io/ssa serverside-applied");
    const managers = JSON.parse(await ok(["get", "clone/ssa", "--show-managed-fields", "-o", "json"])).metadata
      .managedFields;
    expect(managers).toEqual(
      expect.arrayContaining([expect.objectContaining({ manager: "kubectl", operation: "Apply" })]),
    );
  });

  it("patch --type merge and --type json change the CloneSet", async () => {
    expect(await ok(["patch", "clone/web", "--type", "merge", "-p", '{"spec":{"replicas":4}}'])).toContain(
      "cloneset.apps.kruise.io/web patched",
    );
    expect(await jsonpath("web", ".spec.replicas")).toBe("4");
    await ok([
      "patch",
      "clone/web",
      "--type",
      "json",
      "-p",
      '[{"op":"replace","path":"/spec/updateStrategy/partition","value":2}]',
    ]);
    expect(await jsonpath("web", ".spec.updateStrategy.partition")).toBe("2");
  });

  it("plain patch (strategic merge) on a CloneSet is refused with the real 415 message", async () => {
    const r = await kubectl(["patch", "clone/web", "-p", '{"spec":{"replicas":5}}']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
    );
    expect(await jsonpath("web", ".spec.replicas")).toBe("4");
  });

  it("edit with a scripted KUBE_EDITOR saves the change", async () => {
    const editor = path.join(dir, "editor.sh");
    // Rewrites spec.replicas only: the range stops at the next top-level key (status has its own replicas).
    fs.writeFileSync(editor, `#!/bin/sh\nsed -i '/^spec:/,/^[a-z]/ s/^  replicas: [0-9]*$/  replicas: 7/' "$1"\n`);
    const out = await ok(["edit", "clone/web"], { env: { KUBE_EDITOR: `sh ${editor}`, EDITOR: `sh ${editor}` } });
    expect(out).toContain("cloneset.apps.kruise.io/web edited");
    expect(await jsonpath("web", ".spec.replicas")).toBe("7");
  });

  it("scale sets replicas through the scale subresource", async () => {
    expect(await ok(["scale", "clone/web", "--replicas=2"])).toContain("cloneset.apps.kruise.io/web scaled");
    expect(await jsonpath("web", ".spec.replicas")).toBe("2");
  });

  it("get -w prints a row when the CloneSet changes", async () => {
    const child = spawn(
      KUBECTL,
      [
        "--kubeconfig",
        cluster.kubeconfigPath,
        "--cache-dir",
        path.join(dir, "cache"),
        "-n",
        NS,
        "get",
        "clone/web",
        "-w",
        "--output-watch-events",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    try {
      await until(
        () => /ADDED\s+web\s+2\s/.test(out),
        () => `initial row; stdout=${out} stderr=${err}`,
      );
      await ok(["patch", "clone/web", "--type", "merge", "-p", '{"spec":{"replicas":6}}']);
      await until(
        () => /MODIFIED\s+web\s+6\s/.test(out),
        () => `modified row; stdout=${out} stderr=${err}`,
      );
    } finally {
      child.kill("SIGTERM");
    }
  });

  it("delete removes the CloneSet", async () => {
    expect(await ok(["delete", "clone/web"])).toContain('cloneset.apps.kruise.io "web" deleted');
    const r = await kubectl(["get", "clone/web"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('clonesets.apps.kruise.io "web" not found');
  });
});

/** Polls cond until true (generous timeout; no timing assertion). */
async function until(cond: () => boolean, what: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
