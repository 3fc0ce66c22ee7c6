// The guards of a Kruise Rollout action (docs/kruise-rollouts.md §5): what the page showed of the Rollout.
import type { Rollout } from "@/lib/k8s/objects";
import type { KruiseRolloutBase } from "@/lib/k8s/wire";
import { currentStepOf } from "./strip";

/**
 * The Rollout as the page shows it: its generation, current step and the spec flags a pause, resume or disable
 * guards. The server refuses an approve or jump once the step moved on from `step`.
 */
export function kruiseRolloutBase(r: Rollout): KruiseRolloutBase {
  const base: KruiseRolloutBase = { generation: r.metadata.generation ?? 0, step: currentStepOf(r) };
  if (typeof r.spec.strategy.paused === "boolean") base.paused = r.spec.strategy.paused;
  if (typeof r.spec.disabled === "boolean") base.disabled = r.spec.disabled;
  return base;
}
