// maxSurge / maxUnavailable / scaleStrategy.maxUnavailable as the controller evaluates them
// (docs/kruise-rules.md §3.3). All three use the legacy integer-only parser, and errors count as 0.
import { legacyScaledValue } from "./intorstr";
import type { CloneSet } from "../../k8s/objects";

export const DEFAULT_MAX_UNAVAILABLE = "20%";
const MAX_INT32 = 2147483647;

export interface RolloutLimits {
  maxSurge: number;
  maxUnavailable: number;
  scaleMaxUnavailable: number;
}

/**
 * Effective limits for one reconcile: maxSurge rounds up and is forced to 0 while paused;
 * maxUnavailable (default "20%") rounds up when maxSurge is 0 and down otherwise;
 * scaleStrategy.maxUnavailable (default MaxInt32) rounds up.
 * Upstream: kruise pkg/controller/cloneset/sync/cloneset_sync_utils.go calculateDiffsWithExpectation.
 */
export function rolloutLimits(cs: Pick<CloneSet, "spec">): RolloutLimits {
  const replicas = cs.spec.replicas ?? 1;
  const us = cs.spec.updateStrategy ?? {};
  let maxSurge = 0;
  if (us.maxSurge !== undefined && us.maxSurge !== null) {
    maxSurge = legacyScaledValue(us.maxSurge, replicas, true).value;
    if (us.paused) maxSurge = 0;
  }
  const maxUnavailable = legacyScaledValue(
    us.maxUnavailable ?? DEFAULT_MAX_UNAVAILABLE,
    replicas,
    maxSurge === 0,
  ).value;
  const smu = cs.spec.scaleStrategy?.maxUnavailable;
  const scaleMaxUnavailable = legacyScaledValue(smu ?? MAX_INT32, replicas, true).value;
  return { maxSurge, maxUnavailable, scaleMaxUnavailable };
}
