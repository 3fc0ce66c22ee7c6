"use client";
import { useEffect, useMemo } from "react";
import { useClusterStream, useResourceList } from "@/lib/client";
import { hookWaitsByCloneSet } from "@/lib/kruise/view/hooks";
import type { HookWaitView } from "@/lib/kruise/view/rollout";
import type { ViewCloneSet } from "@/lib/kruise/view/types";

/**
 * Watches the pods of one namespace whose CloneSets declare lifecycle hooks and reports the hook holds, so the
 * list can say what a rollout waits for. Renders nothing; a pods error (e.g. no permission) reports nothing.
 */
export function HookPods({
  cluster,
  namespace,
  cloneSets,
  onWaits,
}: {
  cluster: string;
  namespace: string;
  cloneSets: ViewCloneSet[];
  onWaits: (namespace: string, waits: Map<string, HookWaitView[]> | null) => void;
}) {
  useClusterStream({ cluster, namespace, resources: ["pods"] });
  const pods = useResourceList(cluster, "pods", namespace);
  const usable = !pods.loading && !pods.connection.error;
  const waits = useMemo(
    () => (usable ? hookWaitsByCloneSet(cloneSets, pods.items) : null),
    [usable, cloneSets, pods.items],
  );
  useEffect(() => {
    onWaits(namespace, waits);
  }, [namespace, waits, onWaits]);
  useEffect(() => () => onWaits(namespace, null), [namespace, onWaits]);
  return null;
}
