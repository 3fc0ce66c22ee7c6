// Which pods an Advanced StatefulSet update round touches, in what order (docs/kruise-rules.md §13.4, §13.5).
import { legacyScaledValue } from "../core/intorstr";
import { isPodOnRevision } from "../core/pod-state";
import { checkInPlaceUpdateCompleted } from "../inplace/refresh";
import { prioritySort } from "../order/update-order";
import type { Pod, StatefulSet } from "../../k8s/objects";
import { isHealthy, isTerminating, minReadySeconds, runningAndAvailable } from "./health";

type RollingUpdate = NonNullable<NonNullable<StatefulSet["spec"]["updateStrategy"]>["rollingUpdate"]>;

/** The revision label, compared by full value as the update loop does (getPodRevision). */
export const podRevision = (p: Pod) => p.metadata.labels?.["controller-revision-hash"] ?? "";

/**
 * maxUnavailable of one update round: 1 without rollingUpdate; else the value (default 1) of `spec.replicas`,
 * percentages rounded down by Kubernetes' legacy integer parser, never below 1.
 * Upstream: kruise pkg/controller/statefulset/stateful_set_control.go rollingUpdateStatefulsetPods.
 */
export function statefulMaxUnavailable(set: Pick<StatefulSet, "spec">): number {
  const ru = set.spec.updateStrategy?.rollingUpdate;
  if (!ru) return 1;
  const v = legacyScaledValue(ru.maxUnavailable ?? 1, set.spec.replicas ?? 1, false).value;
  return Math.max(v, 1);
}

/**
 * Pods of the ordinal range the update counts as unavailable: unhealthy (lifecycle not Normal, not running and
 * ready, terminating), in the middle of an in-place update, or not yet Ready for minReadySeconds. `waitMs` is the
 * soonest a pod becomes available by minReadySeconds alone. Upstream: stateful_set_control.go
 * rollingUpdateStatefulsetPods.
 */
export function unavailablePods(
  set: Pick<StatefulSet, "spec">,
  replicas: (Pod | undefined)[],
  now: number,
): { names: Set<string>; waitMs?: number } {
  const names = new Set<string>();
  let waitMs: number | undefined;
  const minReady = minReadySeconds(set);
  for (const p of replicas) {
    if (!p) continue;
    if (!isHealthy(p) || checkInPlaceUpdateCompleted(p) !== null) {
      names.add(p.metadata.name!);
      continue;
    }
    const a = runningAndAvailable(p, minReady, now);
    if (a.available) continue;
    names.add(p.metadata.name!);
    if (a.waitMs > 0) waitMs = Math.min(waitMs ?? Infinity, a.waitMs);
  }
  return { names, waitMs };
}

/**
 * The update order over ordinal slots. Ordered (no unorderedUpdate): ordinals from the highest down to the partition,
 * the partition being an ordinal. Unordered: pods already updated or terminating first, then the others in
 * priorityStrategy order (ties keep the highest ordinal first), cut to `replicas − partition` entries, the partition
 * being a count of pods left on old revisions. Upstream: kruise pkg/controller/statefulset/stateful_update_utils.go
 * sortPodsToUpdate, pkg/util/updatesort/priority_sort.go.
 */
export function sortPodsToUpdate(
  ru: RollingUpdate | undefined,
  updateRevision: string,
  totalReplicas: number,
  replicas: (Pod | undefined)[],
): number[] {
  const updateMin = ru?.partition ?? 0;
  const out: number[] = [];
  if (!ru?.unorderedUpdate) {
    for (let t = replicas.length - 1; t >= updateMin; t--) if (replicas[t]) out.push(t);
    return out;
  }
  const maxUpdate = totalReplicas - updateMin;
  if (maxUpdate <= 0) return [];
  const updated: number[] = [],
    waiting: number[] = [];
  for (let t = replicas.length - 1; t >= 0; t--) {
    const p = replicas[t];
    if (!p) continue;
    if (isTerminating(p) || isPodOnRevision(p, updateRevision)) updated.push(t);
    else waiting.push(t);
  }
  const pods = replicas.map((p) => p ?? ({ metadata: {}, spec: { containers: [] } } as unknown as Pod));
  const sorted = prioritySort(ru.unorderedUpdate.priorityStrategy ?? undefined, pods, waiting);
  return [...updated, ...sorted].slice(0, maxUpdate);
}

export interface UpdateRound {
  /** Ordinals to update now (in place or by deletion), in order. */
  chosen: number[];
  /** The walk stopped at this ordinal: available, but the budget is used up by these unavailable pods. */
  blocked?: { ordinal: number; unavailable: string[] };
}

/**
 * One round of the update walk: over the update order, skip pods already on the update revision; stop at an
 * available pod once the unavailable pods reach maxUnavailable (an unavailable old pod may always be updated); take
 * every pod that is not terminating, each then counting as unavailable. Upstream: stateful_set_control.go
 * rollingUpdateStatefulsetPods.
 */
export function updateRound(
  set: Pick<StatefulSet, "spec">,
  replicas: (Pod | undefined)[],
  updateRevision: string,
  now: number,
): UpdateRound {
  const maxUnavailable = statefulMaxUnavailable(set);
  const unavailable = new Set(unavailablePods(set, replicas, now).names);
  const order = sortPodsToUpdate(
    set.spec.updateStrategy?.rollingUpdate,
    updateRevision,
    set.spec.replicas ?? 1,
    replicas,
  );
  const chosen: number[] = [];
  for (const t of order) {
    const p = replicas[t]!;
    if (podRevision(p) === updateRevision) continue;
    if (unavailable.size >= maxUnavailable && !unavailable.has(p.metadata.name!))
      return { chosen, blocked: { ordinal: t, unavailable: [...unavailable].sort() } };
    if (isTerminating(p)) continue;
    chosen.push(t);
    unavailable.add(p.metadata.name!);
  }
  return { chosen };
}

/**
 * Whether a pod created at `ordinal` takes the current revision: with RollingUpdate, ordered: below the partition;
 * unordered: while fewer than `partition` other pods are off the update revision. Upstream: stateful_set_utils.go
 * isCurrentRevisionNeeded.
 */
export function isCurrentRevisionNeeded(
  set: Pick<StatefulSet, "spec" | "status">,
  updateRevision: string,
  ordinal: number,
  replicas: (Pod | undefined)[],
): boolean {
  const us = set.spec.updateStrategy;
  if ((us?.type ?? "RollingUpdate") !== "RollingUpdate") return false;
  const ru = us?.rollingUpdate;
  if (!ru) return ordinal < (set.status?.currentReplicas ?? 0);
  const partition = ru.partition ?? 0;
  if (!ru.unorderedUpdate) return ordinal < partition;
  let notUpdated = 0;
  replicas.forEach((p, i) => {
    if (p && i !== ordinal && !isPodOnRevision(p, updateRevision)) notUpdated++;
  });
  return notUpdated < partition;
}
