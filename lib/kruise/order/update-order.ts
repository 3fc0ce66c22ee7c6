// Which pods an update round picks, and in what order (docs/kruise-rules.md §3.6, §4.1).
import { matchesSelector } from "../core/labels";
import { scatterSort } from "./scatter";
import {
  getCondition,
  isPodAvailable,
  isPodOnRevision,
  isPodReadyCondition,
  lifecycleState,
  maxRestarts,
} from "../core/pod-state";
import type { CloneSet, CloneSetUpdateStrategy, Pod, UpdatePriorityStrategy } from "../../k8s/objects";

export { scatterSort };

const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

function time(t: string | null | undefined): number {
  return t ? Date.parse(t) : 0;
}

/** t1 sorts first if it is zero or later than t2 (k8s controller_utils.go afterOrZero). */
function afterOrZero(t1: number, t2: number): boolean {
  if (!t1 || !t2) return !t1;
  return t1 > t2;
}

/**
 * Default "less" of k8s pkg/controller ActivePods: unscheduled, Pending<Unknown<Running, not
 * ready, ready more recently, more restarts, newer. Returns <0 when `a` goes first; name breaks ties
 * (upstream's sort is unstable). Upstream: kubernetes pkg/controller/controller_utils.go ActivePods.Less.
 */
export function compareActivePods(a: Pod, b: Pod): number {
  const na = a.spec.nodeName ?? "",
    nb = b.spec.nodeName ?? "";
  if (na !== nb && (!na || !nb)) return !na ? -1 : 1;
  const pa = PHASE_ORDINAL[a.status?.phase ?? ""] ?? 0,
    pb = PHASE_ORDINAL[b.status?.phase ?? ""] ?? 0;
  if (pa !== pb) return pa - pb;
  const ra = isPodReadyCondition(a),
    rb = isPodReadyCondition(b);
  if (ra !== rb) return ra ? 1 : -1;
  if (ra && rb) {
    const ta = time(getCondition(a, "Ready")?.lastTransitionTime),
      tb = time(getCondition(b, "Ready")?.lastTransitionTime);
    if (ta !== tb) return afterOrZero(ta, tb) ? -1 : 1;
  }
  const ca = maxRestarts(a),
    cb = maxRestarts(b);
  if (ca !== cb) return cb - ca;
  const ka = time(a.metadata.creationTimestamp),
    kb = time(b.metadata.creationTimestamp);
  if (ka !== kb) return afterOrZero(ka, kb) ? -1 : 1;
  return (a.metadata.name ?? "").localeCompare(b.metadata.name ?? "");
}

function trailingInt(v: string): number {
  const m = /(\d+)$/.exec(v);
  return m ? Number(m[1]) : 0;
}

function orderPriority(s: UpdatePriorityStrategy, labels: Record<string, string>): [number, number] {
  const terms = s.orderPriority ?? [];
  for (let i = 0; i < terms.length; i++) {
    const v = labels[terms[i].orderedKey];
    if (v !== undefined) return [i, trailingInt(v)];
  }
  return [-1, 0];
}

/**
 * priorityStrategy re-sort: weightPriority (sum of matching weights, higher first) or
 * orderPriority (first listed key present decides the level, lower first; trailing integer of the
 * value, higher first; pods with no key get level −1 and go first). Ties go to the pod with the
 * higher index in `pods`, as upstream's comparator does. Upstream: kruise pkg/util/updatesort/priority_sort.go.
 */
export function prioritySort(s: UpdatePriorityStrategy | undefined, pods: Pod[], indexes: number[]): number[] {
  if (!s || (!s.weightPriority?.length && !s.orderPriority?.length)) return indexes;
  const weight = (l: Record<string, string>) =>
    (s.weightPriority ?? []).reduce((sum, t) => sum + (matchesSelector(t.matchSelector, l) ? t.weight : 0), 0);
  return [...indexes].sort((i, j) => {
    const li = pods[i].metadata.labels ?? {},
      lj = pods[j].metadata.labels ?? {};
    if (s.weightPriority?.length) {
      const d = weight(lj) - weight(li);
      if (d) return d;
    } else {
      const [lvI, oI] = orderPriority(s, li),
        [lvJ, oJ] = orderPriority(s, lj);
      if (lvI !== lvJ) return lvI - lvJ;
      if (oI !== oJ) return oJ - oI;
    }
    return j - i;
  });
}

/**
 * Full update-candidate order: default sort, then priority, then scatter, then pods already in
 * PreparingUpdate first. Upstream: kruise pkg/controller/cloneset/sync/cloneset_update.go SortUpdateIndexes.
 */
export function sortUpdateIndexes(
  strategy: CloneSetUpdateStrategy | undefined,
  pods: Pod[],
  indexes: number[],
): number[] {
  let out = [...indexes].sort((i, j) => compareActivePods(pods[i], pods[j]));
  out = prioritySort(strategy?.priorityStrategy, pods, out);
  out = scatterSort(strategy?.scatterStrategy, pods, out);
  const prep = (i: number) => lifecycleState(pods[i]) === "PreparingUpdate";
  return [...out.filter(prep), ...out.filter((i) => !prep(i))];
}

/**
 * Keeps the first |updateNum| candidates, then stops when unavailable pods of the target revision
 * plus accepted ones reach updateMaxUnavailable, or (for an available candidate) when all
 * unavailable pods do. Upstream: kruise sync/cloneset_update.go limitUpdateIndexes.
 */
export function limitUpdateIndexes(
  cs: Pick<CloneSet, "spec">,
  pods: Pod[],
  indexes: number[],
  updateNum: number,
  updateMaxUnavailable: number,
  targetRevision: string,
  now: number,
): number[] {
  const minReady = cs.spec.minReadySeconds ?? 0;
  const wait = indexes.slice(0, Math.abs(updateNum));
  let unavailable = 0,
    targetUnavailable = 0,
    accepted = 0;
  for (const p of pods) {
    if (!isPodAvailable(p, minReady, now)) {
      unavailable++;
      if (isPodOnRevision(p, targetRevision)) targetUnavailable++;
    }
  }
  for (const i of wait) {
    if (targetUnavailable + accepted >= updateMaxUnavailable) break;
    if (isPodAvailable(pods[i], minReady, now)) {
      if (unavailable >= updateMaxUnavailable) break;
      unavailable++;
    }
    accepted++;
  }
  return wait.slice(0, accepted);
}

/** Pods eligible for an update round (forward: not on updateRevision; rollback: on it), minus PreparingDelete and grace-period pods. */
export function updateCandidates(pods: Pod[], updateRevision: string, forward: boolean): number[] {
  const out: number[] = [];
  pods.forEach((p, i) => {
    if (isPodOnRevision(p, updateRevision) === forward) return;
    if (lifecycleState(p) === "PreparingDelete") return;
    if (p.metadata.annotations?.["apps.kruise.io/inplace-update-grace"]) return;
    out.push(i);
  });
  return out;
}
