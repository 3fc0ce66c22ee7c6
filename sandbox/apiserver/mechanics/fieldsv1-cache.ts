/**
 * The FieldsV1 of managedFields entries (docs/kruise-rules.md §11.9), kept so that a write touching a few fields
 * does little work: each stored FieldsV1 is decoded once, each distinct set is encoded once, and a set that differs
 * from an encoded one by a few keys is derived from that encoding instead of encoded whole.
 */
import { fieldsV1FromSorted, fromFieldsV1, updateFieldsV1, type FieldSet } from "./fieldpath";
import { isObject, type Json, type JsonObject } from "./json";

/**
 * Decoded FieldsV1 by the stored entry's object. Entries are never changed after a write (an unchanged set keeps
 * its encoding), and sets are never changed in place, so each entry is decoded once.
 */
const decoded = new WeakMap<object, FieldSet>();
export function decodeSet(f: Json | undefined): FieldSet {
  if (!isObject(f)) return fromFieldsV1(f);
  let set = decoded.get(f);
  if (!set) decoded.set(f, (set = fromFieldsV1(f)));
  return set;
}

/**
 * One FieldsV1 object per distinct set, shared by every entry that owns exactly that set (the pods of a CloneSet
 * have the same fields, written by the same managers): encoded once, and decoded from the cache above. Bounded.
 */
const bySet = new Map<string, JsonObject>();
function encodeSet(set: FieldSet): JsonObject {
  const keys = [...set].sort();
  const id = keys.join("\u0002");
  let f = bySet.get(id);
  if (!f) {
    f = fieldsV1FromSorted(keys);
    if (bySet.size >= 4096) bySet.clear();
    bySet.set(id, f);
    decoded.set(f, set);
  }
  return f;
}

/** An encoding and the set it encodes. */
export interface Encoded {
  encoded: Json | undefined;
  set: FieldSet;
}

/** Past this many differing keys a set is encoded whole (path copies would cost more). */
const SMALL_CHANGE = 16;

/** The FieldsV1 of `set`, derived from `from` when it differs from `set` by a few keys. */
export function encodeFrom(set: FieldSet, from?: Encoded): JsonObject {
  if (!from || !isObject(from.encoded)) return encodeSet(set);
  const add: string[] = [];
  const remove: string[] = [];
  for (const k of set) if (!from.set.has(k)) add.push(k);
  for (const k of from.set) if (!set.has(k)) remove.push(k);
  if (add.length + remove.length > SMALL_CHANGE) return encodeSet(set);
  const f = updateFieldsV1(from.encoded, add, remove);
  decoded.set(f, set);
  return f;
}
