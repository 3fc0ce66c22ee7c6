"use client";
import { useMemo } from "react";
import { useNamespaceStreams } from "@/lib/client/stream";
import { useResourceLists } from "@/lib/client/queries";
import type { RowPodFacts } from "@/lib/kruise/view/list";
import { podFactsByCloneSet } from "@/lib/kruise/view/list-pods";
import type { ViewCloneSet, ViewPod } from "@/lib/kruise/view/types";

type Watched = readonly (readonly [namespace: string, cloneSets: ViewCloneSet[]])[];
// Per namespace's CloneSets (the list's array for it), the facts of the last pods and moment: a change in one
// namespace's pods leaves the others' facts as they were.
const memo = new WeakMap<ViewCloneSet[], { pods: ViewPod[]; now: Date; facts: Map<string, RowPodFacts> }>();

function factsOf(cloneSets: ViewCloneSet[], pods: ViewPod[], now: Date): Map<string, RowPodFacts> {
  const hit = memo.get(cloneSets);
  if (hit && hit.pods === pods && hit.now === now) return hit.facts;
  const facts = podFactsByCloneSet(cloneSets, pods, now);
  memo.set(cloneSets, { pods, now, facts });
  return facts;
}

/**
 * What only pods tell about the CloneSets of a few namespaces (failing pods, hook holds, counts of one moment), so
 * the list's state is the detail page's: the pods of each watched namespace are streamed and read here, and the
 * facts computed in the same render, keyed by `namespace/name`. A namespace whose pods cannot be read (no permission)
 * gives no facts: its rows keep what the status alone says.
 */
export function usePodFacts(cluster: string, watched: Watched, now: Date): Map<string, RowPodFacts> {
  const namespaces = useMemo(() => watched.map(([n]) => n), [watched]);
  useNamespaceStreams(cluster, namespaces, ["pods"]);
  const lists = useResourceLists(cluster, "pods", namespaces);
  return useMemo(() => {
    const out = new Map<string, RowPodFacts>();
    watched.forEach(([, cloneSets], i) => {
      const pods = lists[i];
      if (!pods || pods.loading || pods.connection.error) return;
      for (const [k, f] of factsOf(cloneSets, pods.items, now)) out.set(k, f);
    });
    return out;
  }, [watched, lists, now]);
}
