/**
 * How objects map to field sets (structured-merge-diff typed/tofieldset.go, typed/compare.go, typed/merge.go),
 * with the list/map semantics of built-in kinds (listType=map keys, sets) and of custom resources
 * (lists atomic unless the schema says otherwise; schemaless parts deduced: maps granular, lists atomic).
 */
import { clone, deepEqual, isObject, type Json, type JsonObject } from "./json";
import { child, type FieldSet, type PathElement } from "./fieldpath";

export interface Shape {
  builtin: boolean;
}

const builtinKeys: Record<string, string[]> = {
  containers: ["name"],
  initContainers: ["name"],
  ephemeralContainers: ["name"],
  env: ["name"],
  ports: ["containerPort", "protocol"],
  volumes: ["name"],
  volumeMounts: ["mountPath"],
  volumeDevices: ["devicePath"],
  conditions: ["type"],
  imagePullSecrets: ["name"],
  ownerReferences: ["uid"],
  hostAliases: ["ip"],
  topologySpreadConstraints: ["topologyKey", "whenUnsatisfiable"],
  podIPs: ["ip"],
  hostIPs: ["ip"],
  addresses: ["type"],
};
const builtinSets = new Set(["finalizers"]);
/**
 * Maps that are owned as a whole. Empty on purpose: kube-apiserver 1.20 treats LabelSelector and the CRD's
 * `x-kubernetes-map-type: atomic` selectors granularly (observed: `f:selector: {".": {}, "f:matchLabels": …}`).
 */
const atomicMaps = new Set<string>();

/** Keyed lists carry their key names sorted, as fieldpath.KeyByFields encodes them. */
type ListKind = { type: "keyed"; keys: string[] } | { type: "set" } | { type: "atomic" };

const ATOMIC: ListKind = { type: "atomic" },
  SET: ListKind = { type: "set" },
  UID_KEYED: ListKind = { type: "keyed", keys: ["uid"] };
const builtinKinds = new Map<string, ListKind>(
  Object.entries(builtinKeys).map(([name, keys]) => [name, { type: "keyed", keys: [...keys].sort() }]),
);

function listKind(name: string, shape: Shape): ListKind {
  if (shape.builtin) return builtinKinds.get(name) ?? (builtinSets.has(name) ? SET : ATOMIC);
  if (name === "finalizers") return SET; // ObjectMeta is typed even on CRs
  if (name === "ownerReferences") return UID_KEYED;
  return ATOMIC;
}

const isAtomicMap = (name: string, v: Json) => atomicMaps.size > 0 && atomicMaps.has(name) && isObject(v);

/** Key fields that have a default, applied before keys are compared (a port without protocol is TCP). */
const keyDefaults: Record<string, Json> = { protocol: "TCP" };

/**
 * Keyed elements by item object, per key list: items of stored objects never change and are shared by the
 * versions that did not change them, so an item's element is built once, not on every comparison.
 */
const elements = new Map<string[], WeakMap<JsonObject, PathElement>>();

/** A list item's path element: its keys (sorted, defaults filled in) as JSON, or its index when a key is missing. */
function itemElement(item: Json, i: number, keys: string[]): PathElement {
  if (!isObject(item)) return `i:${i}`;
  let known = elements.get(keys);
  if (!known) elements.set(keys, (known = new WeakMap()));
  const el = known.get(item);
  if (el !== undefined) return el;
  const k: JsonObject = {};
  for (const name of keys) {
    if (name in item) k[name] = item[name];
    else if (name in keyDefaults) k[name] = keyDefaults[name];
    else return `i:${i}`;
  }
  const keyed = `k:${JSON.stringify(k)}`;
  known.set(item, keyed);
  return keyed;
}

const setElement = (x: Json): PathElement => `v:${JSON.stringify(x)}`;

/**
 * typed.ToFieldSet: the leaves, list items and empty containers a (partial) object sets. For custom resources
 * kube-apiserver 1.20 also lists every map node it passes through (observed Apply entry: `f:spec: {".": {}, …}`).
 * Paths are built as keys (fieldpath `child`), one string per node, not as arrays.
 */
export function fieldsOf(v: Json, shape: Shape, prefix = "", name = "", out: FieldSet = new Set()): FieldSet {
  if (!shape.builtin) {
    allNodes(v, shape, prefix, name, out);
    return out;
  }
  if (isObject(v) && !isAtomicMap(name, v)) {
    const keys = Object.keys(v);
    if (keys.length === 0 && prefix !== "") out.add(prefix);
    for (const k of keys) fieldsOf(v[k], shape, child(prefix, `f:${k}`), k, out);
  } else if (Array.isArray(v)) {
    const kind = listKind(name, shape);
    if (kind.type === "atomic" || v.length === 0) out.add(prefix);
    else if (kind.type === "set") for (const x of v) out.add(child(prefix, setElement(x)));
    else
      v.forEach((item, i) => {
        const p = child(prefix, itemElement(item, i, kind.keys));
        out.add(p);
        if (isObject(item)) for (const k of Object.keys(item)) fieldsOf(item[k], shape, child(p, `f:${k}`), k, out);
      });
  } else if (prefix !== "") out.add(prefix);
  return out;
}

/** Every node of a subtree (the node itself, intermediate maps and list items, and leaves). */
function allNodes(v: Json, shape: Shape, prefix: string, name: string, out: FieldSet): void {
  if (prefix !== "") out.add(prefix);
  if (isObject(v) && !isAtomicMap(name, v)) {
    for (const k of Object.keys(v)) allNodes(v[k], shape, child(prefix, `f:${k}`), k, out);
  } else if (Array.isArray(v)) {
    const kind = listKind(name, shape);
    if (kind.type === "set") for (const x of v) out.add(child(prefix, setElement(x)));
    if (kind.type === "keyed")
      v.forEach((item, i) => allNodes(item, shape, child(prefix, itemElement(item, i, kind.keys)), "", out));
  }
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/**
 * typed.Compare: which members were added, modified or removed going from `a` to `b`. With `skipManagedFields`,
 * metadata.managedFields is left out on both sides (the bookkeeping is not itself tracked).
 */
export function compare(a: Json | undefined, b: Json | undefined, shape: Shape, skipManagedFields = false): Comparison {
  const c: Comparison = { added: new Set(), modified: new Set(), removed: new Set() };
  if (!skipManagedFields) cmp(a, b, shape, "", "", c, -1);
  else if (isObject(a) && isObject(b) && isObject(a.metadata) && isObject(b.metadata)) cmp(a, b, shape, "", "", c, 0);
  else cmp(withoutManagedFields(a), withoutManagedFields(b), shape, "", "", c, -1);
  return c;
}

/** A shallow view without metadata.managedFields (for the comparisons where one side has no metadata map). */
function withoutManagedFields(o: Json | undefined): Json | undefined {
  if (!isObject(o) || !isObject(o.metadata)) return o;
  const { managedFields: _mf, ...meta } = o.metadata;
  void _mf;
  return { ...o, metadata: meta };
}

/**
 * One node of the comparison. `level` counts down to the metadata map whose managedFields are skipped (0: this is
 * the root, 1: this is the root's metadata; -1: nothing is skipped).
 */
function cmp(
  a: Json | undefined,
  b: Json | undefined,
  shape: Shape,
  prefix: string,
  name: string,
  c: Comparison,
  level: number,
): void {
  // One object on both sides (writes share what they did not change with the stored object): nothing differs.
  if (a === b) return;
  if (a === undefined) return allNodes(b as Json, shape, prefix, name, c.added);
  if (b === undefined) return allNodes(a, shape, prefix, name, c.removed);
  if (isObject(a) && isObject(b) && !isAtomicMap(name, b)) {
    const skip = level === 1 ? "managedFields" : undefined;
    for (const k in a) {
      if (k === skip) continue;
      const next = level === 0 && k === "metadata" ? 1 : -1;
      cmp(a[k], b[k], shape, child(prefix, `f:${k}`), k, c, next);
    }
    for (const k in b) {
      if (k in a || k === skip) continue;
      cmp(undefined, b[k], shape, child(prefix, `f:${k}`), k, c, -1);
    }
    return;
  }
  const kind = Array.isArray(a) && Array.isArray(b) ? listKind(name, shape) : ATOMIC;
  if (kind.type === "atomic") {
    if (prefix !== "" && !deepEqual(a, b)) c.modified.add(prefix);
    return;
  }
  const la = a as Json[],
    lb = b as Json[];
  if (kind.type === "set") {
    for (const x of lb) if (!la.some((y) => deepEqual(x, y))) c.added.add(child(prefix, setElement(x)));
    for (const x of la) if (!lb.some((y) => deepEqual(x, y))) c.removed.add(child(prefix, setElement(x)));
    return;
  }
  const ia = new Map(la.map((x, i) => [itemElement(x, i, kind.keys), x]));
  const ib = new Map(lb.map((x, i) => [itemElement(x, i, kind.keys), x]));
  for (const [el, x] of ia) cmp(x, ib.get(el), shape, child(prefix, el), "", c, -1);
  for (const [el, y] of ib) if (!ia.has(el)) cmp(undefined, y, shape, child(prefix, el), "", c, -1);
}

/** typed.Merge for apply: config values win; maps and keyed/set lists merge; atomic lists replace. */
export function mergeForApply(live: Json | undefined, config: Json, shape: Shape, name = ""): Json {
  if (isObject(config) && isObject(live) && !isAtomicMap(name, config)) {
    const out: JsonObject = { ...live };
    for (const [k, v] of Object.entries(config)) out[k] = mergeForApply(live[k], v, shape, k);
    return out;
  }
  if (Array.isArray(config) && Array.isArray(live)) {
    const kind = listKind(name, shape);
    if (kind.type === "set") return [...live, ...config.filter((x) => !live.some((y) => deepEqual(x, y)))];
    if (kind.type === "keyed") {
      const out = live.map((x) => clone(x));
      config.forEach((item, i) => {
        const el = itemElement(item, i, kind.keys);
        const j = out.findIndex((x, n) => itemElement(x, n, kind.keys) === el);
        if (j >= 0) out[j] = mergeForApply(out[j], item, shape);
        else out.push(clone(item));
      });
      return out;
    }
  }
  return clone(config);
}

/** Removes the value at a member path (used to prune fields an applier dropped). */
export function removePath(obj: Json, path: PathElement[], shape: Shape): void {
  let cur: Json = obj;
  for (let i = 0; i < path.length; i++) {
    const el = path[i];
    const last = i === path.length - 1;
    if (el.startsWith("f:") && isObject(cur)) {
      if (last) {
        delete cur[el.slice(2)];
        return;
      }
      cur = cur[el.slice(2)];
    } else if (Array.isArray(cur)) {
      const idx = findListIndex(cur, el);
      if (idx < 0) return;
      if (last) {
        cur.splice(idx, 1);
        return;
      }
      cur = cur[idx];
    } else return;
    if (cur === undefined) return;
  }
  void shape;
}

function findListIndex(list: Json[], el: PathElement): number {
  if (el.startsWith("i:")) return Number(el.slice(2));
  if (el.startsWith("v:")) {
    const v = JSON.parse(el.slice(2));
    return list.findIndex((x) => deepEqual(x, v));
  }
  const key = JSON.parse(el.slice(2)) as JsonObject;
  return list.findIndex((x) => isObject(x) && Object.entries(key).every(([k, v]) => deepEqual(x[k], v)));
}
