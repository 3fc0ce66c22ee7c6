import type { K8sObject } from "@/lib/k8s/wire";
import type { ResourceDef } from "../resources";
import type { ScopeKey, Upstream } from "./types";

export interface ListResult {
  items: K8sObject[];
  resourceVersion: string;
  pages: number;
}

export interface ListOptions {
  pageSize: number;
  /** stop reading pages once more objects than this arrived; the caller reports TooManyObjects */
  maxObjects: number;
  /**
   * Accept the API server's cached state (resourceVersion "0"), as client-go's reflector does for its first
   * LIST (tools/cache/reflector.go relistResourceVersion): kube-apiserver answers from its watch cache in one
   * response instead of paging through etcd, and the WATCH from the list's resourceVersion delivers whatever
   * the cache had not seen yet. After a 410 the list reads the latest state (resourceVersion unset) in pages,
   * because the cache may still be behind the resourceVersion that expired.
   */
  fromCache: boolean;
  stopped: () => boolean;
}

/**
 * LIST in pages; all pages share the first page's snapshot (api-concepts "Retrieving large results sets in
 * chunks"). Returns null when the scope stopped meanwhile.
 */
export async function listAll(
  up: Upstream,
  def: ResourceDef,
  namespace: string | null,
  o: ListOptions,
): Promise<ListResult | "too-many" | null> {
  const items: K8sObject[] = [];
  let cont: string | undefined;
  let rv = "";
  let pages = 0;
  do {
    pages++;
    const page = await up.listPage(
      def,
      namespace,
      { limit: o.pageSize, continue: cont, ...(o.fromCache && !cont ? { resourceVersion: "0" } : {}) },
      // The cache drops managedFields (trim.ts): where the text allows (pods, events; ../lean-json.ts) they are cut
      // before parsing, which halves the cost of a large pod LIST.
      { withoutManagedFields: true },
    );
    if (o.stopped()) return null;
    for (const item of page.items ?? []) items.push(item);
    if (items.length > o.maxObjects) return "too-many";
    rv = page.metadata?.resourceVersion ?? rv;
    cont = page.metadata?.continue || undefined;
  } while (cont);
  return { items, resourceVersion: rv, pages };
}

/** What a scope over the cap reports: 507 TooManyObjects, saying how to narrow it. */
export function tooManyStatus(def: ResourceDef, key: ScopeKey, max: number) {
  const where = key.namespace ? `namespace "${key.namespace}"` : "all namespaces";
  return {
    kind: "Status" as const,
    code: 507,
    reason: "TooManyObjects",
    message: `more than ${max} ${def.resource} in ${where} on cluster "${key.cluster}": the dashboard caps each watched scope; open a single namespace instead`,
  };
}
