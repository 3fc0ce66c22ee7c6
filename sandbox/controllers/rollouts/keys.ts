// Names, keys and timings of Kruise Rollout (docs/kruise-rollouts.md §0, §3), shared by both controllers.
export const ROLLOUT_GROUP = "rollouts.kruise.io";
export const ROLLOUT_VERSION = "v1beta1";
export const ROLLOUT_API_VERSION = `${ROLLOUT_GROUP}/${ROLLOUT_VERSION}`;

export const WORKLOAD_TYPE_LABEL = "rollouts.kruise.io/workload-type";
export const IN_PROGRESSING_ANNOTATION = "rollouts.kruise.io/in-progressing";
export const CONTROL_INFO_ANNOTATION = "batchrelease.rollouts.kruise.io/control-info";
export const ROLLOUT_ID_LABEL = "rollouts.kruise.io/rollout-id";
export const ROLLOUT_BATCH_ID_LABEL = "rollouts.kruise.io/rollout-batch-id";
export const ROLLOUT_HASH_ANNOTATION = "rollouts.kruise.io/hash";
export const ROLLBACK_IN_BATCH_ANNOTATION = "rollouts.kruise.io/rollback-in-batch";
export const ROLLOUT_FINALIZER = "rollouts.kruise.io/rollout";
export const BATCH_RELEASE_FINALIZER = "rollouts.kruise.io/batch-release-finalizer";

/** Rollout recheck (`defaultGracePeriodSeconds`) and BatchRelease requeue (`DefaultDuration`). */
export const ROLLOUT_RECHECK_MS = 3000;
export const BATCH_RELEASE_REQUEUE_MS = 2000;
/** `math.MaxInt16`: the ordinal partition that keeps every pod of a StatefulSet-like workload on its old revision. */
export const STATEFULSET_HOLD_PARTITION = 32767;
