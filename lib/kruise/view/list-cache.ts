/**
 * List rows reused across renders: a workload's row is rebuilt only when its object (the live cache replaces it on
 * every change, lib/client/reducer.ts), the clock, or the facts it reads (its Rollout, its pods, the nodes) are new.
 * With 200 workloads and 200 changes a second, a frame rebuilds the few rows that changed, and the table re-renders
 * only them.
 */
import type { Node } from "../../k8s/objects";
import { withPods, type RowPodFacts, type WorkloadRow } from "./list";
import type { KruiseRolloutFacts } from "./state-kruise-rollout";
import type { ViewWorkload } from "./types";
import { cloneSetLens, workloadRow, type WorkloadLens } from "./workload";

interface Entry {
  now: Date;
  rollout: KruiseRolloutFacts | undefined;
  pods: RowPodFacts | undefined;
  nodes: readonly Node[] | undefined;
  row: WorkloadRow;
}

const rows = new WeakMap<object, Entry>();

/**
 * withPods(workloadRow(lens, obj, now, ctx, rollout), shape, pods, now), the same row object while its inputs are
 * the same; the context is the nodes and the pods the facts were made from.
 */
export function cachedWorkloadRow<T extends object>(
  lens: WorkloadLens<T>,
  obj: T,
  now: Date,
  rollout: KruiseRolloutFacts | undefined,
  pods: RowPodFacts | undefined,
  nodes?: readonly Node[],
): WorkloadRow {
  const hit = rows.get(obj);
  if (hit && hit.now === now && hit.rollout === rollout && hit.pods === pods && hit.nodes === nodes) return hit.row;
  const ctx = { nodes, pods: pods?.owned };
  const row = withPods(workloadRow(lens, obj, now, ctx, rollout), lens.shape(obj, ctx), pods, now);
  rows.set(obj, { now, rollout, pods, nodes, row });
  return row;
}

/** A CloneSet's row (cachedWorkloadRow through its lens). */
export function cachedListRow(
  cs: ViewWorkload,
  now: Date,
  rollout: KruiseRolloutFacts | undefined,
  pods: RowPodFacts | undefined,
): WorkloadRow {
  return cachedWorkloadRow(cloneSetLens, cs, now, rollout, pods);
}
