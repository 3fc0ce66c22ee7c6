export const ROLLOUT_ANCHOR = "kruise-rollout";
