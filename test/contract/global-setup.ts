/**
 * Starts ONE real kube-apiserver v1.20.2 (+ etcd) for the whole contract run and hands its
 * connection details to the test files through vitest's provide/inject. The sandbox side is
 * started per test file (it is cheap and in-process).
 */
import type { TestProject } from "vitest/node";
import { startKubeApiserverCluster } from "../support/clusters";
import type { TestUser } from "../support/kubeconfig";

export interface ProvidedKubeApiserver {
  server: string;
  caData: string;
  kubeconfigPath: string;
  tokens: Record<TestUser, string>;
}

declare module "vitest" {
  export interface ProvidedContext {
    kubeApiserver: ProvidedKubeApiserver;
  }
}

export default async function setup(project: TestProject) {
  const cluster = await startKubeApiserverCluster();
  project.provide("kubeApiserver", {
    server: cluster.server,
    caData: cluster.caData!,
    kubeconfigPath: cluster.kubeconfigPath,
    tokens: cluster.tokens,
  });
  return async () => {
    await cluster.stop();
  };
}
