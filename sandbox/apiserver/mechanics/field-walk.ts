/**
 * How objects map to field sets (structured-merge-diff typed/tofieldset.go, typed/compare.go, typed/merge.go),
 * with the list/map semantics of built-in kinds (listType=map keys, sets) and of custom resources
 * (lists atomic unless the schema says otherwise; schemaless parts deduced: maps granular, lists atomic).
 */
import { clone, deepEqual, isObject, type Json, type JsonObject } from "./json";
import { enc, keyElement, type FieldSet, type PathElement } from "./fieldpath";

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

type ListKind = { type: "keyed"; keys: string[] } | { type: "set" } | { type: "atomic" };

function listKind(name: string, shape: Shape): ListKind {
  if (shape.builtin && builtinKeys[name]) return { type: "keyed", keys: builtinKeys[name] };
  if (shape.builtin && builtinSets.has(name)) return { type: "set" };
  if (!shape.builtin && name === "finalizers") return { type: "set" }; // ObjectMeta is typed even on CRs
  if (!shape.builtin && name === "ownerReferences") return { type: "keyed", keys: ["uid"] };
  return { type: "atomic" };
}

const isAtomicMap = (name: string, v: Json) => atomicMaps.has(name) && isObject(v);

/** Key fields that have a default, applied before keys are compared (a port without protocol is TCP). */
const keyDefaults: Record<string, Json> = { protocol: "TCP" };

function itemElement(item: Json, i: number, keys: string[]): PathElement {
  if (!isObject(item)) return `i:${i}`;
  const withDefaults: JsonObject = { ...item };
  for (const k of keys) if (!(k in withDefaults) && k in keyDefaults) withDefaults[k] = keyDefaults[k];
  return keys.every((k) => k in withDefaults) ? keyElement(withDefaults, keys) : `i:${i}`;
}

/**
 * typed.ToFieldSet: the leaves, list items and empty containers a (partial) object sets. For custom resources
 * kube-apiserver 1.20 also lists every map node it passes through (observed Apply entry: `f:spec: {".": {}, …}`).
 */
export function fieldsOf(
  v: Json,
  shape: Shape,
  path: PathElement[] = [],
  name = "",
  out: FieldSet = new Set(),
): FieldSet {
  if (!shape.builtin) {
    allNodes(v, shape, path, name, out);
    return out;
  }
  if (isObject(v) && !isAtomicMap(name, v)) {
    const keys = Object.keys(v);
    if (keys.length === 0 && path.length) out.add(enc(path));
    for (const k of keys) fieldsOf(v[k], shape, [...path, `f:${k}`], k, out);
  } else if (Array.isArray(v)) {
    const kind = listKind(name, shape);
    if (kind.type === "atomic" || v.length === 0) out.add(enc(path));
    else if (kind.type === "set") for (const x of v) out.add(enc([...path, `v:${JSON.stringify(x)}`]));
    else
      v.forEach((item, i) => {
        const p = [...path, itemElement(item, i, kind.keys)];
        out.add(enc(p));
        if (isObject(item)) for (const k of Object.keys(item)) fieldsOf(item[k], shape, [...p, `f:${k}`], k, out);
      });
  } else if (path.length) out.add(enc(path));
  return out;
}

/** Every node of a subtree (the node itself, intermediate maps and list items, and leaves). */
function allNodes(v: Json, shape: Shape, path: PathElement[], name: string, out: FieldSet): void {
  if (path.length) out.add(enc(path));
  if (isObject(v) && !isAtomicMap(name, v)) {
    for (const k of Object.keys(v)) allNodes(v[k], shape, [...path, `f:${k}`], k, out);
  } else if (Array.isArray(v)) {
    const kind = listKind(name, shape);
    if (kind.type === "set") for (const x of v) out.add(enc([...path, `v:${JSON.stringify(x)}`]));
    if (kind.type === "keyed")
      v.forEach((item, i) => allNodes(item, shape, [...path, itemElement(item, i, kind.keys)], "", out));
  }
}

export interface Comparison {
  added: FieldSet;
  modified: FieldSet;
  removed: FieldSet;
}

/** typed.Compare: which members were added, modified or removed going from `a` to `b`. */
export function compare(a: Json | undefined, b: Json | undefined, shape: Shape): Comparison {
  const c: Comparison = { added: new Set(), modified: new Set(), removed: new Set() };
  cmp(a, b, shape, [], "", c);
  return c;
}

function cmp(
  a: Json | undefined,
  b: Json | undefined,
  shape: Shape,
  path: PathElement[],
  name: string,
  c: Comparison,
): void {
  // One object on both sides (writes share what they did not change with the stored object): nothing differs.
  if (a === b) return;
  if (a === undefined) return allNodes(b as Json, shape, path, name, c.added);
  if (b === undefined) return allNodes(a, shape, path, name, c.removed);
  if (isObject(a) && isObject(b) && !isAtomicMap(name, b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) cmp(a[k], b[k], shape, [...path, `f:${k}`], k, c);
    return;
  }
  const kind = Array.isArray(a) && Array.isArray(b) ? listKind(name, shape) : { type: "atomic" as const };
  if (kind.type === "atomic") {
    if (!deepEqual(a, b) && path.length) c.modified.add(enc(path));
    return;
  }
  const la = a as Json[],
    lb = b as Json[];
  if (kind.type === "set") {
    for (const x of lb) if (!la.some((y) => deepEqual(x, y))) c.added.add(enc([...path, `v:${JSON.stringify(x)}`]));
    for (const x of la) if (!lb.some((y) => deepEqual(x, y))) c.removed.add(enc([...path, `v:${JSON.stringify(x)}`]));
    return;
  }
  const ia = new Map(la.map((x, i) => [itemElement(x, i, kind.keys), x]));
  const ib = new Map(lb.map((x, i) => [itemElement(x, i, kind.keys), x]));
  for (const el of new Set([...ia.keys(), ...ib.keys()])) cmp(ia.get(el), ib.get(el), shape, [...path, el], "", c);
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
