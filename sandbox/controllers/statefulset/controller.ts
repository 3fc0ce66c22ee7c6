// The Advanced StatefulSet controller: the workload controller (../workload/controller.ts) with this kind's planner.
import type { StatefulSet } from "@/lib/k8s/objects";
import { WorkloadController, type WorkloadControllerOptions, type WorkloadKind } from "../workload/controller";
import { planStatefulSet } from "./plan";

export const STATEFULSET_KIND: WorkloadKind<StatefulSet> = {
  ref: { group: "apps.kruise.io", version: "v1beta1", plural: "statefulsets" },
  kind: "StatefulSet",
  component: "statefulset-controller",
  withNodes: false,
  plan: planStatefulSet,
};

export type StatefulSetController = WorkloadController<StatefulSet>;

export function statefulSetController(o: WorkloadControllerOptions): StatefulSetController {
  return new WorkloadController(STATEFULSET_KIND, o);
}
