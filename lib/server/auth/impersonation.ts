import "server-only";
import { KubeConfig, type RequestContext } from "@kubernetes/client-node";
import type { UserInfo } from "./sessions";

/**
 * A KubeConfig that acts as another user through Kubernetes impersonation headers
 * (Impersonate-User plus one Impersonate-Group header per group; kube-apiserver
 * staging/src/k8s.io/apiserver/pkg/endpoints/filters/impersonation.go). client-node's own
 * `user.as` covers the user only, and its request headers are a plain record (one value per name),
 * so the groups go in through the Fetch spec's other HeadersInit form: an iterable of pairs.
 */
export class ImpersonatingKubeConfig extends KubeConfig {
  constructor(
    base: KubeConfig,
    private readonly as: UserInfo,
  ) {
    super();
    this.loadFromOptions({
      clusters: base.clusters,
      users: base.users,
      contexts: base.contexts,
      currentContext: base.currentContext,
    });
  }

  override async applySecurityAuthentication(context: RequestContext): Promise<void> {
    await super.applySecurityAuthentication(context);
    context.setHeaderParam("Impersonate-User", this.as.name);
    const headers = context.getHeaders();
    const groups = this.as.groups;
    Object.defineProperty(headers, Symbol.iterator, {
      enumerable: false,
      configurable: true,
      value: function* pairs(this: Record<string, string>) {
        for (const [k, v] of Object.entries(this)) yield [k, v];
        for (const g of groups) yield ["Impersonate-Group", g];
      },
    });
  }

  override async applyToHTTPSOptions(opts: Parameters<KubeConfig["applyToHTTPSOptions"]>[0]): Promise<void> {
    await super.applyToHTTPSOptions(opts);
    const headers = (opts.headers ??= {}) as Record<string, string | string[]>;
    headers["Impersonate-User"] = this.as.name;
    if (this.as.groups.length) headers["Impersonate-Group"] = [...this.as.groups];
  }
}

/** A KubeConfig for the same clusters with every user replaced by a bearer token (token mode). */
export function withBearerToken(base: KubeConfig, token: string): KubeConfig {
  const kc = new KubeConfig();
  const users = base.contexts.map((c) => ({ name: `token-for-${c.name}`, token }));
  const contexts = base.contexts.map((c) => ({ ...c, user: `token-for-${c.name}` }));
  kc.loadFromOptions({ clusters: base.clusters, users, contexts, currentContext: base.currentContext });
  return kc;
}
