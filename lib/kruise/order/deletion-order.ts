// Which pods go first on scale-in (docs/kruise-rules.md §4.2).
import { isPodAvailable, isPodReadyCondition } from "../core/pod-state";
import type { Pod } from "../../k8s/objects";
import { ANNOTATION_DELETION_COST } from "../core/names";
import { compareReadySinceRestartsAge, phaseOrdinal } from "./active-pods";
import { shuffled, type TieTest } from "./ties";

const INT32 = /^(-?[1-9]\d*|0|-0)$/;

/**
 * controller.kubernetes.io/pod-deletion-cost as int32; missing, "+5", "007" or out of range → 0.
 * Upstream: kruise pkg/controller/cloneset/utils/pod_sorter.go getDeletionCostFromPodAnnotations.
 */
export function deletionCost(pod: Pod): number {
  const v = pod.metadata.annotations?.[ANNOTATION_DELETION_COST];
  if (v === undefined || !INT32.test(v)) return 0;
  const n = Number(v);
  return n >= -2147483648 && n <= 2147483647 ? n : 0;
}

function key(p: Pod): string {
  return p.metadata.uid ?? p.metadata.name ?? "";
}

export type AvailableFn = (p: Pod) => boolean;

/**
 * ActivePodsWithRanks.Less as a comparator (<0: `a` is deleted first), keys only: 0 is a tie that
 * upstream's sort.Sort leaves in arbitrary order. Times at one-second resolution, as on the wire.
 */
export function compareForDeletion(a: Pod, b: Pod, rank: (p: Pod) => number, available?: AvailableFn): number {
  return compareWithoutRank(a, b, available) || rank(b) - rank(a) || compareReadySinceRestartsAge(a, b);
}

function compareWithoutRank(a: Pod, b: Pod, available?: AvailableFn): number {
  const na = a.spec.nodeName ?? "",
    nb = b.spec.nodeName ?? "";
  if (na !== nb && (!na || !nb)) return !na ? -1 : 1;
  const pa = phaseOrdinal(a),
    pb = phaseOrdinal(b);
  if (pa !== pb) return pa - pb;
  if (available) {
    const aa = available(a),
      ab = available(b);
    if (aa !== ab) return aa ? 1 : -1;
  }
  const ra = isPodReadyCondition(a),
    rb = isPodReadyCondition(b);
  if (ra !== rb) return ra ? 1 : -1;
  const ca = deletionCost(a),
    cb = deletionCost(b);
  return ca - cb;
}

/**
 * Same-node ranker: on each node with several pods of the set, all but the most valuable get rank
 * (count − position), so crowded nodes give up pods first.
 * Upstream: kruise utils/pod_sorter.go NewSameNodeRanker.
 */
export function sameNodeRanks(pods: Pod[]): Map<string, number> {
  const ranks = new Map<string, number>();
  const byNode = new Map<string, Pod[]>();
  for (const p of pods) if (p.spec.nodeName) byNode.set(p.spec.nodeName, [...(byNode.get(p.spec.nodeName) ?? []), p]);
  for (const group of byNode.values()) {
    if (group.length <= 1) continue;
    const sorted = [...group].sort((a, b) => compareForDeletion(a, b, () => 0)).slice(0, -1);
    sorted.forEach((p, i) => ranks.set(key(p), sorted.length - i));
  }
  return ranks;
}

/**
 * Spread-constraint ranker: per topologySpreadConstraint key, pods in each domain are ranked by
 * position (crowded domains rank higher), weighted by ln(#domains + 2).
 * Upstream: kruise utils/pod_sorter.go NewSpreadConstraintsRanker.
 */
export function spreadRanks(
  pods: Pod[],
  topologyKeys: string[],
  nodeLabels: Map<string, Record<string, string>>,
): Map<string, number> {
  const ranks = new Map<string, number>();
  const same = sameNodeRanks(pods);
  for (const tk of topologyKeys) {
    const domains = new Map<string, Pod[]>();
    for (const p of pods) {
      const v = p.spec.nodeName ? nodeLabels.get(p.spec.nodeName)?.[tk] : undefined;
      if (v !== undefined) domains.set(v, [...(domains.get(v) ?? []), p]);
    }
    const weight = Math.log(domains.size + 2);
    const rank = tk === "kubernetes.io/hostname" ? () => 0 : (p: Pod) => same.get(key(p)) ?? 0;
    for (const group of domains.values()) {
      group.sort((a, b) => compareForDeletion(a, b, rank));
      group.forEach((p, i) => ranks.set(key(p), (ranks.get(key(p)) ?? 0) + (group.length - i) * weight));
    }
  }
  return ranks;
}

export interface DeletionSortOptions {
  minReadySeconds: number;
  now: number;
  /** All active pods of the CloneSet (rank context); defaults to the pods being sorted. */
  allPods?: Pod[];
  topologyKeys?: string[];
  nodeLabels?: Map<string, Record<string, string>>;
  /** Random start order for equal pods (the sandbox); absent: by name, for a stable display. */
  rand?: () => number;
}

const byName = (a: Pod, b: Pod) => (a.metadata.name ?? "").localeCompare(b.metadata.name ?? "");

/**
 * Orders pods least-valuable first for scale-in: unscheduled, Pending<Unknown<Running, unavailable,
 * not ready, lower deletion cost, higher spread rank, more recently ready, more restarts, newer.
 * A stable sort over a start order that is random (`rand`) or by name; only `deletionTie` pods vary.
 * Upstream: kruise sync/cloneset_scale.go choosePodsToDelete + utils/pod_sorter.go ActivePodsWithRanks.
 */
export function sortForDeletion(pods: Pod[], o: DeletionSortOptions): Pod[] {
  const start = (xs: Pod[]) => (o.rand ? shuffled(xs, o.rand) : [...xs].sort(byName));
  const ranks = deletionRanks(start(o.allPods ?? pods), o);
  const available = (p: Pod) => isPodAvailable(p, o.minReadySeconds, o.now);
  return start(pods).sort((a, b) => compareForDeletion(a, b, (p) => ranks.get(key(p)) ?? 0, available));
}

function deletionRanks(ctx: Pod[], o: DeletionSortOptions): Map<string, number> {
  return o.topologyKeys?.length && o.nodeLabels ? spreadRanks(ctx, o.topologyKeys, o.nodeLabels) : sameNodeRanks(ctx);
}

/**
 * Two pods Kruise's scale-in order cannot tell apart. Ranks are positions in a per-node (or per
 * domain) sort, so pods that tie there swap ranks too: on one node they tie whatever their ranks.
 * Spread domains larger than a node are treated as nodes (a narrower group than Kruise's). Not
 * transitive: group with tieClasses(…, false).
 */
export function deletionTie(o: DeletionSortOptions, pods: Pod[]): TieTest<Pod> {
  const ranks = deletionRanks(o.allPods ?? pods, o);
  const available = (p: Pod) => isPodAvailable(p, o.minReadySeconds, o.now);
  const rank = (p: Pod) => ranks.get(key(p)) ?? 0;
  return (a, b) =>
    compareWithoutRank(a, b, available) === 0 &&
    compareReadySinceRestartsAge(a, b) === 0 &&
    (rank(a) === rank(b) || (!!a.spec.nodeName && a.spec.nodeName === b.spec.nodeName));
}
