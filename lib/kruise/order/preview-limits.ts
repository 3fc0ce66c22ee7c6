// What maxUnavailable / maxSurge mean for this CloneSet right now (docs/kruise-rules.md §3.3, §2.3).
import { scaledValue } from "../core/intorstr";
import { DEFAULT_MAX_UNAVAILABLE, rolloutLimits } from "../core/rollout-limits";
import type { CloneSetUpdateStrategy, IntOrString } from "../../k8s/objects";

export interface LimitsPreview {
  maxUnavailable: number;
  maxSurge: number;
  /** Refusals the webhook would give (sending is disabled). */
  errors: string[];
  /** How the numbers were rounded and what that does to a rollout. */
  notes: string[];
}

const show = (v: IntOrString | null | undefined, dflt: string) =>
  v === undefined || v === null ? `${dflt} (default)` : String(v);

/**
 * Effective maxUnavailable/maxSurge for `replicas`: maxSurge rounds up (0 while paused);
 * maxUnavailable rounds up with no surge and down with surge (§3.3). The webhook refuses both
 * rounding (up) below 1 when replicas > 0, and maxSurge > 0 with InPlaceOnly (§2.3).
 * Upstream: kruise sync/cloneset_sync_utils.go, pkg/webhook/cloneset/validating/validation.go.
 */
export function previewLimits(
  replicas: number,
  strategy: Pick<CloneSetUpdateStrategy, "type" | "paused">,
  maxUnavailable: IntOrString | null | undefined,
  maxSurge: IntOrString | null | undefined,
): LimitsPreview {
  const us = { ...strategy, maxUnavailable: maxUnavailable ?? undefined, maxSurge: maxSurge ?? undefined };
  const eff = rolloutLimits({ spec: { replicas, selector: {}, template: {} as never, updateStrategy: us } });
  const errors: string[] = [];
  const notes: string[] = [];
  const muUp = scaledValue(maxUnavailable ?? DEFAULT_MAX_UNAVAILABLE, replicas, true).value;
  const msUp = maxSurge === undefined || maxSurge === null ? 0 : scaledValue(maxSurge, replicas, true).value;
  if (replicas > 0 && muUp < 1 && msUp < 1)
    errors.push("maxUnavailable and maxSurge cannot both be 0: the rollout could never move a pod");
  if (strategy.type === "InPlaceOnly" && msUp > 0)
    errors.push("maxSurge must be 0 with the InPlaceOnly update strategy");
  const mu = show(maxUnavailable, DEFAULT_MAX_UNAVAILABLE),
    ms = show(maxSurge, "0");
  notes.push(
    `maxUnavailable ${mu} of ${replicas} → ${eff.maxUnavailable} pod${eff.maxUnavailable === 1 ? "" : "s"} (rounded ${eff.maxSurge > 0 ? "down because maxSurge > 0" : "up"})`,
  );
  notes.push(
    `maxSurge ${ms} → ${eff.maxSurge} extra pod${eff.maxSurge === 1 ? "" : "s"}${strategy.paused && msUp > 0 ? " (0 while paused)" : ""}`,
  );
  if (eff.maxSurge > 0 && eff.maxUnavailable === 0)
    notes.push("with surge and maxUnavailable rounding to 0, the update proceeds only by creating surge pods");
  return { maxUnavailable: eff.maxUnavailable, maxSurge: eff.maxSurge, errors, notes };
}
