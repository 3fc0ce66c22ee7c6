// Loading a kubeconfig and reading client-node's errors: what every sandbox client needs beside the Kube class.
import { ApiException, KubeConfig } from "@kubernetes/client-node";

export function loadKubeConfig(path: string): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  return kc;
}

/** The same clusters, users and contexts with every cluster's server at `server`. */
export function withServer(kc: KubeConfig, server: string): KubeConfig {
  const moved = new KubeConfig();
  moved.loadFromOptions({
    clusters: kc.clusters.map((c) => ({ ...c, server })),
    users: kc.users,
    contexts: kc.contexts,
    currentContext: kc.currentContext,
  });
  return moved;
}

/** HTTP status of a client-node error (ApiException.code), or undefined for network errors. */
export function errorCode(e: unknown): number | undefined {
  return e instanceof ApiException ? e.code : undefined;
}

/** Message of a Kubernetes Status body, else the error text. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiException) {
    try {
      return (JSON.parse(String(e.body)) as { message?: string }).message ?? `HTTP ${e.code}`;
    } catch {
      return `HTTP ${e.code}`;
    }
  }
  return e instanceof Error ? e.message : String(e);
}
