// The Advanced DaemonSet controller: the workload controller (../workload/controller.ts) with this kind's planner.
import type { DaemonSet } from "@/lib/k8s/objects";
import { WorkloadController, type WorkloadControllerOptions, type WorkloadKind } from "../workload/controller";
import { planDaemonSet } from "./plan";

export const DAEMONSET_KIND: WorkloadKind<DaemonSet> = {
  ref: { group: "apps.kruise.io", version: "v1alpha1", plural: "daemonsets" },
  kind: "DaemonSet",
  component: "daemonset-controller",
  withNodes: true,
  plan: planDaemonSet,
};

export type DaemonSetController = WorkloadController<DaemonSet>;

export function daemonSetController(o: WorkloadControllerOptions): DaemonSetController {
  return new WorkloadController(DAEMONSET_KIND, o);
}
