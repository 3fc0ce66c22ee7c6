// How one Advanced StatefulSet pod is updated: in place or recreated, and the lifecycle states on the way
// (docs/kruise-rules.md §13.5, §13.8).
import { isPodOnRevision, lifecycleState } from "../core/pod-state";
import { calculateInPlaceUpdateSpec, type InPlaceUpdateSpec } from "../inplace/spec";
import { checkInPlaceUpdateCompleted } from "../inplace/refresh";
import { isPodAllHooked, isPodHooked, type LifecycleState } from "../lifecycle/lifecycle";
import type { ControllerRevision, Pod, StatefulSet } from "../../k8s/objects";
import { podRevision } from "./update";

export type PodUpdateStep =
  /** Delete the pod (or PreparingDelete under the preDelete hook); it comes back at the update revision. */
  | { kind: "recreate" }
  /** Start the in-place update; `lifecycle` is the state label to set with it (none when the pod had none). */
  | { kind: "inPlace"; spec: InPlaceUpdateSpec; lifecycle?: "Updating" }
  /** The inPlaceUpdate hook holds the pod: label it PreparingUpdate (re-adding the hook's handlers when Updated). */
  | { kind: "preparingUpdate"; withHandlers: boolean }
  /** Already PreparingUpdate and still hooked: nothing to do yet. */
  | { kind: "wait" }
  | { kind: "error"; message: string };

/**
 * podUpdatePolicy ReCreate always recreates. InPlaceIfPossible and InPlaceOnly update in place when the revision
 * diff allows it (docs/kruise-rules.md §7.1), through the inPlaceUpdate hook's states: Normal or no state and hooked
 * → PreparingUpdate; Updated → PreparingUpdate with the handlers again; PreparingUpdate and hooked → wait; any other
 * state but Updating is an error. Otherwise InPlaceOnly is an error and InPlaceIfPossible recreates.
 * Upstream: kruise pkg/controller/statefulset/stateful_set_control.go inPlaceUpdatePod.
 */
export function podUpdateStep(
  set: Pick<StatefulSet, "spec">,
  pod: Pod,
  update: ControllerRevision,
  revisions: ControllerRevision[],
): PodUpdateStep {
  const ru = set.spec.updateStrategy?.rollingUpdate;
  const policy = ru?.podUpdatePolicy ?? "ReCreate";
  if (!ru || (policy !== "InPlaceIfPossible" && policy !== "InPlaceOnly")) return { kind: "recreate" };
  const old = revisions.find((r) => r.metadata.name === podRevision(pod));
  const spec = calculateInPlaceUpdateSpec(old, update, ru.inPlaceUpdateStrategy?.gracePeriodSeconds ?? 0);
  if (spec) {
    const hook = set.spec.lifecycle?.inPlaceUpdate;
    const state = lifecycleState(pod);
    switch (state) {
      case "":
      case "Normal":
        if (set.spec.lifecycle && hook && isPodHooked(hook, pod))
          return { kind: "preparingUpdate", withHandlers: false };
        break;
      case "Updated":
        return { kind: "preparingUpdate", withHandlers: true };
      case "PreparingUpdate":
        if (set.spec.lifecycle && hook && isPodHooked(hook, pod)) return { kind: "wait" };
        break;
      case "Updating":
        break;
      default:
        return { kind: "error", message: `not allowed to in-place update pod ${pod.metadata.name} in state ${state}` };
    }
    return state === "" ? { kind: "inPlace", spec } : { kind: "inPlace", spec, lifecycle: "Updating" };
  }
  if (policy === "InPlaceOnly")
    return {
      kind: "error",
      message: `find strategy is InPlaceOnly but Pod ${pod.metadata.name} can not update in-place`,
    };
  return { kind: "recreate" };
}

/**
 * The lifecycle move a pod makes on refresh, if any: PreparingUpdate already at the update revision (a rollback) and
 * Updating once complete go to Updated while the inPlaceUpdate hook is not all back, else Normal; Updated goes Normal
 * once all-hooked (or without a hook). Nothing without rollingUpdate. Upstream: stateful_set_control.go
 * refreshPodState.
 */
export function refreshLifecycle(
  set: Pick<StatefulSet, "spec">,
  pod: Pod,
  updateRevision: string,
): LifecycleState | undefined {
  if (!set.spec.updateStrategy?.rollingUpdate) return undefined;
  const lc = set.spec.lifecycle;
  const afterUpdate = (): LifecycleState => (lc && !isPodAllHooked(lc.inPlaceUpdate, pod) ? "Updated" : "Normal");
  switch (lifecycleState(pod)) {
    case "PreparingUpdate":
      return isPodOnRevision(pod, updateRevision) ? afterUpdate() : undefined;
    case "Updating":
      return checkInPlaceUpdateCompleted(pod) === null ? afterUpdate() : undefined;
    case "Updated":
      return !lc?.inPlaceUpdate || isPodAllHooked(lc.inPlaceUpdate, pod) ? "Normal" : undefined;
  }
  return undefined;
}
