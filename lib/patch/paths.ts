// Field paths. A path is a list of segments: object keys, list indices, or — inside
// lists merged by key (containers by name, …) — the element's merge key and value, so a
// path keeps pointing at "container app" even if someone reorders the list.
import { isObject, type JsonPrimitive, type JsonValue } from "./json";

export interface KeySegment {
  mergeKey: string;
  value: JsonPrimitive;
}
export type PathSegment = string | number | KeySegment;
export type Path = readonly PathSegment[];

export function isKeySegment(s: PathSegment): s is KeySegment {
  return typeof s === "object";
}

/**
 * Readable path in the Kubernetes field-path style (`spec.template.spec.containers[0].image`,
 * `metadata.labels[app.kubernetes.io/name]`), with keyed elements as `containers[name=app]`.
 * Matches apimachinery pkg/util/validation/field/path.go String() for index/key paths.
 */
export function formatPath(path: Path): string {
  let out = "";
  for (const s of path) {
    if (typeof s === "number") out += `[${s}]`;
    else if (isKeySegment(s)) out += `[${s.mergeKey}=${String(s.value)}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${s}]`;
  }
  return out;
}

/** RFC 6901 JSON Pointer of a path of keys and indices ("~" → "~0", "/" → "~1"). */
export function toPointer(path: readonly (string | number)[]): string {
  return path.map((s) => "/" + String(s).replace(/~/g, "~0").replace(/\//g, "~1")).join("");
}

/** Index of the element whose merge key has the given value, or -1. */
export function findKeyed(list: readonly JsonValue[], seg: KeySegment): number {
  return list.findIndex((e) => isObject(e) && e[seg.mergeKey] === seg.value);
}

/** Value at a path (undefined when any step is missing). */
export function getAt(root: JsonValue | undefined, path: Path): JsonValue | undefined {
  let cur: JsonValue | undefined = root;
  for (const s of path) {
    if (cur === undefined) return undefined;
    if (isKeySegment(s)) {
      if (!Array.isArray(cur)) return undefined;
      const i = findKeyed(cur, s);
      cur = i < 0 ? undefined : cur[i];
    } else if (typeof s === "number") cur = Array.isArray(cur) ? cur[s] : undefined;
    else cur = isObject(cur) && Object.prototype.hasOwnProperty.call(cur, s) ? cur[s] : undefined;
  }
  return cur;
}
