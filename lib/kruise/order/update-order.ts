// Which pods an update round picks, and in what order (docs/kruise-rules.md §3.6, §4.1).
import { matchesSelector } from "../core/labels";
import { scatterSort } from "./scatter";
import { compareReadySinceRestartsAge, phaseOrdinal } from "./active-pods";
import { shuffled, type TieTest } from "./ties";
import { isPodAvailable, isPodOnRevision, isPodReadyCondition, lifecycleState } from "../core/pod-state";
import type { CloneSet, CloneSetUpdateStrategy, Pod, UpdatePriorityStrategy } from "../../k8s/objects";

export { scatterSort };

/**
 * The keys of k8s ActivePods.Less, and nothing else: unscheduled, Pending<Unknown<Running, not
 * ready, ready more recently, more restarts, newer. Times compare at one-second resolution, as the
 * controller reads them from the wire. 0 = a tie, which upstream's unstable sort.Slice leaves in
 * arbitrary order. Upstream: kubernetes pkg/controller/controller_utils.go ActivePods.Less.
 */
export function compareActivePodKeys(a: Pod, b: Pod): number {
  const na = a.spec.nodeName ?? "",
    nb = b.spec.nodeName ?? "";
  if (na !== nb && (!na || !nb)) return !na ? -1 : 1;
  const pa = phaseOrdinal(a),
    pb = phaseOrdinal(b);
  if (pa !== pb) return pa - pb;
  const ra = isPodReadyCondition(a),
    rb = isPodReadyCondition(b);
  if (ra !== rb) return ra ? 1 : -1;
  return compareReadySinceRestartsAge(a, b);
}

/** ActivePods keys, then the name: one fixed tie-break, for a stable display (never a Kruise decision). */
export function compareActivePods(a: Pod, b: Pod): number {
  return compareActivePodKeys(a, b) || (a.metadata.name ?? "").localeCompare(b.metadata.name ?? "");
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
 * value, higher first; pods with no key get level −1 and go first). A stable re-sort: equal pods keep
 * their incoming order (upstream's `i < j` default is only ever asked about a later element against
 * an earlier one by sort.SliceStable). Upstream: kruise pkg/util/updatesort/priority_sort.go.
 */
export function prioritySort(s: UpdatePriorityStrategy | undefined, pods: Pod[], indexes: number[]): number[] {
  if (!hasPriority(s)) return indexes;
  return [...indexes].sort((i, j) => priorityCompare(s!, pods[i], pods[j]));
}

function hasPriority(s: UpdatePriorityStrategy | undefined): boolean {
  return !!s && (!!s.weightPriority?.length || !!s.orderPriority?.length);
}

function priorityCompare(s: UpdatePriorityStrategy, a: Pod, b: Pod): number {
  const la = a.metadata.labels ?? {},
    lb = b.metadata.labels ?? {};
  if (s.weightPriority?.length) {
    const weight = (l: Record<string, string>) =>
      (s.weightPriority ?? []).reduce((sum, t) => sum + (matchesSelector(t.matchSelector, l) ? t.weight : 0), 0);
    return weight(lb) - weight(la);
  }
  const [lvA, oA] = orderPriority(s, la),
    [lvB, oB] = orderPriority(s, lb);
  return lvA - lvB || oB - oA;
}

const matchesTerm = (t: { key: string; value: string }, p: Pod) => (p.metadata.labels?.[t.key] ?? "") === t.value;

const preparingUpdate = (p: Pod) => lifecycleState(p) === "PreparingUpdate";

/**
 * Full update-candidate order: default sort, then priority, then scatter, then pods already in
 * PreparingUpdate first. `rand` given: equal pods start in a random order, as informer order is to
 * Kruise (the sandbox); without it: by name, one fixed tie-break for display. Every step after the
 * first is stable, so pods tied on all keys (`updateTie`) are the only ones whose places vary.
 * Upstream: kruise pkg/controller/cloneset/sync/cloneset_update.go SortUpdateIndexes.
 */
export function sortUpdateIndexes(
  strategy: CloneSetUpdateStrategy | undefined,
  pods: Pod[],
  indexes: number[],
  rand?: () => number,
): number[] {
  const start = rand
    ? shuffled(indexes, rand)
    : [...indexes].sort((i, j) => (pods[i].metadata.name ?? "").localeCompare(pods[j].metadata.name ?? ""));
  let out = start.sort((i, j) => compareActivePodKeys(pods[i], pods[j]));
  out = prioritySort(strategy?.priorityStrategy, pods, out);
  out = scatterSort(strategy?.scatterStrategy, pods, out);
  return [...out.filter((i) => preparingUpdate(pods[i])), ...out.filter((i) => !preparingUpdate(pods[i]))];
}

/**
 * Two update candidates Kruise cannot tell apart: equal on the ActivePods keys, on PreparingUpdate,
 * on the priority score and on which scatter terms they match (those sorts are stable, so pods
 * differing there keep their own, decided places).
 */
export function updateTie(strategy: CloneSetUpdateStrategy | undefined): TieTest<Pod> {
  const terms = strategy?.scatterStrategy ?? [];
  const ps = strategy?.priorityStrategy;
  return (a, b) =>
    compareActivePodKeys(a, b) === 0 &&
    preparingUpdate(a) === preparingUpdate(b) &&
    (!hasPriority(ps) || priorityCompare(ps!, a, b) === 0) &&
    terms.every((t) => matchesTerm(t, a) === matchesTerm(t, b));
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
