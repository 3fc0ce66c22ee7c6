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
}

const def = (name: ResourceName, group: string, version: string, kind: string): ResourceDef => ({
  name,
  group,
  version,
  kind,
  prefix: group ? `/apis/${group}/${version}` : `/api/${version}`,
});

export const RESOURCES: Record<ResourceName, ResourceDef> = {
  clonesets: def("clonesets", "apps.kruise.io", "v1alpha1", "CloneSet"),
  pods: def("pods", "", "v1", "Pod"),
  controllerrevisions: def("controllerrevisions", "apps", "v1", "ControllerRevision"),
  events: def("events", "", "v1", "Event"),
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
