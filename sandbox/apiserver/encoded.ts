// One JSON encoding per stored object and served version, shared by the write's response and every watch event
// line: each write used to serialize the same object twice (sent, then again for the watchers). It is kept as
// UTF-8 bytes, which is what both write to their sockets (a string was measured and encoded again for each).
import type { Obj } from "./types";

/** stored object → apiVersion → JSON of the object served at that version */
const cache = new WeakMap<Obj, Map<string, Buffer>>();
/** a view (cluster.view) → the stored object it shows */
const shows = new WeakMap<Obj, Obj>();

/** `o` as served at `apiVersion`/`kind`: a shallow copy the encoder can recognize. */
export function servedView(o: Obj, apiVersion: string, kind: string): Obj {
  const v = { ...o, apiVersion, kind };
  shows.set(v, o);
  return v;
}

/** JSON of `o` served at `apiVersion`/`kind`, encoded once per object and version. */
export function encodeServed(o: Obj, apiVersion: string, kind: string): Buffer {
  let byVersion = cache.get(o);
  if (!byVersion) cache.set(o, (byVersion = new Map()));
  const key = `${apiVersion}\n${kind}`;
  let b = byVersion.get(key);
  if (b === undefined) {
    // A stored object already carries the served apiVersion and kind (always, for built-ins): no copy needed, as
    // the copy would keep their places and values.
    b = Buffer.from(storedJson(o.apiVersion === apiVersion && o.kind === kind ? o : { ...o, apiVersion, kind }));
    byVersion.set(key, b);
  }
  return b;
}

/**
 * JSON of a response body. A view still exactly as servedView made it (same keys, same values: nothing was set on
 * it since) is encoded through the cache; anything else is encoded as it is.
 */
export function encodeBody(body: unknown): string | Buffer {
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

/**
 * Text of the parts of stored objects, by identity. A write shares what it did not change with the version it
 * replaces (a status write keeps the spec, a label patch the spec and status), and stored objects never change,
 * so that text is reused instead of encoded again. Bounded by the objects' lifetime (a WeakMap).
 */
const partJson = new WeakMap<object, string>();
const keyJson = new Map<string, string>();

function part(v: unknown): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v);
  let s = partJson.get(v);
  if (s === undefined) partJson.set(v, (s = JSON.stringify(v)));
  return s;
}

/** `"key":`, JSON-escaped (field names repeat: kept once each, bounded). */
function keyText(k: string): string {
  let s = keyJson.get(k);
  if (s === undefined) {
    s = `${JSON.stringify(k)}:`;
    if (keyJson.size < 4096) keyJson.set(k, s);
  }
  return s;
}

/**
 * JSON.stringify of a stored object, composed from the text of its parts: its members, its metadata's members and
 * its managedFields entries' members are encoded as parts (those change with every write; what is under them is
 * mostly shared). The same text JSON.stringify gives: members in order, undefined ones left out.
 */
export function storedJson(o: Obj, omit?: readonly string[]): string {
  return compose(o, 0, omit);
}

function compose(v: unknown, level: number, omit?: readonly string[]): string {
  if (Array.isArray(v)) {
    let s = "[";
    for (let i = 0; i < v.length; i++) {
      const x = v[i];
      const skip = x === undefined || typeof x === "function" || typeof x === "symbol";
      s += (i ? "," : "") + (skip ? "null" : compose(x, level + 1));
    }
    return s + "]";
  }
  // Levels: 0 the object, 1 its metadata, 2 the managedFields list, 3 an entry; anything deeper is a part. An
  // entry a write did not change is the stored one, whose text is known.
  if (level > 3 || v === null || typeof v !== "object") return part(v);
  if (level === 3) {
    const known = partJson.get(v);
    if (known !== undefined) return known;
  }
  let s = "{";
  let first = true;
  for (const k in v as Obj) {
    const x = (v as Obj)[k];
    if (x === undefined || typeof x === "function" || typeof x === "symbol" || omit?.includes(k)) continue;
    const deeper = (level === 0 && k === "metadata") || (level === 1 && k === "managedFields") || level === 2;
    s += (first ? "" : ",") + keyText(k) + (deeper ? compose(x, level + 1) : part(x));
    first = false;
  }
  s += "}";
  if (level === 3) partJson.set(v, s);
  return s;
}
