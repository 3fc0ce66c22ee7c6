/**
 * Field sets in structured-merge-diff's model (sigs.k8s.io/structured-merge-diff fieldpath): a set of member
 * paths whose elements are written as in FieldsV1 ("f:spec", "k:{\"name\":\"app\"}", "v:\"x\"", "i:0").
 * A set encodes to FieldsV1 with ".": {} marking a node that is itself a member and has children.
 */
import { isObject, type Json, type JsonObject } from "./json";

export type PathElement = string;
export type FieldSet = Set<string>;

// Paths are kept as strings joined by a control character that cannot occur in JSON field names we serve
// (cheaper than JSON-encoding every path on every write).
const SEP = "\u0001";
export const enc = (path: PathElement[]): string => path.join(SEP);
export const dec = (key: string): PathElement[] => (key === "" ? [] : key.split(SEP));
/** The key of `el` under the path whose key is `prefix` (enc([...path, el]) without building the array). */
export const child = (prefix: string, el: PathElement): string => (prefix === "" ? el : prefix + SEP + el);
/** The first two elements of a key and how many it has (1, 2, or 3 for three or more), without splitting it. */
export function leading(key: string): { top: PathElement; second?: PathElement; length: 1 | 2 | 3 } {
  const i1 = key.indexOf(SEP);
  if (i1 < 0) return { top: key, length: 1 };
  const i2 = key.indexOf(SEP, i1 + 1);
  return { top: key.slice(0, i1), second: key.slice(i1 + 1, i2 < 0 ? undefined : i2), length: i2 < 0 ? 2 : 3 };
}

export function union(...sets: FieldSet[]): FieldSet {
  const out = new Set<string>();
  for (const s of sets) for (const k of s) out.add(k);
  return out;
}
export const difference = (a: FieldSet, b: FieldSet): FieldSet => new Set([...a].filter((k) => !b.has(k)));
export const intersection = (a: FieldSet, b: FieldSet): FieldSet => new Set([...a].filter((k) => b.has(k)));

/** Keyed-list element: keys sorted by name, JSON-encoded like fieldpath.KeyByFields. */
export function keyElement(item: JsonObject, keys: string[]): PathElement {
  const k: JsonObject = {};
  for (const name of [...keys].sort()) if (name in item) k[name] = item[name];
  return `k:${JSON.stringify(k)}`;
}

/**
 * FieldsV1 JSON for a set. Keys are inserted in sorted order (SEP sorts below every character of an element, so
 * sorting whole keys sorts each node's children), which is the order the apiserver encodes them in; a member with
 * children carries ".": {}, inserted before its first child (a key sorts before the keys it prefixes).
 */
export function toFieldsV1(set: FieldSet): JsonObject {
  return fieldsV1FromSorted([...set].sort());
}

/** toFieldsV1 of a set given as its keys in sorted order. */
export function fieldsV1FromSorted(keys: string[]): JsonObject {
  const root: JsonObject = {};
  const members = new Set<JsonObject>();
  for (const key of keys) {
    if (key === "") continue; // the root is never a member
    let node = root;
    let start = 0;
    for (;;) {
      const at = key.indexOf(SEP, start);
      const el = at < 0 ? key.slice(start) : key.slice(start, at);
      let next = node[el] as JsonObject | undefined;
      if (next === undefined) {
        if (members.has(node) && !("." in node)) node["."] = {};
        next = node[el] = {};
      }
      node = next;
      if (at < 0) break;
      start = at + 1;
    }
    members.add(node);
  }
  return root;
}

/** Set from FieldsV1 JSON. */
export function fromFieldsV1(f: Json | undefined): FieldSet {
  const out: FieldSet = new Set();
  const walk = (node: JsonObject, prefix: PathElement[]) => {
    for (const [el, child] of Object.entries(node)) {
      if (el === ".") {
        out.add(enc(prefix));
        continue;
      }
      const p = [...prefix, el];
      if (!isObject(child) || Object.keys(child).length === 0) out.add(enc(p));
      else walk(child, p);
    }
  };
  if (isObject(f)) walk(f, []);
  return out;
}

/** fieldpath.Path.String(): ".spec.replicas", ".spec.containers[name=\"app\"].image", "[=\"x\"]", "[0]". */
export function pathString(path: PathElement[]): string {
  return path
    .map((el) => {
      const body = el.slice(2);
      if (el.startsWith("f:")) return `.${body}`;
      if (el.startsWith("i:")) return `[${body}]`;
      if (el.startsWith("v:")) return `[=${body}]`;
      const k = JSON.parse(body) as JsonObject;
      return `[${Object.entries(k)
        .map(([n, v]) => `${n}=${JSON.stringify(v)}`)
        .join(",")}]`;
    })
    .join("");
}

/**
 * The FieldsV1 of a set, derived from `base` (the FieldsV1 of another set) by adding the keys in `add` (not in
 * it) and removing those in `remove` (in it). Only the nodes on the changed paths are copied; the result is what
 * toFieldsV1 gives for the new set (children sorted, "." first on a member with children, `{}` for a leaf).
 */
export function updateFieldsV1(base: JsonObject, add: string[], remove: string[]): JsonObject {
  let root = base;
  for (const k of remove) root = (removeKey(root, dec(k), 0) as JsonObject | undefined) ?? {};
  for (const k of add) root = addKey(root, dec(k), 0);
  return root;
}

function addKey(node: JsonObject | undefined, path: PathElement[], i: number): JsonObject {
  if (i === path.length) return node ? withMember(node) : {}; // an existing node was a parent only
  const el = path[i];
  const child = node ? (node[el] as JsonObject | undefined) : undefined;
  const next = addKey(child, path, i + 1);
  if (!node) return { [el]: next };
  // a leaf gets its first child: it was a member, so it keeps "."
  const out = withChild(Object.keys(node).length === 0 && i > 0 ? { ".": {} } : node, el, next);
  return out;
}

function removeKey(node: JsonObject | undefined, path: PathElement[], i: number): JsonObject | undefined {
  if (!node) return node;
  if (i === path.length) {
    // a member with children stays as their parent; a leaf goes
    return Object.keys(node).some((k) => k !== ".") ? without(node, ".") : undefined;
  }
  const el = path[i];
  const child = node[el] as JsonObject | undefined;
  if (child === undefined) return node;
  const next = removeKey(child, path, i + 1);
  const out = next === undefined ? without(node, el) : withChild(node, el, next);
  if (next !== undefined || i === 0) return out;
  const keys = Object.keys(out);
  if (keys.length === 0) return undefined; // a parent only, without children now
  return keys.length === 1 && keys[0] === "." ? {} : out; // a member whose last child went: a leaf
}

/** `node` marked as a member ("." first). */
function withMember(node: JsonObject): JsonObject {
  return "." in node ? node : { ".": {}, ...node };
}

/** A copy of `node` with `child` at `el`, keys in sorted order (a new key is inserted at its place). */
function withChild(node: JsonObject, el: PathElement, child: JsonObject): JsonObject {
  if (el in node) return { ...node, [el]: child };
  const out: JsonObject = {};
  let placed = false;
  for (const k of Object.keys(node)) {
    if (!placed && k > el) {
      out[el] = child;
      placed = true;
    }
    out[k] = node[k];
  }
  if (!placed) out[el] = child;
  return out;
}

function without(node: JsonObject, el: PathElement): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(node)) if (k !== el) out[k] = node[k];
  return out;
}
