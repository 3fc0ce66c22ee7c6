// The partition slider's preview for an Advanced StatefulSet: which pods move, in what order, how many at a time
// (docs/kruise-rules.md §13.4, §13.5, §13.9). Same shape as the CloneSet's (lib/kruise/order/preview.ts).
import { plural, verb } from "../core/plural";
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { isHookHeld } from "../lifecycle/lifecycle";
import type { PartitionPreview, PodPick, PreviewPod } from "../order/preview";
import type { Pod, StatefulSet } from "../../k8s/objects";
import { isMonotonic } from "./health";
import { desiredOrdinals, slotPods } from "./ordinals";
import { scaleWalk } from "./scale";
import { sortPodsToUpdate, statefulMaxUnavailable, updateRound } from "./update";

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

function withPartition(set: StatefulSet, partition: number): StatefulSet {
  const us = set.spec.updateStrategy ?? {};
  return {
    ...set,
    spec: {
      ...set.spec,
      updateStrategy: { ...us, type: us.type ?? "RollingUpdate", rollingUpdate: { ...us.rollingUpdate, partition } },
    },
  };
}

/** Pods kept on old revisions by a partition: ordinals below it (ordered), or that many pods (unordered). */
export function statefulKeepOld(set: Pick<StatefulSet, "spec">, partition: number): number {
  const ordinals = desiredOrdinals(set.spec);
  if (set.spec.updateStrategy?.rollingUpdate?.unorderedUpdate) return Math.min(Math.max(partition, 0), ordinals.length);
  return ordinals.filter((o) => o < partition).length;
}

/**
 * Preview of setting `updateStrategy.rollingUpdate.partition` to `partition`: the pods that leave old revisions,
 * in the controller's order — ordered: from the highest ordinal down to the partition; unorderedUpdate: by priority,
 * `replicas − partition` pods in all — and the rounds maxUnavailable allows (OrderedReady: one pod, and only while
 * every pod is available). Kruise's order here is fully decided, so there are no tie groups.
 * Upstream: kruise pkg/controller/statefulset/stateful_update_utils.go sortPodsToUpdate, stateful_set_control.go.
 */
export function previewStatefulPartition(
  set: StatefulSet,
  pods: Pod[],
  partition: number,
  now: number,
): PartitionPreview {
  const replicas = set.spec.replicas ?? 1;
  const next = withPartition(set, partition);
  const maxUnavailable = isMonotonic(set) ? 1 : statefulMaxUnavailable(next);
  const keepOld = statefulKeepOld(set, partition);
  const updateRevision = set.status?.updateRevision ?? "";
  const slots = slotPods(set.spec, pods);
  const inRange = slots.replicas.filter((p): p is Pod => !!p);
  const alreadyUpdated = updateRevision ? inRange.filter((p) => isPodOnRevision(p, updateRevision)).length : 0;
  const base: PartitionPreview = {
    replicas,
    keepOld,
    toUpdate: replicas - keepOld,
    alreadyUpdated,
    moveCount: 0,
    willMove: { exact: [], ties: [], held: [] },
    rounds: [],
    perRound: maxUnavailable,
    maxUnavailable,
    maxSurge: 0,
    notes: [],
  };
  if (!Number.isInteger(partition) || partition < 0)
    return { ...base, error: `partition must be a whole number of 0 or more, not ${partition}` };
  if (!updateRevision) return { ...base, notes: ["the controller has not reported an update revision yet"] };
  const hook = set.spec.lifecycle?.inPlaceUpdate;
  const order = sortPodsToUpdate(next.spec.updateStrategy?.rollingUpdate, updateRevision, replicas, slots.replicas)
    .map((o) => slots.replicas[o]!)
    .filter((p) => isPodActive(p) && !isPodOnRevision(p, updateRevision));
  const pick = (ps: Pod[]): PodPick => ({
    exact: ps.filter((p) => !isHookHeld(hook, p)).map(ref),
    ties: [],
    held: ps.filter((p) => isHookHeld(hook, p)).map(ref),
  });
  const walk = scaleWalk(next, slots, now);
  const first =
    walk.proceed && !next.spec.updateStrategy?.rollingUpdate?.paused
      ? updateRound(next, slots.replicas, updateRevision, now).chosen.length
      : 0;
  const bounds = [0, first];
  for (let at = first; at < order.length; at += maxUnavailable)
    bounds.push(Math.min(at + maxUnavailable, order.length));
  const rounds = bounds
    .slice(1)
    .map((to, i) => pick(order.slice(bounds[i], to)))
    .filter((r) => r.exact.length + r.held.length > 0);
  const notes = explain(next, base, order.length, first, walk.waitingFor?.pod);
  return { ...base, moveCount: order.length, willMove: pick(order), rounds, notes };
}

function explain(set: StatefulSet, p: PartitionPreview, moving: number, first: number, waitingFor?: string): string[] {
  const ru = set.spec.updateStrategy?.rollingUpdate;
  const notes: string[] = [];
  if (ru?.paused) notes.push("the rollout is paused: nothing moves until it is resumed");
  notes.push(
    ru?.unorderedUpdate
      ? `with unorderedUpdate the partition is a count: ${plural(p.keepOld, "pod")} ${verb(p.keepOld, "stays", "stay")} on old revisions`
      : `the partition is an ordinal: pods at ordinal ${ru?.partition ?? 0} and above are updated, highest first`,
  );
  if (p.toUpdate < p.alreadyUpdated)
    notes.push(
      `${plural(p.alreadyUpdated - p.toUpdate, "already-updated pod")} ${verb(p.alreadyUpdated - p.toUpdate, "stays", "stay")} updated: raising the partition does not roll pods back`,
    );
  if (moving > 0 && first === 0 && !ru?.paused)
    notes.push(
      waitingFor
        ? `the next pod waits until ${waitingFor} is running and available (OrderedReady)`
        : `the next pod waits until unavailable pods are available again (maxUnavailable ${p.maxUnavailable})`,
    );
  return notes;
}
