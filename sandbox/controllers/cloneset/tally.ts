// Status counts of a CloneSet's pods kept up to date as pods change, so a reconcile reads them instead of
// recounting all n pods (docs/kruise-rules.md §3.1: the counts calculateStatus reports). Each pod's share is
// computed by the same predicates calculateStatus uses, once per pod version.
import {
  isPodActive,
  isPodAvailable,
  isPodOnRevision,
  isPodReady,
  type StatusCounts,
} from "@/lib/kruise/core/pod-state";
import type { Pod } from "@/lib/k8s/objects";

export const noCounts = (): StatusCounts => ({
  replicas: 0,
  ready: 0,
  available: 0,
  updated: 0,
  updatedReady: 0,
  updatedAvailable: 0,
});

/** One pod's share of the counts (zero for a pod that is not active). Upstream: cloneset_status.go calculateStatus. */
export function podShare(p: Pod, updateRevision: string, minReadySeconds: number, now: number): StatusCounts {
  const s = noCounts();
  if (!isPodActive(p)) return s;
  const ready = isPodReady(p, now),
    available = isPodAvailable(p, minReadySeconds, now),
    updated = isPodOnRevision(p, updateRevision);
  s.replicas = 1;
  if (ready) s.ready = 1;
  if (available) s.available = 1;
  if (updated) s.updated = 1;
  if (updated && ready) s.updatedReady = 1;
  if (updated && available) s.updatedAvailable = 1;
  return s;
}

function add(to: StatusCounts, c: StatusCounts, sign: 1 | -1): void {
  to.replicas += sign * c.replicas;
  to.ready += sign * c.ready;
  to.available += sign * c.available;
  to.updated += sign * c.updated;
  to.updatedReady += sign * c.updatedReady;
  to.updatedAvailable += sign * c.updatedAvailable;
}

/** Sum of the shares of `pods`. */
export function countPods(pods: Pod[], updateRevision: string, minReadySeconds: number, now: number): StatusCounts {
  const sum = noCounts();
  for (const p of pods) add(sum, podShare(p, updateRevision, minReadySeconds, now), 1);
  return sum;
}

/**
 * Running counts for one CloneSet's pods against one update revision. Only for minReadySeconds 0: then a pod's
 * share does not depend on the time, so it changes only when the pod does. A new update revision recounts once.
 */
export class StatusTally {
  private revision?: string;
  private shares = new Map<string, StatusCounts>();
  private sum = noCounts();

  /** A pod of this CloneSet changed (`pod` undefined: it is gone). O(1). */
  update(key: string, pod: Pod | undefined): void {
    if (this.revision === undefined) return;
    const was = this.shares.get(key);
    if (was) add(this.sum, was, -1);
    if (!pod) {
      this.shares.delete(key);
      return;
    }
    const share = podShare(pod, this.revision, 0, 0);
    this.shares.set(key, share);
    add(this.sum, share, 1);
  }

  /** The counts over `pods` (the CloneSet's pods as the cache has them now) for `updateRevision`. */
  counts(updateRevision: string, pods: () => Iterable<[string, Pod]>): StatusCounts {
    if (this.revision !== updateRevision) {
      this.revision = updateRevision;
      this.shares.clear();
      this.sum = noCounts();
      for (const [key, pod] of pods()) this.update(key, pod);
    }
    return { ...this.sum };
  }
}
