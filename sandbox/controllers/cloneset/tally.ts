// Status counts of a CloneSet's pods kept up to date as pods change, so a reconcile reads them instead of
// recounting all n pods (docs/kruise-rules.md §3.1: the counts calculateStatus reports). Each pod's share is
// computed by the same predicates calculateStatus uses, once per pod version.
import {
  isPodActive,
  isPodAvailable,
  isSpecifiedDelete,
  lifecycleState,
  isPodOnRevision,
  isPodReady,
  type StatusCounts,
} from "@/lib/kruise/core/pod-state";
import { noDiffCounts, tallyPod, type DiffCounts } from "@/lib/kruise/core/expectations";
import type { CloneSet, Pod } from "@/lib/k8s/objects";

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

/** The counts a reconcile reads: the status counts and the split calculateDiffsWithExpectation works from. */
export interface KeptCounts {
  status: StatusCounts;
  diff: DiffCounts;
  /** active pods in PreparingDelete, in pod name order */
  preparingDelete: Pod[];
  /** active pods not in PreparingDelete that are specified for deletion, in pod name order */
  specifiedDelete: Pod[];
}

/** What a pod's part of the diff counts depends on besides the pod and the revision. */
const specKey = (cs: CloneSet) => JSON.stringify(cs.spec.scaleStrategy?.podsToDelete ?? []);

/**
 * Running counts for one CloneSet's pods against one update revision. Only for minReadySeconds 0: then a pod's
 * share does not depend on the time, so it changes only when the pod does. A new update revision (or a new
 * podsToDelete list, which decides which pods count as specified for deletion) recounts once.
 */
export class StatusTally {
  private revision?: string;
  private spec?: CloneSet;
  private specKey = "";
  /** the version of each pod whose share is in the sums: what is taken away when it changes */
  private counted = new Map<string, Pod>();
  private sum = noCounts();
  private diff = noDiffCounts();
  /** keys of the pods in KeptCounts' two lists (few: a scale-in's or a deletion's worth) */
  private preDel = new Set<string>();
  private specDel = new Set<string>();

  /** A pod of this CloneSet changed (`pod` undefined: it is gone). O(1). */
  update(key: string, pod: Pod | undefined): void {
    if (this.revision === undefined) return;
    const was = this.counted.get(key);
    if (was) this.apply(key, was, -1);
    if (!pod) {
      this.counted.delete(key);
      return;
    }
    this.counted.set(key, pod);
    this.apply(key, pod, 1);
  }

  private apply(key: string, pod: Pod, sign: 1 | -1): void {
    add(this.sum, podShare(pod, this.revision!, 0, 0), sign);
    if (!isPodActive(pod)) return;
    tallyPod(this.diff, this.spec!, pod, this.revision!, { now: 0 }, sign);
    const preparing = lifecycleState(pod) === "PreparingDelete";
    const list = preparing ? this.preDel : isSpecifiedDelete(this.spec!, pod) ? this.specDel : undefined;
    if (sign < 0) list?.delete(key);
    else list?.add(key);
  }

  /** The counts over `pods` (the CloneSet's pods as the cache has them now) for `cs` and `updateRevision`. */
  counts(
    cs: CloneSet,
    updateRevision: string,
    pods: () => Iterable<[string, Pod]>,
    byName: (a: string, b: string) => number,
  ): KeptCounts {
    const key = specKey(cs);
    if (this.revision !== updateRevision || this.specKey !== key) {
      this.revision = updateRevision;
      this.spec = cs;
      this.specKey = key;
      this.counted.clear();
      this.sum = noCounts();
      this.diff = noDiffCounts();
      this.preDel.clear();
      this.specDel.clear();
      for (const [k, pod] of pods()) this.update(k, pod);
    }
    const list = (keys: Set<string>) => [...keys].sort(byName).map((k) => this.counted.get(k)!);
    return {
      status: { ...this.sum },
      diff: { ...this.diff },
      preparingDelete: list(this.preDel),
      specifiedDelete: list(this.specDel),
    };
  }
}
