export const KRUISE_ROLLOUT_ANCHOR = "kruise-rollout";
