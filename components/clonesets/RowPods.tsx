"use client";
import { useEffect, useMemo } from "react";
import { useClusterStream, useResourceList } from "@/lib/client";
import type { RowPodFacts } from "@/lib/kruise/view/list";
import { podFactsByCloneSet } from "@/lib/kruise/view/list-pods";
import type { ViewCloneSet } from "@/lib/kruise/view/types";

/**
 * Watches the pods of one namespace and reports, per CloneSet, what only pods tell (failing pods, hook holds,
 * counts of one moment), so the list's state is the detail page's. Renders nothing; a pods error (e.g. no
 * permission) reports nothing and the row keeps what the status alone says.
 */
export function RowPods({
  cluster,
  namespace,
  cloneSets,
  now,
  onFacts,
}: {
  cluster: string;
  namespace: string;
  cloneSets: ViewCloneSet[];
  now: Date;
  onFacts: (namespace: string, facts: Map<string, RowPodFacts> | null) => void;
}) {
  useClusterStream({ cluster, namespace, resources: ["pods"] });
  const pods = useResourceList(cluster, "pods", namespace);
  const usable = !pods.loading && !pods.connection.error;
  const facts = useMemo(
    () => (usable ? podFactsByCloneSet(cloneSets, pods.items, now) : null),
    [usable, cloneSets, pods.items, now],
  );
  useEffect(() => {
    onFacts(namespace, facts);
  }, [namespace, facts, onFacts]);
  useEffect(() => () => onFacts(namespace, null), [namespace, onFacts]);
  return null;
}
