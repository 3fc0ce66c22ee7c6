// What a replicas change does to an Advanced StatefulSet: which ordinals go, which are created, on which revision,
// and at what pace (docs/kruise-rules.md §13.2, §13.12).
import { lifecycleState } from "../core/pod-state";
import { isPodHooked } from "../lifecycle/lifecycle";
import type { Pod, StatefulSet } from "../../k8s/objects";
import { isMonotonic, isTerminating } from "./health";
import { slotPods, statefulPodName } from "./ordinals";
import { scaleMaxUnavailable } from "./scale";
import { isCurrentRevisionNeeded } from "./update";

export interface StatefulScalePrediction {
  from: number;
  to: number;
  /** pods already leaving (terminating, or PreparingDelete under the preDelete hook): counted as gone */
  leaving: Pod[];
  /** pods the controller deletes, highest ordinal first: past the new range or at a reserved ordinal */
  deleted: Pod[];
  /** of `deleted`, those the preDelete hook holds: PreparingDelete first, deleted once the hook lets go */
  hooked: Pod[];
  /** pods created at the lowest free ordinals, ascending, each with the revision it is created at */
  created: { ordinal: number; name: string; revision: string }[];
  /** Parallel (at once) or OrderedReady (one by one) */
  parallel: boolean;
  /** Parallel creation: at most this many new or unavailable pods at a time (scaleStrategy.maxUnavailable) */
  budget?: number;
}

const withRevision = (name: string, revision: string): Pod => ({
  metadata: { name, labels: { "controller-revision-hash": revision } },
  spec: { containers: [] },
});

/**
 * Setting spec.replicas to `replicas`: the ordinals range is counted again skipping reserveOrdinals; pods past it or
 * at a reserved ordinal are condemned and deleted from the highest ordinal down (a preDelete-hooked one goes
 * PreparingDelete first); missing ordinals in range are created from the lowest up, at the current revision when
 * isCurrentRevisionNeeded (ordered: below the partition), else at the update revision. OrderedReady goes one pod at
 * a time, each after the previous is Running and Ready (or gone); Parallel goes at once. Upstream: kruise
 * pkg/controller/statefulset/stateful_set_control.go updateStatefulSet, stateful_set_utils.go
 * getStatefulSetReplicasRange, isCurrentRevisionNeeded.
 */
export function predictStatefulScale(set: StatefulSet, pods: Pod[], replicas: number): StatefulScalePrediction {
  const next: StatefulSet = { ...set, spec: { ...set.spec, replicas } };
  const slots = slotPods(next.spec, pods);
  const goingAlready = (p: Pod) => isTerminating(p) || lifecycleState(p) === "PreparingDelete";
  const condemned = [...slots.condemned].reverse();
  const deleted = condemned.filter((p) => !goingAlready(p));
  const hook = set.spec.lifecycle?.preDelete;
  const update = set.status?.updateRevision ?? "";
  const current = set.status?.currentRevision ?? update;
  const reserved = new Set(next.spec.reserveOrdinals ?? []);
  const filled = [...slots.replicas];
  const created: StatefulScalePrediction["created"] = [];
  filled.forEach((p, ordinal) => {
    if (p || reserved.has(ordinal)) return;
    const revision = isCurrentRevisionNeeded(next, update, ordinal, filled) ? current : update;
    const name = statefulPodName(set.metadata.name ?? "", ordinal);
    // The next ordinal's choice sees this one (unorderedUpdate counts the pods off the update revision).
    filled[ordinal] = withRevision(name, revision);
    created.push({ ordinal, name, revision });
  });
  const parallel = !isMonotonic(next);
  const budget = parallel ? scaleMaxUnavailable(next) : undefined;
  return {
    from: set.spec.replicas ?? 1,
    to: replicas,
    leaving: condemned.filter(goingAlready),
    deleted,
    hooked: hook ? deleted.filter((p) => isPodHooked(hook, p)) : [],
    created,
    parallel,
    ...(budget !== undefined ? { budget } : {}),
  };
}
