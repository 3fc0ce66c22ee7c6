/**
 * What the list needs from pods: the list watches the pods of a few namespaces (those whose workloads have hooks,
 * or whose status shows pods not ready), so a failing rollout says "stuck" on the list as on its page.
 */
import type { Node, Pod } from "../../k8s/objects";
import { hookWaitViews } from "./hooks";
import type { RowPodFacts } from "./list";
import { byController } from "../core/owner";
import { cachedPodView } from "./row-cache";
import { stuckPods } from "./update";
import type { ViewPod, ViewWorkload } from "./types";
import { cloneSetLens, type WorkloadLens } from "./workload";

export { needsPods } from "./workload";

// A workload's facts while neither it, its own pods, the nodes nor the clock changed: the list's row for it is then
// reused too (./list-cache.ts), so a pod event re-renders the row of the workload that owns the pod, not its whole
// namespace's.
interface Cached {
  owned: readonly Pod[];
  now: Date;
  nodes: readonly Node[] | undefined;
  facts: RowPodFacts;
}
const factsCache = new WeakMap<object, Cached>();
const NONE: Pod[] = [];

// The stream replaces only the pods that changed, so an unchanged workload's pods are the same objects in order.
const samePods = (a: readonly Pod[], b: readonly Pod[]) => a.length === b.length && a.every((p, i) => p === b[i]);

function podFacts<T extends object>(
  lens: WorkloadLens<T>,
  obj: T,
  owned: readonly Pod[],
  now: Date,
  nodes: readonly Node[] | undefined,
): RowPodFacts {
  const hit = factsCache.get(obj);
  if (hit && hit.now === now && hit.nodes === nodes && samePods(hit.owned, owned)) return hit.facts;
  const rows = owned.map((p) => cachedPodView(p, now));
  const ctx = { nodes, pods: owned };
  const facts: RowPodFacts = {
    counts: lens.counts(obj, rows, now, ctx),
    pods: rows,
    failing: stuckPods(rows),
    waits: hookWaitViews(lens.shape(obj, ctx), [...owned]),
    owned,
  };
  factsCache.set(obj, { owned, now, nodes, facts });
  return facts;
}

/**
 * Per workload key (`namespace/name`) of one kind: counts by its controller's rules, failing pods and hook holds from
 * one pods snapshot. Pods belong to a workload by controller reference (lib/kruise/core/owner.ts).
 */
export function workloadPodFacts<T extends object>(
  lens: WorkloadLens<T>,
  objects: readonly T[],
  pods: readonly Pod[],
  now: Date,
  nodes?: readonly Node[],
): Map<string, RowPodFacts> {
  const owners = byController([...pods]);
  const out = new Map<string, RowPodFacts>();
  for (const obj of objects) {
    const md = lens.shape(obj, { nodes }).metadata ?? {};
    const owned = (md.uid && owners.get(md.uid)) || NONE;
    out.set(`${md.namespace ?? ""}/${md.name ?? ""}`, podFacts(lens, obj, owned, now, nodes));
  }
  return out;
}

/** Per CloneSet key (`namespace/name`): counts, failing pods and hook holds from one pods snapshot. */
export function podFactsByCloneSet(
  cloneSets: ViewWorkload[],
  pods: readonly ViewPod[],
  now: Date,
): Map<string, RowPodFacts> {
  // Live pods are whole objects; the view type only loosens them for readers that must not trust a field.
  return workloadPodFacts(cloneSetLens, cloneSets, pods as readonly Pod[], now);
}
