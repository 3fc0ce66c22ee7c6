"use client";
import { useClusterStream, useResourceList, type ResourceName } from "@/lib/client";
import { combineConnections } from "@/lib/kruise/view/connection";

// The page renders a copy of the lists a render behind the cache, in slices (useResourceList's `deferred`).
const DEFERRED = { deferred: true };

/**
 * A workload detail page's live lists through one stream: the workload's kind, its namespace's pods, revisions and
 * events, and `also` (e.g. Kruise Rollout's kinds, which a cluster without them streams as empty lists; the nodes a
 * DaemonSet is laid out on). The connection is the worst of the four the page cannot do without.
 */
export function useWorkloadData<R extends ResourceName>(
  cluster: string,
  namespace: string,
  resource: R,
  name: string,
  also: readonly ResourceName[] = [],
) {
  // A large pods snapshot is decoded in slices that build its rows as they come (the pod home's prepareView).
  useClusterStream({ cluster, namespace, resources: [resource, "pods", "controllerrevisions", "events", ...also] });
  const own = useResourceList(cluster, resource, namespace, DEFERRED);
  const pods = useResourceList(cluster, "pods", namespace, DEFERRED);
  const revs = useResourceList(cluster, "controllerrevisions", namespace, DEFERRED);
  const events = useResourceList(cluster, "events", namespace, DEFERRED);
  const object = own.items.find((o) => o.metadata.name === name);
  const lists = [own, pods, revs, events];
  const connection = combineConnections(lists.map((l) => l.connection));
  const names: ResourceName[] = [resource, "pods", "controllerrevisions", "events"];
  const errors = lists
    .map((l, i) => ({ resource: names[i], error: l.connection.error }))
    .filter((e): e is { resource: ResourceName; error: NonNullable<typeof e.error> } => !!e.error);
  return { object, own, pods, revs, events, connection, errors, loading: own.loading };
}
