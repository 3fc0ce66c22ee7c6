/**
 * Pod rows reused across renders. The live cache replaces a pod's object on every change and keeps the very same
 * object otherwise (lib/client/reducer.ts), and nothing writes into those objects, so the object is the key: a page
 * of 5,000 pods taking 100 changes rebuilds 100 rows, not 5,000. Only the age, which moves with the clock, is
 * checked on a hit (a new row object only when its text changed).
 */
import { humanDuration } from "./format";
import { podView, type PodRow } from "./pods";
import type { ViewPod } from "./types";

// With the creation time parsed once: a render of 5,000 cached rows would otherwise parse 5,000 timestamps.
const rows = new WeakMap<ViewPod, { row: PodRow; created: number }>();

/** age() from a parsed time: "" when the timestamp was missing or unparsable. */
const ageAt = (created: number, now: Date) => (Number.isNaN(created) ? "" : humanDuration(now.getTime() - created));

/** podView(pod, now), the same row object while the pod object and its age are the same. */
export function cachedPodView(pod: ViewPod, now: Date): PodRow {
  const hit = rows.get(pod);
  if (hit) {
    const a = ageAt(hit.created, now);
    if (a === hit.row.age) return hit.row;
    hit.row = { ...hit.row, age: a };
    return hit.row;
  }
  const row = podView(pod, now);
  const iso = pod.metadata?.creationTimestamp;
  rows.set(pod, { row, created: iso ? Date.parse(iso) : NaN });
  return row;
}
