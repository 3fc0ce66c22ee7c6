/**
 * The controller contract suite's real side, once per run: kube-apiserver 1.20.2 (without the sandbox's CloneSet
 * CRD: Kruise installs its own) and kruise-manager with its webhooks (test/support/kruise-manager). The sandbox
 * side is started per test file. Needs KRUISE_MANAGER_DIR or KRUISE_SOURCE_ARCHIVE (see CONTRIBUTING.md).
 */
import type { TestProject } from "vitest/node";
import { startKubeApiserverCluster } from "../support/clusters";
import { kruiseManagerDir, startKruiseManager } from "../support/kruise-manager";
import type { ProvidedKubeApiserver } from "../contract/global-setup";

declare module "vitest" {
  export interface ProvidedContext {
    kruiseCluster: ProvidedKubeApiserver & { kruiseManagerLog: string };
  }
}

export default async function setup(project: TestProject) {
  const buildDir = await kruiseManagerDir();
  const cluster = await startKubeApiserverCluster({ withCloneSetCrd: false });
  let manager;
  try {
    manager = await startKruiseManager(
      {
        server: cluster.server,
        caData: cluster.caData!,
        adminToken: cluster.tokens.admin,
        kubeconfigPath: cluster.kubeconfigPath,
        admin: cluster.kubeConfig(),
      },
      buildDir,
    );
  } catch (e) {
    await cluster.stop();
    throw e;
  }
  project.provide("kruiseCluster", {
    server: cluster.server,
    caData: cluster.caData!,
    kubeconfigPath: cluster.kubeconfigPath,
    tokens: cluster.tokens,
    kruiseManagerLog: manager.logPath,
  });
  return async () => {
    await manager.stop();
    await cluster.stop();
  };
}
