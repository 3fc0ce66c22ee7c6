import { queryOptions, skipToken, useQueries, useQuery } from "@tanstack/react-query";
import { useClientQuery, useHydrated } from "./hydration";
import { useDeferredValue, useMemo } from "react";
import { apiFetch, ApiError } from "./api";
import { clusterKeys, resourceKeys } from "./keys";
import { api } from "../urls";
import type { ResourceListState } from "./reducer";
import type { ClusterInfo, ClustersResponse, ConnectionState, ResourceName, ResourceObjects } from "../k8s/wire";

/**
 * A live list lives only in the query cache and is written only by useClusterStream; the query
 * itself never fetches (skipToken), never goes stale, and has no data until the first snapshot.
 */
export function resourceListOptions(cluster: string, resource: ResourceName, namespace?: string | null) {
  return queryOptions<ResourceListState>({
    queryKey: resourceKeys.list(cluster, resource, namespace),
    queryFn: skipToken,
    staleTime: Infinity,
    // The stream's reducer already keeps every unchanged object as the same object; a deep compare of a
    // 5,000-pod map on every batch would only walk it again.
    structuralSharing: false,
  });
}

const CONNECTING: ConnectionState = { state: "connecting" };

export interface ResourceList<T> {
  items: T[];
  connection: ConnectionState;
  /** true while waiting for the first snapshot; false once it arrived or the scope failed (see connection.error) */
  loading: boolean;
}

export interface ResourceListOptions {
  /**
   * Follow the cache a render behind (useDeferredValue): the cache's subscription re-renders synchronously, in one
   * task however large the page; a deferred copy is rendered in a transition, which React splits into slices that
   * input and frames can cut into. For pages whose render grows with the list (a 5,000-pod detail page).
   */
  deferred?: boolean;
}

/** Reads one live list; call useClusterStream once on the page with this resource in `resources`. */
export function useResourceList<R extends ResourceName>(
  cluster: string,
  resource: R,
  namespace?: string | null,
  opts: ResourceListOptions = {},
): ResourceList<ResourceObjects[R]> {
  const cached = useQuery(resourceListOptions(cluster, resource, namespace)).data;
  // Hydration renders what the server rendered: no list yet (see useClientQuery).
  const live = useHydrated() ? cached : undefined;
  // A list read live gives useDeferredValue a constant: a changing value would schedule a second render per change.
  const later = useDeferredValue(opts.deferred ? live : undefined);
  const data = opts.deferred ? later : live;
  // The cache for `resource` holds only that resource's objects, as its stream sent them.
  const items = useMemo(() => (data ? (Object.values(data.byKey) as ResourceObjects[R][]) : []), [data]);
  const connection = data?.connection ?? CONNECTING;
  return { items, connection, loading: !data?.synced && connection.state !== "error" };
}

const itemsOf = new WeakMap<ResourceListState, unknown[]>();

/** A list's state as the page reads it; the same items array while the cached state is the same. */
function listOf<T>(data: ResourceListState | undefined): ResourceList<T> {
  let items = data ? itemsOf.get(data) : [];
  if (data && !items) itemsOf.set(data, (items = Object.values(data.byKey)));
  const connection = data?.connection ?? CONNECTING;
  return { items: items as T[], connection, loading: !data?.synced && connection.state !== "error" };
}

const combineLists = (results: { data?: ResourceListState }[]) => results.map((r) => listOf<unknown>(r.data));

/** One live list per namespace (streamed by useNamespaceStreams), read together. */
export function useResourceLists<R extends ResourceName>(
  cluster: string,
  resource: R,
  namespaces: readonly string[],
): ResourceList<ResourceObjects[R]>[] {
  const lists = useQueries({
    queries: namespaces.map((ns) => resourceListOptions(cluster, resource, ns)),
    // A module function: TanStack keeps the combined array while no list changed.
    combine: combineLists as (results: { data?: ResourceListState }[]) => ResourceList<ResourceObjects[R]>[],
  });
  // Hydration renders what the server rendered: no lists yet (see useClientQuery).
  return useHydrated() ? lists : namespaces.map(() => listOf<ResourceObjects[R]>(undefined));
}

/** Live lists of several kinds in one scope (a page listing every workload kind), read together, in `resources` order. */
export function useKindLists(
  cluster: string,
  resources: readonly ResourceName[],
  namespace?: string | null,
): ResourceList<ResourceObjects[ResourceName]>[] {
  const lists = useQueries({
    queries: resources.map((r) => resourceListOptions(cluster, r, namespace)),
    combine: combineLists as (results: { data?: ResourceListState }[]) => ResourceList<ResourceObjects[ResourceName]>[],
  });
  return useHydrated() ? lists : resources.map(() => listOf<ResourceObjects[ResourceName]>(undefined));
}

export function clustersOptions() {
  return queryOptions<ClustersResponse, ApiError>({
    queryKey: clusterKeys.all,
    queryFn: ({ client }) => apiFetch<ClustersResponse>(client, api.clusters()),
    staleTime: 30_000,
  });
}

export interface ClustersResult {
  clusters: ClusterInfo[];
  loading: boolean;
  error?: ApiError;
}

/** The kubeconfig's contexts as clusters (GET /api/clusters). */
export function useClusters(): ClustersResult {
  const q = useClientQuery(clustersOptions());
  return { clusters: q.data?.clusters ?? [], loading: q.isPending, error: q.error ?? undefined };
}
