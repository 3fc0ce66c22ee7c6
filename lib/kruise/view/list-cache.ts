/**
 * List rows reused across renders: a CloneSet's row is rebuilt only when its object (the live cache replaces it on
 * every change, lib/client/reducer.ts), the clock, or the facts it reads (its Rollout, its pods) are new. With 200
 * CloneSets and 200 changes a second, a frame rebuilds the few rows that changed, and the table re-renders only them.
 */
import { cloneSetView, withPods, type CloneSetRow, type RowPodFacts } from "./list";
import type { KruiseRolloutFacts } from "./state-kruise-rollout";
import type { ViewWorkload } from "./types";

interface Entry {
  now: Date;
  rollout: KruiseRolloutFacts | undefined;
  pods: RowPodFacts | undefined;
  row: CloneSetRow;
}

const rows = new WeakMap<ViewWorkload, Entry>();

/** withPods(cloneSetView(cs, now, rollout), cs, pods, now), the same row object while its inputs are the same. */
export function cachedListRow(
  cs: ViewWorkload,
  now: Date,
  rollout: KruiseRolloutFacts | undefined,
  pods: RowPodFacts | undefined,
): CloneSetRow {
  const hit = rows.get(cs);
  if (hit && hit.now === now && hit.rollout === rollout && hit.pods === pods) return hit.row;
  const row = withPods(cloneSetView(cs, now, rollout), cs, pods, now);
  rows.set(cs, { now, rollout, pods, row });
  return row;
}
