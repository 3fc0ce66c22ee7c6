import type { ResourceName } from "../k8s/wire";

/** Query keys for live lists; namespace "*" (or an omitted/empty namespace) is the all-namespaces scope. */
export const resourceKeys = {
  all: ["cluster"] as const,
  cluster: (cluster: string) => ["cluster", cluster] as const,
  list: (cluster: string, resource: ResourceName, namespace?: string | null) =>
    ["cluster", cluster, resource, namespace || "*"] as const,
};

export const clusterKeys = {
  all: ["clusters"] as const,
};

/** The object an editor page opened (read once; see editedObjectOptions). */
export const editorKeys = {
  object: (cluster: string, namespace: string, resource: string, name: string) =>
    ["editor", cluster, namespace, resource, name] as const,
};
