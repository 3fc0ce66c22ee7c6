import "server-only";
import type { KubeConfig } from "@kubernetes/client-node";
import type { ClusterInfo } from "@/lib/k8s/wire";
import { httpErrors } from "./errors";
import { KubeClient } from "./kube";
import { findKubeconfig, kubeConfigForContext, signature } from "./kubeconfig";

interface Loaded {
  sig: string;
  base: KubeConfig | null;
  clusters: ClusterInfo[];
  clients: Map<string, KubeClient>;
}

let loaded: Loaded | undefined;

/** Each kubeconfig context is one cluster, named by the context name (kubectl's --context). */
function load(): Loaded {
  const src = findKubeconfig();
  const sig = src ? signature(src) : "none";
  if (loaded?.sig === sig) return loaded;
  const base = src ? src.load() : null;
  const clusters: ClusterInfo[] = (base?.contexts ?? []).map((ctx) => {
    const cluster = base!.clusters.find((c) => c.name === ctx.cluster);
    const info: ClusterInfo = {
      name: ctx.name,
      server: cluster?.server ?? "",
      current: ctx.name === base!.currentContext,
    };
    if (ctx.namespace) info.namespace = ctx.namespace;
    return info;
  });
  loaded = { sig, base, clusters, clients: new Map() };
  return loaded;
}

/** The clusters the dashboard can show (GET /api/clusters). */
export function listClusters(): ClusterInfo[] {
  return load().clusters;
}

/**
 * Resolves a cluster name from a URL to its client-node access. Only kubeconfig context names are
 * accepted (400 otherwise), so a URL can never point the server at an arbitrary host.
 */
export function clientFor(cluster: string): KubeClient {
  const l = load();
  const name = l.clusters.some((c) => c.name === cluster) ? cluster : safeDecode(cluster);
  if (!l.base || !l.clusters.some((c) => c.name === name)) {
    const known = l.clusters.map((c) => c.name).join(", ") || "none: no kubeconfig found";
    throw httpErrors.badRequest(
      `unknown cluster ${JSON.stringify(cluster.slice(0, 120))}: known kubeconfig contexts are ${known}`,
      "cluster",
    );
  }
  let client = l.clients.get(name);
  if (!client) {
    client = new KubeClient(kubeConfigForContext(l.base, name));
    l.clients.set(name, client);
  }
  return client;
}

// Next may hand route params still percent-encoded; context names like "arn:aws:eks:…/x" need decoding.
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
