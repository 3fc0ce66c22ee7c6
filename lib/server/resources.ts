import type { ResourceName } from "@/lib/k8s/wire";
import { apiPrefix, type KindHome } from "@/lib/kinds";
import { kubePath } from "@/lib/urls";

/**
 * Where a served resource lives in the Kubernetes API: its kind's home (lib/kinds), the one description the hub, the
 * routes and the access checks read (docs/architecture.md §5: a closed list, no generic proxy).
 */
export type ResourceDef = KindHome<ResourceName>;

/** The collection path a list or watch uses, namespaced or across all namespaces. */
export function collectionPath(d: ResourceDef, namespace: string | null): string {
  return kubePath(apiPrefix(d), d.resource, namespace);
}

/** One object's path, or its subresource's (`/status`), without a query. */
export function objectPath(d: ResourceDef, namespace: string, name: string, subresource?: string): string {
  return `${kubePath(apiPrefix(d), d.resource, namespace, name)}${subresource ? `/${subresource}` : ""}`;
}
