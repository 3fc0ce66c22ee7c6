// Which lists merge by key and which fields belong to the server.
import { isObject, type JsonValue } from "./json";
import { isKeySegment, type Path } from "./paths";

const CONTAINER_LISTS = new Set(["containers", "initContainers", "ephemeralContainers"]);

/** List field name → merge key, from the core/v1 `patchMergeKey` tags (k8s.io/api/core/v1/types.go). */
const BY_FIELD: Record<string, string> = {
  containers: "name",
  initContainers: "name",
  ephemeralContainers: "name",
  env: "name",
  volumes: "name",
  volumeMounts: "mountPath",
  volumeDevices: "devicePath",
  conditions: "type",
  imagePullSecrets: "name",
  hostAliases: "ip",
  ownerReferences: "uid",
  topologySpreadConstraints: "topologyKey",
};

/** Primitive lists that strategic merge treats as sets (`patchStrategy:"merge"` on []string). */
const PRIMITIVE_MERGE_LISTS = new Set(["finalizers"]);

function fieldName(path: Path): string | undefined {
  const last = path[path.length - 1];
  return typeof last === "string" ? last : undefined;
}

/**
 * Merge key of the list at `path`, or undefined for an atomic list. `ports` is keyed by
 * containerPort inside a container and by port elsewhere (Service). Applies to CloneSets too:
 * spec.template is a core/v1 PodTemplateSpec, so the same keys hold inside it.
 * Upstream: k8s.io/api/core/v1/types.go patchMergeKey tags.
 */
export function mergeKeyFor(path: Path): string | undefined {
  const name = fieldName(path);
  if (name === undefined) return undefined;
  if (name === "ports") {
    const parentList = path[path.length - 3];
    const inContainer = typeof parentList === "string" && CONTAINER_LISTS.has(parentList);
    return inContainer ? "containerPort" : "port";
  }
  return BY_FIELD[name];
}

/** True when strategic merge treats the primitive list at `path` as a set. */
export function isPrimitiveMergeList(path: Path): boolean {
  const name = fieldName(path);
  return name !== undefined && PRIMITIVE_MERGE_LISTS.has(name);
}

/**
 * A keyed merge is only possible when every element is an object carrying a unique,
 * primitive merge key; otherwise the list is handled atomically (as the API would for
 * malformed input).
 */
export function canMergeByKey(list: readonly JsonValue[], key: string): boolean {
  const seen = new Set<unknown>();
  for (const e of list) {
    if (!isObject(e)) return false;
    const v = e[key];
    if (v === undefined || (v !== null && typeof v === "object") || seen.has(v)) return false;
    seen.add(v);
  }
  return true;
}

const SERVER_METADATA = new Set([
  "resourceVersion",
  "managedFields",
  "generation",
  "uid",
  "creationTimestamp",
  "selfLink",
  "deletionTimestamp",
  "deletionGracePeriodSeconds",
]);

/**
 * Fields the server or controllers own: `status` (written through the /status subresource,
 * ignored on main-resource writes) and server-set metadata. Edits never touch or test them,
 * which is why status churn never conflicts (docs/kruise-rules.md §11.5; apiserver
 * pkg/registry/rest/update.go, apiextensions-apiserver customresource/strategy.go).
 */
export function isServerOwned(path: Path): boolean {
  if (path.length === 0 || isKeySegment(path[0])) return false;
  if (path[0] === "status") return true;
  return path.length >= 2 && path[0] === "metadata" && typeof path[1] === "string" && SERVER_METADATA.has(path[1]);
}
