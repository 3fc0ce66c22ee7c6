/**
 * Test clusters for integration, contract and e2e tests: the sandbox API server or a real
 * kube-apiserver 1.20.2 + etcd, both on loopback, both reached only through a kubeconfig.
 *
 *   const c = await startCluster("kube-apiserver");
 *   const core = c.kubeConfig("viewer").makeApiClient(CoreV1Api);
 *   ...; await c.stop();
 */
import type { KubeConfig } from "@kubernetes/client-node";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  createNamespace,
  createNamespaceReaders,
  createTestRbac,
  installCloneSetCrd,
  installRolloutCrds,
  installWorkloadCrds,
} from "./bootstrap";
import { startKubeApiserverProcesses } from "./kube-apiserver";
import { kubeConfigFor, writeKubeconfigFile, type ClusterEndpoint, type TestUser } from "./kubeconfig";
import { startSandboxServer } from "./sandbox";

export type { TestUser } from "./kubeconfig";
export type ClusterKind = "sandbox" | "kube-apiserver";

export interface TestCluster {
  kind: ClusterKind;
  /** https://127.0.0.1:<port> (kube-apiserver) or http://127.0.0.1:<port> (sandbox) */
  server: string;
  /** contexts named after users; current context "admin" */
  kubeconfigPath: string;
  tokens: Record<TestUser, string>;
  /** base64 PEM of the cluster CA (https clusters only), for raw https requests */
  caData?: string;
  kubeConfig(user?: TestUser): KubeConfig;
  stop(): Promise<void>;
}

export interface KubeApiserverClusterOptions {
  withCloneSetCrd?: boolean;
}
export interface SandboxClusterOptions {
  watchHistory?: number;
}
export type ClusterOptions = KubeApiserverClusterOptions & SandboxClusterOptions;

function cluster(
  kind: ClusterKind,
  ep: ClusterEndpoint,
  tokens: Record<TestUser, string>,
  kubeconfigPath: string,
  stop: () => Promise<void>,
  kubeEp: ClusterEndpoint = ep,
): TestCluster {
  let stopped: Promise<void> | undefined;
  return {
    kind,
    server: ep.server,
    kubeconfigPath,
    tokens,
    caData: ep.caData,
    kubeConfig: (user: TestUser = "admin") => kubeConfigFor(kubeEp, tokens, user),
    stop: () => (stopped ??= stop()),
  };
}

/**
 * Real kube-apiserver v1.20.2 + etcd with the test users' RBAC, the Kruise CRDs the sandbox serves
 * (unless withCloneSetCrd is false) and namespaces `shop` and `payments`. Takes ~5 s once the binary is built.
 */
export async function startKubeApiserverCluster(opts: KubeApiserverClusterOptions = {}): Promise<TestCluster> {
  const procs = await startKubeApiserverProcesses();
  try {
    const tokens = procs.tokens as Record<TestUser, string>;
    const ep = { server: procs.server, caData: procs.caData };
    const kubeconfigPath = path.join(procs.dir, "kubeconfig");
    writeKubeconfigFile(kubeconfigPath, ep, tokens);
    const admin = kubeConfigFor(ep, tokens, "admin");
    await createNamespace(admin, "shop");
    await createNamespace(admin, "payments");
    await createTestRbac(admin);
    await createNamespaceReaders(admin);
    if (opts.withCloneSetCrd !== false) await installCloneSetCrd(admin);
    if (opts.withCloneSetCrd !== false) await installRolloutCrds(admin);
    if (opts.withCloneSetCrd !== false) await installWorkloadCrds(admin);
    return cluster("kube-apiserver", ep, tokens, kubeconfigPath, procs.stop);
  } catch (e) {
    await procs.stop();
    throw e;
  }
}

/** The in-memory sandbox API server (sandbox/apiserver) on a free port, with namespaces `shop` and `payments`. */
export async function startSandboxCluster(opts: SandboxClusterOptions = {}): Promise<TestCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kruise-sandbox-"));
  const kubeconfigPath = path.join(dir, "kubeconfig");
  const sb = await startSandboxServer({ watchHistory: opts.watchHistory, kubeconfigPath });
  const stop = async () => {
    await sb.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const kubeEp = { server: sb.kubeServer };
    const admin = kubeConfigFor(kubeEp, sb.tokens, "admin");
    await createNamespace(admin, "shop");
    await createNamespace(admin, "payments");
    return cluster("sandbox", { server: sb.url }, sb.tokens, kubeconfigPath, stop, kubeEp);
  } catch (e) {
    await stop();
    throw e;
  }
}

export function startCluster(kind: ClusterKind, opts: ClusterOptions = {}): Promise<TestCluster> {
  return kind === "sandbox" ? startSandboxCluster(opts) : startKubeApiserverCluster(opts);
}
