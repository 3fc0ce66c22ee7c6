// JSON value helpers shared by the patch builders. Objects from the API are plain JSON,
// so structural equality and cloning need no special cases beyond arrays vs objects.

import type { JsonObject, JsonValue } from "../k8s/json";

export type { JsonObject, JsonPrimitive, JsonValue } from "../k8s/json";

/** True for a plain JSON object (not an array, not null). */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * An object that came from JSON (a Kubernetes object from the API server or the stream) as a JsonObject for the
 * patch functions. Only the top level is checked: everything below it was parsed from JSON, so it is JSON.
 */
export function asJsonObject(v: unknown): JsonObject {
  if (!isObject(v)) throw new TypeError(`expected a JSON object, got ${v === null ? "null" : typeof v}`);
  return v;
}

/** Structural equality of JSON values; `undefined` (absent) equals only `undefined`. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    if (a.length !== bb.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEqual(a[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  for (const k of ak) if (!hasOwn(bo, k) || !deepEqual(ao[k], bo[k])) return false;
  return true;
}

/** Own-property test: never true for what an object inherits (`constructor`, `__proto__`, …). */
export function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/**
 * `o[k] = v` that always creates an own data property: a plain assignment of `__proto__` would
 * replace the object's prototype instead (JSON.parse gives such keys as own properties).
 */
export function setOwn(o: JsonObject, k: string, v: JsonValue): void {
  if (k === "__proto__")
    Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

/** Deep copy of a JSON value (structuredClone is not in every runtime we target). */
export function clone<T extends JsonValue | undefined>(v: T): T {
  if (v === undefined || v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map((x) => clone(x)) as T;
  const out: JsonObject = {};
  for (const [k, x] of Object.entries(v)) setOwn(out, k, clone(x));
  return out as T;
}

/** Copy of an object with its keys sorted recursively, the order Go's encoding/json prints maps in. */
export function sortKeys<T extends JsonValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => sortKeys(x)) as T;
  if (!isObject(v)) return v;
  const out: JsonObject = {};
  for (const k of Object.keys(v).sort()) setOwn(out, k, sortKeys(v[k]));
  return out as T;
}
