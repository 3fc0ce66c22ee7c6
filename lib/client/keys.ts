// Every query key the browser uses, in one place (docs/architecture.md §6): the options factories
// (queries.ts, access.ts, session.ts, editor.ts) and the stream's cache writes all take them from here.
import type { ResourceName } from "../k8s/wire";

/** Live lists; namespace "*" (or an omitted/empty namespace) is the all-namespaces scope. */
export const resourceKeys = {
  all: ["cluster"] as const,
  cluster: (cluster: string) => ["cluster", cluster] as const,
  list: (cluster: string, resource: ResourceName, namespace?: string | null) =>
    ["cluster", cluster, resource, namespace || "*"] as const,
};

export const clusterKeys = {
  all: ["clusters"] as const,
};

/** One object read once (an editor page's opened object, a revision shown read-only). */
export const objectKeys = {
  object: (cluster: string, namespace: string, resource: string, name: string) =>
    ["object", cluster, namespace, resource, name] as const,
};

/** The answer of one access review: may the user `verb` (the `subresource` of) this object? */
export const accessKeys = {
  all: ["access"] as const,
  object: (cluster: string, namespace: string, resource: string, name: string, verb: string, subresource = "") =>
    ["access", cluster, namespace, resource, name, verb, subresource] as const,
};

/** Who the browser acts as and the anti-CSRF token (GET /api/auth/session). */
export const sessionKeys = {
  current: ["auth", "session"] as const,
};

/** A pod read again every few seconds while its page is open (the pod page's header and container picker). */
export const podKeys = {
  live: (cluster: string, namespace: string, name: string) => ["pod", cluster, namespace, name] as const,
};
