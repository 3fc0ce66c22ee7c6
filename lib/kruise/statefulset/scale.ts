// Scale out and in of an Advanced StatefulSet: which ordinal is created or deleted next, and when the controller
// waits (docs/kruise-rules.md §13.2).
import { legacyScaledValue } from "../core/intorstr";
import { lifecycleState } from "../core/pod-state";
import { isPodHooked } from "../lifecycle/lifecycle";
import type { Pod, StatefulSet } from "../../k8s/objects";
import { isFailed, isHealthy, isMonotonic, isTerminating, minReadySeconds, runningAndAvailable } from "./health";
import { ordinalOf, type OrdinalSlots } from "./ordinals";

export type ScaleStep =
  /** A Failed pod in range: deleted, to be created again (event RecreatingFailedPod). */
  | { kind: "recreateFailed"; pod: Pod }
  | { kind: "create"; ordinal: number }
  /** A condemned pod (past the range or at a reserved ordinal), highest ordinal first. */
  | { kind: "delete"; pod: Pod }
  /** A condemned pod the preDelete hook holds: labelled PreparingDelete, deleted once the hook lets go. */
  | { kind: "preparingDelete"; pod: Pod };

export interface ScaleWalk {
  steps: ScaleStep[];
  /** False: the reconcile ends after these steps (a monotonic wait, a create or a delete); true: updates may follow. */
  proceed: boolean;
  /** Why it stopped without a step, for logs and the console: the pod it waits for. */
  waitingFor?: { pod: string; reason: "terminating" | "unavailable" | "preDelete hook" };
  /** Wake again after this long (minReadySeconds). */
  requeueMs?: number;
  /**
   * Ordinals below this one were looked at, so their in-place state was refreshed (InPlaceUpdateReady, grace end,
   * next container batch); the walk did not reach the others.
   */
  refreshedBelow: number;
}

/**
 * scaleStrategy.maxUnavailable as a budget for Parallel scaling: unset → unlimited; else the value of
 * `spec.replicas` rounded down, at least 1. Upstream: stateful_set_control.go updateStatefulSet.
 */
export function scaleMaxUnavailable(set: Pick<StatefulSet, "spec">): number | undefined {
  const v = set.spec.scaleStrategy?.maxUnavailable;
  if (v === undefined || v === null) return undefined;
  return Math.max(legacyScaledValue(v, set.spec.replicas ?? 1, false).value, 1);
}

/**
 * The scale half of a reconcile. In range, ascending: a Failed pod is recreated; a missing ordinal is created —
 * OrderedReady stops after one creation, Parallel goes on until scaleStrategy.maxUnavailable is used up; a
 * terminating or not yet available pod stops OrderedReady (Parallel spends budget on it). Then condemned pods,
 * highest ordinal first: OrderedReady waits while one terminates or an earlier unhealthy pod exists; a pod the
 * preDelete hook holds goes PreparingDelete first; one deletion (or PreparingDelete) ends the reconcile.
 * Upstream: kruise pkg/controller/statefulset/stateful_set_control.go updateStatefulSet.
 */
export function scaleWalk(set: Pick<StatefulSet, "spec">, slots: OrdinalSlots, now: number): ScaleWalk {
  const monotonic = isMonotonic(set);
  const minReady = minReadySeconds(set);
  let budget = scaleMaxUnavailable(set);
  const spend = () => budget !== undefined && --budget <= 0;
  const steps: ScaleStep[] = [];
  const stop = (refreshedBelow: number, extra: Partial<ScaleWalk> = {}): ScaleWalk => ({
    steps,
    proceed: false,
    refreshedBelow,
    ...extra,
  });
  let ord = 0;
  for (; ord < slots.replicas.length; ord++) {
    const p = slots.replicas[ord];
    if (!p) {
      if (slotIsReserved(set, ord)) continue;
      steps.push({ kind: "create", ordinal: ord });
      if (monotonic) return stop(ord);
      if (spend()) break;
      continue;
    }
    if (isFailed(p)) {
      steps.push({ kind: "recreateFailed", pod: p });
      return stop(ord);
    }
    if (isTerminating(p)) {
      if (monotonic) return stop(ord, { waitingFor: { pod: p.metadata.name!, reason: "terminating" } });
      if (spend()) break;
    }
    if (monotonic || budget !== undefined) {
      const a = runningAndAvailable(p, minReady, now);
      const requeueMs = a.waitMs > 0 ? a.waitMs : undefined;
      if (!a.available && monotonic)
        return stop(ord + 1, { waitingFor: { pod: p.metadata.name!, reason: "unavailable" }, requeueMs });
      if (!a.available && spend()) {
        ord++;
        break;
      }
    }
  }
  return { ...condemnedWalk(set, slots, now, steps), refreshedBelow: ord };
}

function slotIsReserved(set: Pick<StatefulSet, "spec">, ord: number): boolean {
  return (set.spec.reserveOrdinals ?? []).includes(ord);
}

/** The lowest-ordinal unhealthy pod of the range or the condemned; a missing ordinal counts (its pod is new). */
function firstUnhealthy(slots: OrdinalSlots, missing: Set<number>): Pod | number | undefined {
  let best: { ord: number; pod: Pod | number } | undefined;
  slots.replicas.forEach((p, ord) => {
    const unhealthy = p ? !isHealthy(p) : missing.has(ord);
    if (unhealthy && (!best || ord < best.ord)) best = { ord, pod: p ?? ord };
  });
  for (const p of slots.condemned)
    if (!isHealthy(p) && (!best || ordinalOf(p) < best.ord)) best = { ord: ordinalOf(p), pod: p };
  return best?.pod;
}

function condemnedWalk(
  set: Pick<StatefulSet, "spec">,
  slots: OrdinalSlots,
  now: number,
  steps: ScaleStep[],
): Omit<ScaleWalk, "refreshedBelow"> {
  const monotonic = isMonotonic(set);
  const missing = new Set<number>();
  slots.replicas.forEach((p, ord) => !p && !slotIsReserved(set, ord) && missing.add(ord));
  const first = firstUnhealthy(slots, missing);
  const hook = set.spec.lifecycle?.preDelete;
  for (let i = slots.condemned.length - 1; i >= 0; i--) {
    const p = slots.condemned[i];
    const name = p.metadata.name!;
    if (isTerminating(p)) {
      if (monotonic) return { steps, proceed: false, waitingFor: { pod: name, reason: "terminating" } };
      continue;
    }
    const a = runningAndAvailable(p, minReadySeconds(set), now);
    if (!a.available && monotonic && p !== first) {
      const waitFor = typeof first === "object" ? first.metadata.name! : String(first);
      const requeueMs = a.waitMs > 0 ? a.waitMs : undefined;
      return { steps, proceed: false, waitingFor: { pod: waitFor, reason: "unavailable" }, requeueMs };
    }
    if (hook && isPodHooked(hook, p)) {
      if (lifecycleState(p) !== "PreparingDelete")
        return { steps: [...steps, { kind: "preparingDelete", pod: p }], proceed: false };
      // Already waiting for the hook: nothing to write; OrderedReady waits here, Parallel looks at the next pod.
      if (monotonic) return { steps, proceed: false, waitingFor: { pod: name, reason: "preDelete hook" } };
      continue;
    }
    return { steps: [...steps, { kind: "delete", pod: p }], proceed: false };
  }
  return { steps, proceed: true };
}
