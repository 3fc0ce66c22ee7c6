// Kruise Rollout's kinds, rollouts.kruise.io/v1beta1 (openkruise/rollouts api/v1beta1; docs/kruise-rollouts.md §1).
// Optional: a cluster without the CRDs serves empty lists.
import type { BatchRelease, Rollout } from "@/lib/k8s/objects";
import type { KindHome } from "./types";

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    rollouts: Rollout;
    batchreleases: BatchRelease;
  }
}

export const kruiseRolloutHome: KindHome<"rollouts"> = {
  resource: "rollouts",
  group: "rollouts.kruise.io",
  version: "v1beta1",
  kind: "Rollout",
  scope: "Namespaced",
  optional: true,
  // config/crd/bases/rollouts.kruise.io_rollouts.yaml additionalPrinterColumns (v1beta1)
  printerColumns: [
    { name: "STATUS", jsonPath: ".status.phase", type: "string" },
    { name: "CANARY_STEP", jsonPath: ".status.currentStepIndex", type: "integer" },
    { name: "CANARY_STATE", jsonPath: ".status.currentStepState", type: "string" },
    { name: "MESSAGE", jsonPath: ".status.message", type: "string" },
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
  ],
  writes: {
    // approve and jump write /status; pause, resume and disable the spec (docs/kruise-rollouts.md §5)
    action: { needs: [{ verb: "patch" }, { verb: "patch", subresource: "status" }], audit: { verb: "patch" } },
  },
};

export const batchReleaseHome: KindHome<"batchreleases"> = {
  resource: "batchreleases",
  group: "rollouts.kruise.io",
  version: "v1beta1",
  kind: "BatchRelease",
  scope: "Namespaced",
  optional: true,
  // config/crd/bases/rollouts.kruise.io_batchreleases.yaml additionalPrinterColumns (v1beta1)
  printerColumns: [
    { name: "KIND", jsonPath: ".spec.targetReference.workloadRef.kind", type: "string" },
    { name: "PHASE", jsonPath: ".status.phase", type: "string" },
    { name: "BATCH", jsonPath: ".status.canaryStatus.currentBatch", type: "integer" },
    { name: "BATCH-STATE", jsonPath: ".status.canaryStatus.batchState", type: "string" },
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
  ],
  writes: {},
};
