// One JSON encoding per stored object and served version, shared by the write's response and every watch event
// line: each write used to serialize the same object twice (sent, then again for the watchers).
import type { Obj } from "./types";

/** stored object → apiVersion → JSON of the object served at that version */
const cache = new WeakMap<Obj, Map<string, string>>();
/** a view (cluster.view) → the stored object it shows */
const shows = new WeakMap<Obj, Obj>();

/** `o` as served at `apiVersion`/`kind`: a shallow copy the encoder can recognize. */
export function servedView(o: Obj, apiVersion: string, kind: string): Obj {
  const v = { ...o, apiVersion, kind };
  shows.set(v, o);
  return v;
}

/** JSON of `o` served at `apiVersion`/`kind`, encoded once per object and version. */
export function encodeServed(o: Obj, apiVersion: string, kind: string): string {
  let byVersion = cache.get(o);
  if (!byVersion) cache.set(o, (byVersion = new Map()));
  const key = `${apiVersion}\n${kind}`;
  let s = byVersion.get(key);
  if (s === undefined) byVersion.set(key, (s = JSON.stringify({ ...o, apiVersion, kind })));
  return s;
}

/**
 * JSON of a response body. A view still exactly as servedView made it (same keys, same values: nothing was set on
 * it since) is encoded through the cache; anything else is encoded as it is.
 */
export function encodeBody(body: unknown): string {
  if (typeof body === "string") return body;
  const v = body as Obj;
  const stored = v && typeof v === "object" ? shows.get(v) : undefined;
  if (stored && pristine(v, stored)) return encodeServed(stored, v.apiVersion, v.kind);
  return JSON.stringify(body);
}

function pristine(v: Obj, stored: Obj): boolean {
  const keys = Object.keys(v);
  let extra = 0;
  for (const k of keys) {
    if (k === "apiVersion" || k === "kind") {
      if (!(k in stored)) extra++;
      continue;
    }
    if (v[k] !== stored[k]) return false;
  }
  return keys.length - extra === Object.keys(stored).length && typeof v.apiVersion === "string";
}
