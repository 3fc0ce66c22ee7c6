// apps.kruise.io/v1beta1 StatefulSet, Advanced StatefulSet (openkruise/kruise apis/apps/v1beta1/statefulset_types.go;
// docs/kruise-rules.md §13).
import type { StatefulSet } from "@/lib/k8s/objects";
import { isControlledBy } from "@/lib/kruise/core/owner";
import { slimManagedFields } from "@/lib/kruise/view/managed";
import { statefulSetLens } from "@/lib/kruise/view/statefulset";
import type { KindHome } from "./types";

const PATCH = { verb: "patch" } as const;

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    statefulsets: StatefulSet;
  }
}

export const statefulSetHome: KindHome<"statefulsets"> = {
  resource: "statefulsets",
  group: "apps.kruise.io",
  version: "v1beta1",
  kind: "StatefulSet",
  scope: "Namespaced",
  // OpenKruise before v0.7 has no Advanced StatefulSet v1beta1: a cluster without it has none, not an error.
  optional: true,
  absentHint: "is OpenKruise (the Advanced StatefulSet CRD, apps.kruise.io/v1beta1) installed?",
  readable: true,
  schema: "/monaco-schema-statefulset.json",
  // config/crd/bases/apps.kruise.io_statefulsets.yaml additionalPrinterColumns (v1beta1)
  printerColumns: [
    { name: "DESIRED", jsonPath: ".spec.replicas", type: "integer" },
    { name: "CURRENT", jsonPath: ".status.replicas", type: "integer" },
    { name: "UPDATED", jsonPath: ".status.updatedReplicas", type: "integer" },
    { name: "READY", jsonPath: ".status.readyReplicas", type: "integer" },
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
  lens: statefulSetLens,
  strategy: {
    path: ["spec", "updateStrategy", "rollingUpdate"],
    limits: ["maxUnavailable"],
    partition: "int",
    partitionIs: "an ordinal (pods at ordinals below it keep their revision)",
    replicas: true,
  },
};
