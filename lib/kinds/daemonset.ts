// apps.kruise.io/v1alpha1 DaemonSet, Advanced DaemonSet (openkruise/kruise apis/apps/v1alpha1/daemonset_types.go;
// docs/kruise-rules.md §14).
import type { DaemonSet } from "@/lib/k8s/objects";
import { isControlledBy } from "@/lib/kruise/core/owner";
import { slimManagedFields } from "@/lib/kruise/view/managed";
import { daemonSetLens } from "@/lib/kruise/view/daemonset";
import type { KindHome } from "./types";

const PATCH = { verb: "patch" } as const;

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    daemonsets: DaemonSet;
  }
}

export const daemonSetHome: KindHome<"daemonsets"> = {
  resource: "daemonsets",
  group: "apps.kruise.io",
  version: "v1alpha1",
  kind: "DaemonSet",
  scope: "Namespaced",
  // OpenKruise before v0.8 has no Advanced DaemonSet: a cluster without it has none, not an error.
  optional: true,
  absentHint: "is OpenKruise (the Advanced DaemonSet CRD, apps.kruise.io/v1alpha1) installed?",
  readable: true,
  schema: "/monaco-schema-daemonset.json",
  // config/crd/bases/apps.kruise.io_daemonsets.yaml additionalPrinterColumns
  printerColumns: [
    { name: "DESIRED", jsonPath: ".status.desiredNumberScheduled", type: "integer" },
    { name: "CURRENT", jsonPath: ".status.currentNumberScheduled", type: "integer" },
    { name: "READY", jsonPath: ".status.numberReady", type: "integer" },
    { name: "UP-TO-DATE", jsonPath: ".status.updatedNumberScheduled", type: "integer" },
    { name: "AVAILABLE", jsonPath: ".status.numberAvailable", type: "integer" },
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
    { name: "CONTAINERS", jsonPath: ".spec.template.spec.containers[*].name", type: "string", priority: 1 },
    { name: "IMAGES", jsonPath: ".spec.template.spec.containers[*].image", type: "string", priority: 1 },
  ],
  ownership: { owns: ["pods", "controllerrevisions"], isOwned: isControlledBy },
  writes: {
    // partition, pause, resume, limits, rollback under updateStrategy.rollingUpdate (lib/server/write/update.ts)
    update: { needs: [PATCH], audit: PATCH },
    edit: { needs: [PATCH], audit: PATCH },
  },
  // Only the entries naming who wrote the partition, paused flag or images: the detail's timeline reads them.
  cache: { managedFields: slimManagedFields },
  lens: daemonSetLens,
  strategy: {
    path: ["spec", "updateStrategy", "rollingUpdate"],
    limits: ["maxUnavailable", "maxSurge"],
    partition: "int",
    partitionIs: "a number of nodes kept on the old revision",
    previewReads: ["nodes"],
  },
};
