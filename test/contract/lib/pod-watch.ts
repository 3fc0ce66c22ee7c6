/**
 * Watches the pods of one app through the scenario and remembers what a user would see: the order in which pods
 * reached a revision, and the fewest Ready pods at any moment.
 */
import { CoreV1Api, Watch, type KubeConfig } from "@kubernetes/client-node";
import type { Pod } from "@/lib/k8s/objects";

const isReady = (p: Pod) => p.status?.conditions?.some((c) => c.type === "Ready" && c.status === "True") ?? false;

export interface PodWatch {
  /** Pod names in the order they first carried `revision` in their controller-revision-hash label. */
  reached(revision: string): string[];
  /** The fewest Ready pods seen at once since the watch started (or since `reset`). */
  minReady(): number;
  reset(): void;
  stop(): void;
}

export async function watchPods(kc: KubeConfig, namespace: string, app: string): Promise<PodWatch> {
  const core = kc.makeApiClient(CoreV1Api);
  const list = await core.listNamespacedPod({ namespace, labelSelector: `app=${app}` });
  const ready = new Map((list.items as Pod[]).map((p) => [p.metadata.name, isReady(p)]));
  const firsts = new Map<string, string[]>();
  const note = (p: Pod) => {
    const rev = p.metadata.labels?.["controller-revision-hash"];
    if (!rev) return;
    const seen = firsts.get(rev) ?? [];
    if (!seen.includes(p.metadata.name)) firsts.set(rev, [...seen, p.metadata.name]);
  };
  (list.items as Pod[]).forEach(note);
  let min = [...ready.values()].filter(Boolean).length;
  const req = await new Watch(kc).watch(
    `/api/v1/namespaces/${namespace}/pods`,
    { labelSelector: `app=${app}`, resourceVersion: list.metadata?.resourceVersion },
    (type, p: Pod) => {
      if (type === "DELETED") ready.delete(p.metadata.name);
      else {
        ready.set(p.metadata.name, isReady(p) && !p.metadata.deletionTimestamp);
        note(p);
      }
      min = Math.min(min, [...ready.values()].filter(Boolean).length);
    },
    () => {},
  );
  return {
    reached: (rev) => firsts.get(rev) ?? [],
    minReady: () => min,
    reset: () => (min = [...ready.values()].filter(Boolean).length),
    stop: () => req.abort(),
  };
}
