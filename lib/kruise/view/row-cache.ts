/**
 * Pod rows reused across renders. The live cache replaces a pod's object on every change and keeps the very same
 * object otherwise (lib/client/reducer.ts), and nothing writes into those objects, so the object is the key: a page
 * of 5,000 pods taking 100 changes rebuilds 100 rows, not 5,000. Only the age, which moves with the clock, is
 * checked on a hit (a new row object only when its text changed).
 */
import { age } from "./format";
import { podView, type PodRow } from "./pods";
import type { ViewPod } from "./types";

const rows = new WeakMap<ViewPod, PodRow>();

/** podView(pod, now), the same row object while the pod object and its age are the same. */
export function cachedPodView(pod: ViewPod, now: Date): PodRow {
  const hit = rows.get(pod);
  if (hit) {
    const a = age(pod.metadata?.creationTimestamp, now);
    if (a === hit.age) return hit;
    const row = { ...hit, age: a };
    rows.set(pod, row);
    return row;
  }
  const row = podView(pod, now);
  rows.set(pod, row);
  return row;
}
