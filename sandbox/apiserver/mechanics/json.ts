/** Small JSON helpers shared by the mechanics modules (plain data only: objects, arrays, scalars). */

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** Structural equality; object key order is irrelevant, array order matters. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}

/** Reads a dotted path (["spec","replicas"]) from an object; undefined when absent. */
export function getPath(obj: unknown, path: string[]): unknown {
  let cur: unknown = obj;
  for (const p of path) {
    if (!isObject(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

/** Ensures the object chain along `path` exists and returns the innermost object. */
export function ensurePath(obj: JsonObject, path: string[]): JsonObject {
  let cur = obj;
  for (const p of path) {
    if (!isObject(cur[p])) cur[p] = {};
    cur = cur[p] as JsonObject;
  }
  return cur;
}
