// apps.kruise.io/v1alpha1 CloneSet (openkruise/kruise apis/apps/v1alpha1/cloneset_types.go; docs/kruise-rules.md §1).
import type { CloneSet } from "@/lib/k8s/objects";
import { isControlledBy } from "@/lib/kruise/core/owner";
import { slimManagedFields } from "@/lib/kruise/view/managed";
import { cloneSetLens } from "@/lib/kruise/view/workload";
import type { KindHome } from "./types";

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    clonesets: CloneSet;
  }
}

/** Whether a parsed document (the editor's text, a request body) reads as a CloneSet: its kind, metadata and spec. */
export function isCloneSet(v: unknown): v is CloneSet {
  const o = v as { kind?: unknown; metadata?: unknown; spec?: unknown } | null;
  return (
    !!o &&
    typeof o === "object" &&
    o.kind === "CloneSet" &&
    !!o.metadata &&
    typeof o.metadata === "object" &&
    !!o.spec &&
    typeof o.spec === "object"
  );
}

const PATCH = { verb: "patch" } as const;

export const cloneSetHome: KindHome<"clonesets"> = {
  resource: "clonesets",
  group: "apps.kruise.io",
  version: "v1alpha1",
  kind: "CloneSet",
  scope: "Namespaced",
  absentHint: "is OpenKruise (the CloneSet CRD) installed?",
  readable: true,
  schema: "/monaco-schema-cloneset.json",
  // config/crd/bases/apps.kruise.io_clonesets.yaml additionalPrinterColumns
  printerColumns: [
    { name: "DESIRED", jsonPath: ".spec.replicas", type: "integer" },
    { name: "UPDATED", jsonPath: ".status.updatedReplicas", type: "integer" },
    { name: "UPDATED_READY", jsonPath: ".status.updatedReadyReplicas", type: "integer" },
    { name: "UPDATED_AVAILABLE", jsonPath: ".status.updatedAvailableReplicas", type: "integer" },
    { name: "READY", jsonPath: ".status.readyReplicas", type: "integer" },
    { name: "TOTAL", jsonPath: ".status.replicas", type: "integer" },
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
    { name: "CONTAINERS", jsonPath: ".spec.template.spec.containers[*].name", type: "string", priority: 1 },
    { name: "IMAGES", jsonPath: ".spec.template.spec.containers[*].image", type: "string", priority: 1 },
    { name: "SELECTOR", jsonPath: ".status.labelSelector", type: "string", priority: 1 },
  ],
  ownership: { owns: ["pods", "controllerrevisions"], isOwned: isControlledBy },
  writes: {
    // partition, pause, resume, limits, replicas, rollback of the template (lib/server/write/update.ts)
    update: { needs: [PATCH], audit: PATCH },
    // the template and, for every pod, partition 0 in one request (lib/server/write/rollback.ts)
    rollback: { needs: [PATCH], audit: PATCH },
    edit: { needs: [PATCH], audit: PATCH },
  },
  // Only the entries naming who wrote the partition, paused flag or images: the detail's timeline reads them.
  cache: { managedFields: slimManagedFields },
  lens: cloneSetLens,
  // apis/apps/v1alpha1/cloneset_types.go CloneSetUpdateStrategy
  strategy: {
    path: ["spec", "updateStrategy"],
    limits: ["maxUnavailable", "maxSurge"],
    partition: "intOrPercent",
    replicas: true,
  },
};
