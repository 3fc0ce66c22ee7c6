"use client";
import { useMemo } from "react";
import { useNamespaceStreams } from "@/lib/client/stream";
import { useResourceLists } from "@/lib/client/queries";
import type { Node, Pod } from "@/lib/k8s/objects";
import type { RowPodFacts } from "@/lib/kruise/view/list";
import { workloadPodFacts } from "@/lib/kruise/view/list-pods";
import type { WorkloadLens } from "@/lib/kruise/view/workload";

/** One kind's workloads of a watched namespace. */
export interface WatchedKind {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's lens reads its own object type
  lens: WorkloadLens<any>;
  objects: readonly object[];
}

/** The namespaces whose pods the list watches, each with its workloads by kind. */
export type Watched = readonly (readonly [namespace: string, kinds: readonly WatchedKind[]])[];

// Per kind's workloads of a namespace (the list's array for them), the facts of the last pods, nodes and moment: a
// change in one namespace's pods leaves the others' facts as they were.
const memo = new WeakMap<
  readonly object[],
  { pods: readonly Pod[]; nodes: readonly Node[] | undefined; now: Date; facts: Map<string, RowPodFacts> }
>();

function factsOf(k: WatchedKind, pods: readonly Pod[], nodes: readonly Node[] | undefined, now: Date) {
  const hit = memo.get(k.objects);
  if (hit && hit.pods === pods && hit.nodes === nodes && hit.now === now) return hit.facts;
  const facts = workloadPodFacts(k.lens, k.objects, pods, now, nodes);
  memo.set(k.objects, { pods, nodes, now, facts });
  return facts;
}

/** The key of a row's facts: a kind and a name may repeat across kinds in one namespace. */
export const factsKey = (resource: string, key: string) => `${resource}:${key}`;

/**
 * What only pods tell about the workloads of a few namespaces (failing pods, hook holds, counts of one moment), so
 * the list's state is the detail page's: the pods of each watched namespace are streamed and read here, and the
 * facts computed in the same render, keyed by factsKey(resource, `namespace/name`). A namespace whose pods cannot be
 * read (no permission) gives no facts: its rows keep what the status alone says.
 */
export function usePodFacts(
  cluster: string,
  watched: Watched,
  nodes: readonly Node[] | undefined,
  now: Date,
): Map<string, RowPodFacts> {
  const namespaces = useMemo(() => watched.map(([n]) => n), [watched]);
  useNamespaceStreams(cluster, namespaces, ["pods"]);
  const lists = useResourceLists(cluster, "pods", namespaces);
  return useMemo(() => {
    const out = new Map<string, RowPodFacts>();
    watched.forEach(([, kinds], i) => {
      const pods = lists[i];
      if (!pods || pods.loading || pods.connection.error) return;
      for (const k of kinds)
        for (const [key, f] of factsOf(k, pods.items, nodes, now)) out.set(factsKey(k.lens.resource, key), f);
    });
    return out;
  }, [watched, lists, nodes, now]);
}
