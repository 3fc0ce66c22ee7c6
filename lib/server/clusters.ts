import "server-only";
import type { KubeConfig } from "@kubernetes/client-node";
import type { ClusterInfo } from "@/lib/k8s/wire";
import { httpErrors } from "./errors";
import { KubeClient } from "./kube";
import { kubeConfigForContext, signature, type KubeconfigSource } from "./kubeconfig";

interface Loaded {
  sig: string;
  base: KubeConfig | null;
  clusters: ClusterInfo[];
  clients: Map<string, KubeClient>;
}

/**
 * The clusters the console serves: each kubeconfig context is one cluster, named by the context name (kubectl's
 * --context). Where the kubeconfig comes from is configuration, decided once (config.ts `kubeconfig`); its files are
 * read again when they change (their mtimes), so an edited kubeconfig needs no restart. The runtime holds one.
 */
export class Clusters {
  private loaded: Loaded | undefined;

  constructor(private readonly source: KubeconfigSource | null) {}

  private load(): Loaded {
    const src = this.source;
    const sig = src ? signature(src) : "none";
    if (this.loaded?.sig === sig) return this.loaded;
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
    this.loaded = { sig, base, clusters, clients: new Map() };
    return this.loaded;
  }

  /** The clusters the dashboard can show (GET /api/clusters, auth/cluster-list.ts says who sees what of them). */
  list(): ClusterInfo[] {
    return this.load().clusters;
  }

  /**
   * The one canonical name of the cluster a URL segment names: exactly a kubeconfig context name, or
   * that name with characters URLs must escape (`/`, `:`, `@`, …) percent-encoded once, as a browser
   * sends it. Anything else is a 400, including an escaped letter (`%64ev` for `dev`) or a double
   * encoding, so every cache, watch and audit line keyed by the name sees one spelling per cluster.
   */
  name(raw: string): string {
    const l = this.load();
    const known = (n: string) => l.base !== null && l.clusters.some((c) => c.name === n);
    if (known(raw)) return raw;
    const decoded = decodeOnce(raw);
    if (decoded !== undefined && known(decoded)) return decoded;
    const names = l.clusters.map((c) => c.name).join(", ") || "none: no kubeconfig found";
    throw httpErrors.badRequest(
      `unknown cluster ${JSON.stringify(raw.slice(0, 120))}: use a kubeconfig context name exactly (known: ${names})`,
      "cluster",
    );
  }

  /**
   * Resolves a cluster name from a URL to its client-node access, with the console's own identity. Only
   * kubeconfig context names are accepted (name: 400 otherwise), so a URL can never point the server at an
   * arbitrary host.
   */
  client(cluster: string): KubeClient {
    const l = this.load();
    const name = this.name(cluster);
    let client = l.clients.get(name);
    if (!client) {
      client = new KubeClient(kubeConfigForContext(l.base!, name));
      l.clients.set(name, client);
    }
    return client;
  }
}

// Next may hand route params still percent-encoded; context names like "arn:aws:eks:…/x" need one
// decoding. Only escapes of characters that must be escaped count: an escaped unreserved character
// (a letter, digit, `-._~`) or a `%` that decodes to another escape is not how a name is sent.
function decodeOnce(s: string): string | undefined {
  for (const m of s.matchAll(/%([0-9A-Fa-f]{2})?/g)) {
    if (!m[1] || /[A-Za-z0-9\-._~%]/.test(String.fromCharCode(parseInt(m[1], 16)))) return undefined;
  }
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}
