// apps/v1 ControllerRevision: a workload's revision history (docs/kruise-rules.md §6.1).
import type { ControllerRevision } from "@/lib/k8s/objects";
import type { KindHome } from "./types";

declare module "@/lib/k8s/wire" {
  interface ResourceObjects {
    controllerrevisions: ControllerRevision;
  }
}

export const controllerRevisionHome: KindHome<"controllerrevisions"> = {
  resource: "controllerrevisions",
  group: "apps",
  version: "v1",
  kind: "ControllerRevision",
  scope: "Namespaced",
  readable: true,
  printerColumns: [
    { name: "REVISION", jsonPath: ".revision", type: "integer" },
    { name: "AGE", jsonPath: ".metadata.creationTimestamp", type: "date" },
  ],
  writes: {},
};
