// A DaemonSet's pods by node, and which pod on a node is new or old (docs/kruise-rules.md §14.2).
import { lifecycleState } from "../core/pod-state";
import type { DaemonSet, Pod } from "../../k8s/objects";
import { wireSeconds } from "../order/ties";

export const LABEL_DS_HASH = "controller-revision-hash";
const LABEL_TEMPLATE_GENERATION = "pod-template-generation";
const ANNOTATION_TEMPLATE_GENERATION = "deprecated.daemonset.template.generation";

/**
 * The node a daemon pod is for: its nodeName, else the single `metadata.name In [node]` of its required node
 * affinity (pods wait unscheduled with it). Upstream: kubernetes pkg/controller/daemon/util GetTargetNodeName.
 */
export function targetNodeName(pod: Pod): string | undefined {
  if (pod.spec.nodeName) return pod.spec.nodeName;
  const terms = pod.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms;
  for (const t of terms ?? [])
    for (const f of t.matchFields ?? [])
      if (f.key === "metadata.name" && f.operator === "In") return f.values?.length === 1 ? f.values[0] : undefined;
  return undefined;
}

/** The DaemonSet's pods grouped by target node; pods without one are left out (getNodesToDaemonPods). */
export function nodeToDaemonPods(pods: Pod[]): Map<string, Pod[]> {
  const m = new Map<string, Pod[]>();
  for (const p of pods) {
    const n = targetNodeName(p);
    if (n !== undefined) m.set(n, [...(m.get(n) ?? []), p]);
  }
  return m;
}

/** The template generation the deprecated annotation records, if any (GetTemplateGeneration). */
export function templateGeneration(ds: Pick<DaemonSet, "metadata">): string | undefined {
  const v = ds.metadata.annotations?.[ANNOTATION_TEMPLATE_GENERATION];
  return v !== undefined && /^-?\d+$/.test(v) ? String(Number(v)) : undefined;
}

/** On the current revision: its hash label equals `hash`, or its template generation label matches (IsPodUpdated). */
export function isDaemonPodUpdated(pod: Pod, hash: string, generation?: string): boolean {
  const labels = pod.metadata.labels ?? {};
  return (
    (!!hash && labels[LABEL_DS_HASH] === hash) ||
    (generation !== undefined && labels[LABEL_TEMPLATE_GENERATION] === generation)
  );
}

export const isPodPreDeleting = (p: Pod | undefined) => !!p && lifecycleState(p) === "PreparingDelete";
export const isPodNilOrPreDeleting = (p: Pod | undefined) => !p || isPodPreDeleting(p);

/**
 * The new and the old pod on a node, ignoring terminating pods; `ok` false when either kind appears twice.
 * Upstream: kruise pkg/controller/daemonset/daemonset_util.go findUpdatedPodsOnNode.
 */
export function findUpdatedPodsOnNode(
  pods: Pod[] | undefined,
  hash: string,
  generation?: string,
): { newPod?: Pod; oldPod?: Pod; ok: boolean } {
  let newPod: Pod | undefined, oldPod: Pod | undefined;
  for (const p of pods ?? []) {
    if (p.metadata.deletionTimestamp) continue;
    if (isDaemonPodUpdated(p, hash, generation)) {
      if (newPod) return { ok: false };
      newPod = p;
    } else {
      if (oldPod) return { ok: false };
      oldPod = p;
    }
  }
  return { newPod, oldPod, ok: true };
}

/** Scheduled pods first, then oldest, then by name (podByCreationTimestampAndPhase). */
export function byCreationTimestampAndPhase(a: Pod, b: Pod): number {
  const sa = !!a.spec.nodeName,
    sb = !!b.spec.nodeName;
  if (sa !== sb) return sa ? -1 : 1;
  const ca = wireSeconds(a.metadata.creationTimestamp),
    cb = wireSeconds(b.metadata.creationTimestamp);
  if (ca === cb) return (a.metadata.name ?? "") < (b.metadata.name ?? "") ? -1 : 1;
  return ca - cb;
}
