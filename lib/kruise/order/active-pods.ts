// The keys of Kubernetes' ActivePods comparison that the update order and the scale-in order share
// (docs/kruise-rules.md §4.1, §4.2). Upstream: kubernetes pkg/controller/controller_utils.go
// ActivePods.Less and ActivePodsWithRanks.Less.
import { getCondition, isPodReadyCondition, maxRestarts } from "../core/pod-state";
import type { Pod } from "../../k8s/objects";
import { wireSeconds } from "./ties";

/** Pending < Unknown < Running; any other phase counts as Pending. */
export function phaseOrdinal(p: Pod): number {
  return PHASE_ORDINAL[p.status?.phase ?? ""] ?? 0;
}
const PHASE_ORDINAL: Record<string, number> = { Pending: 0, Unknown: 1, Running: 2 };

/** t1 sorts first if it is zero or later than t2 (controller_utils.go afterOrZero). */
function afterOrZero(t1: number, t2: number): boolean {
  if (!t1 || !t2) return !t1;
  return t1 > t2;
}

/**
 * The tail both orders end with: of two ready pods the one ready more recently first, then more restarts,
 * then newer. Times at one-second resolution, as the controller reads them from the wire; 0 is a tie.
 */
export function compareReadySinceRestartsAge(a: Pod, b: Pod): number {
  if (isPodReadyCondition(a) && isPodReadyCondition(b)) {
    const ta = wireSeconds(getCondition(a, "Ready")?.lastTransitionTime),
      tb = wireSeconds(getCondition(b, "Ready")?.lastTransitionTime);
    if (ta !== tb) return afterOrZero(ta, tb) ? -1 : 1;
  }
  const ra = maxRestarts(a),
    rb = maxRestarts(b);
  if (ra !== rb) return rb - ra;
  const ca = wireSeconds(a.metadata.creationTimestamp),
    cb = wireSeconds(b.metadata.creationTimestamp);
  if (ca !== cb) return afterOrZero(ca, cb) ? -1 : 1;
  return 0;
}
