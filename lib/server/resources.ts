import type { ResourceName } from "@/lib/k8s/wire";
import { kubePath } from "@/lib/urls";

/** What the dashboard may read, and where each lives in the Kubernetes API. A closed list (docs/architecture.md §5). */
export interface ResourceDef {
  name: ResourceName;
  group: string;
  version: string;
  kind: string;
  /** list path prefix: /api/v1 or /apis/<group>/<version> */
  prefix: string;
  /**
   * A CRD the cluster may not have (Kruise Rollout): a 404 on its list means "none here", an empty list that is
   * live, not an error (docs/kruise-rollouts.md §1).
   */
  optional?: boolean;
}

const def = (name: ResourceName, group: string, version: string, kind: string, optional = false): ResourceDef => ({
  name,
  group,
  version,
  kind,
  prefix: group ? `/apis/${group}/${version}` : `/api/${version}`,
  ...(optional ? { optional } : {}),
});

export const RESOURCES: Record<ResourceName, ResourceDef> = {
  clonesets: def("clonesets", "apps.kruise.io", "v1alpha1", "CloneSet"),
  pods: def("pods", "", "v1", "Pod"),
  controllerrevisions: def("controllerrevisions", "apps", "v1", "ControllerRevision"),
  events: def("events", "", "v1", "Event"),
  rollouts: def("rollouts", "rollouts.kruise.io", "v1beta1", "Rollout", true),
  batchreleases: def("batchreleases", "rollouts.kruise.io", "v1beta1", "BatchRelease", true),
};

/** Resources that GET /api/c/<cluster>/ns/<ns>/<resource>/<name> serves. */
export const READABLE: readonly ResourceName[] = ["clonesets", "pods", "controllerrevisions"];

export function isResourceName(v: string): v is ResourceName {
  return Object.prototype.hasOwnProperty.call(RESOURCES, v);
}

/** The collection path a list or watch uses, namespaced or across all namespaces. */
export function collectionPath(d: ResourceDef, namespace: string | null): string {
  return kubePath(d.prefix, d.name, namespace);
}
