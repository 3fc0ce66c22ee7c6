// Two-way strategic merge patch, the patch `kubectl edit` sends for built-in kinds (Pods).
import { deepEqual, isObject, sortKeys, type JsonObject, type JsonValue } from "./json";
import { canMergeByKey, isPrimitiveMergeList, mergeKeyFor } from "./merge-keys";

type Seg = string | number;

/**
 * Strategic merge patch from `original` to `modified` as kubectl computes it: maps diff like a
 * merge patch; lists with a patchMergeKey send only added/changed elements (changed ones with
 * their key), deletions as `{key, "$patch": "delete"}`, and a parallel `$setElementOrder/<list>`
 * when the list changed; `finalizers` uses `$deleteFromPrimitiveList/` plus the set order.
 * Built-in kinds only: custom resources answer 415 (docs/kruise-rules.md §11.6).
 * Upstream: apimachinery pkg/util/strategicpatch/patch.go CreateTwoWayMergePatch, diffLists.
 */
export function createStrategicMergePatch(original: JsonObject, modified: JsonObject): JsonObject {
  return sortKeys(diffMaps(original, modified, []));
}

function diffMaps(a: JsonObject, b: JsonObject, path: Seg[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, bv] of Object.entries(b)) {
    const av = Object.prototype.hasOwnProperty.call(a, k) ? a[k] : undefined;
    if (av !== undefined && deepEqual(av, bv)) continue;
    const p = [...path, k];
    if (isObject(av) && isObject(bv)) {
      const sub = diffMaps(av, bv, p);
      if (Object.keys(sub).length > 0) out[k] = sub;
    } else if (Array.isArray(av) && Array.isArray(bv)) diffList(av, bv, p, out);
    else out[k] = bv;
  }
  for (const k of Object.keys(a)) if (!Object.prototype.hasOwnProperty.call(b, k)) out[k] = null;
  return out;
}

function diffList(a: JsonValue[], b: JsonValue[], path: Seg[], out: JsonObject): void {
  const name = String(path[path.length - 1]);
  const key = mergeKeyFor(path);
  if (key && canMergeByKey(a, key) && canMergeByKey(b, key))
    return diffKeyed(a as JsonObject[], b as JsonObject[], key, path, out);
  if (isPrimitiveMergeList(path) && [...a, ...b].every((x) => !isObject(x) && !Array.isArray(x))) {
    const added = b.filter((x) => !a.includes(x));
    const removed = a.filter((x) => !b.includes(x));
    if (added.length) out[name] = added;
    if (removed.length) out[`$deleteFromPrimitiveList/${name}`] = removed;
    out[`$setElementOrder/${name}`] = b;
    return;
  }
  out[name] = b;
}

function diffKeyed(a: JsonObject[], b: JsonObject[], key: string, path: Seg[], out: JsonObject): void {
  const name = String(path[path.length - 1]);
  const before = new Map(a.map((e) => [e[key], e]));
  const after = new Set(b.map((e) => e[key]));
  const changes: JsonValue[] = [];
  for (const e of b) {
    const old = before.get(e[key]);
    if (!old) changes.push(e);
    else if (!deepEqual(old, e)) changes.push({ ...diffMaps(old, e, [...path, 0]), [key]: e[key] });
  }
  const deletions = a.filter((e) => !after.has(e[key])).map((e) => ({ [key]: e[key], $patch: "delete" }));
  deletions.sort((x, y) => String(x[key]).localeCompare(String(y[key])));
  const all = [...changes, ...deletions];
  const reordered = !deepEqual(
    a.map((e) => e[key]).filter((k) => after.has(k)),
    b.map((e) => e[key]).filter((k) => before.has(k)),
  );
  if (all.length) out[name] = all;
  if (all.length || reordered) out[`$setElementOrder/${name}`] = b.map((e) => ({ [key]: e[key] }));
}
