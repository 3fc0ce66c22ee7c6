// Keys and values the Kruise Rollout system writes on CloneSets, pods and Rollouts (docs/kruise-rollouts.md §3).
// Upstream: openkruise/rollouts v0.6.2 pkg/util/constant.go, api/v1beta1/rollout_types.go.

export const ANNOTATION_IN_PROGRESSING = "rollouts.kruise.io/in-progressing";
export const ANNOTATION_CONTROL_INFO = "batchrelease.rollouts.kruise.io/control-info";
export const ANNOTATION_ROLLOUT_ID = "rollouts.kruise.io/rollout-id";
export const LABEL_WORKLOAD_TYPE = "rollouts.kruise.io/workload-type";
export const LABEL_ROLLOUT_ID = "rollouts.kruise.io/rollout-id";
export const LABEL_BATCH_ID = "rollouts.kruise.io/rollout-batch-id";
export const LABEL_NO_NEED_UPDATE = "rollouts.kruise.io/no-need-update";
export const ROLLOUT_GROUP = "rollouts.kruise.io";

/** `canaryStatus.currentStepState` values (api/v1beta1/rollout_types.go). */
export type StepState =
  | "BeforeStepUpgrade"
  | "StepUpgrade"
  | "StepTrafficRouting"
  | "StepMetricsAnalysis"
  | "StepPaused"
  | "StepReady"
  | "Completed";

/** `status.phase` values. */
export type RolloutPhase = "Initial" | "Healthy" | "Progressing" | "Terminating" | "Disabling" | "Disabled";
