/**
 * Strategic merge patch for built-in kinds (apimachinery pkg/util/strategicpatch/patch.go), driven by the
 * patchStrategy/patchMergeKey tags of k8s.io/api core/v1 and meta/v1 types. Lists without a tag are replaced
 * whole (e.g. tolerations, containerStatuses, args). Directives: $patch (replace|delete|merge),
 * $retainKeys, $deleteFromPrimitiveList/<f>, $setElementOrder/<f>.
 */
import { errors } from "../status";
import { deepEqual, isObject, type Json, type JsonObject } from "./json";
import { goJsonKind, parseJsonOr400 } from "./decode";

/** Field name → merge key for lists of maps tagged `patchStrategy:"merge"` in core/v1 and meta/v1. */
export const mergeKeys: Record<string, string> = {
  containers: "name",
  initContainers: "name",
  ephemeralContainers: "name",
  env: "name",
  ports: "containerPort",
  volumes: "name",
  volumeMounts: "mountPath",
  volumeDevices: "devicePath",
  conditions: "type",
  imagePullSecrets: "name",
  ownerReferences: "uid",
  hostAliases: "ip",
  topologySpreadConstraints: "topologyKey",
  podIPs: "ip",
  hostIPs: "ip",
  addresses: "type",
};
/** Primitive lists tagged `patchStrategy:"merge"`: merged as sets. */
export const mergeSets = new Set(["finalizers"]);

const DEL_PRIM = "$deleteFromPrimitiveList/";
const ORDER = "$setElementOrder/";

function patchDirective(o: JsonObject): string | undefined {
  const d = o["$patch"];
  return typeof d === "string" ? d : undefined;
}

function withoutDirectives(o: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) if (!k.startsWith("$")) out[k] = v;
  return out;
}

/** Strategic merge of a patch map into an original map. Returns undefined when the map is deleted. */
export function mergeMap(original: JsonObject, patch: JsonObject): JsonObject | undefined {
  const directive = patchDirective(patch);
  if (directive === "delete") return undefined;
  if (directive === "replace") return stripNulls(withoutDirectives(patch));
  if (directive !== undefined && directive !== "merge") {
    throw errors.badRequest(`Unknown patch type: ${directive} in map: ${JSON.stringify(patch)}`);
  }
  const out: JsonObject = { ...original };
  const retain = patch["$retainKeys"];
  if (Array.isArray(retain)) for (const k of Object.keys(out)) if (!retain.includes(k)) delete out[k];
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith(DEL_PRIM)) {
      const f = k.slice(DEL_PRIM.length);
      if (Array.isArray(out[f]) && Array.isArray(v))
        out[f] = (out[f] as Json[]).filter((x) => !v.some((d) => deepEqual(d, x)));
      continue;
    }
    if (k.startsWith("$")) continue;
    if (v === null) {
      delete out[k];
      continue;
    }
    const merged = mergeField(k, out[k], v);
    if (merged === undefined) delete out[k];
    else out[k] = merged;
  }
  for (const [k, v] of Object.entries(patch)) {
    if (k.startsWith(ORDER) && Array.isArray(v)) {
      const f = k.slice(ORDER.length);
      const before = Array.isArray(original[f]) ? (original[f] as Json[]) : [];
      if (Array.isArray(out[f])) out[f] = normalizeOrder(out[f] as Json[], v, before, mergeKeys[f]);
    }
  }
  return out;
}

function mergeField(name: string, orig: Json | undefined, patch: Json): Json | undefined {
  if (isObject(patch)) return isObject(orig) ? mergeMap(orig, patch) : mergeMap({}, patch);
  if (Array.isArray(patch)) {
    const before = Array.isArray(orig) ? orig : [];
    if (mergeKeys[name])
      return replaces(patch)
        ? mergeKeyedList(before, patch, mergeKeys[name])
        : normalizeOrder(mergeKeyedList(before, patch, mergeKeys[name]), patch, before, mergeKeys[name]);
    if (mergeSets.has(name))
      return replaces(patch)
        ? mergeSet(before, patch)
        : normalizeOrder(mergeSet(before, patch), patch, before, undefined);
    return patch; // the patch was parsed for this write and is not used again: its lists are taken as they are
  }
  return patch;
}

const replaces = (patch: Json[]) => patch.some((p) => isObject(p) && patchDirective(p) === "replace");

function mergeSet(orig: Json[], patch: Json[]): Json[] {
  if (patch.some((p) => isObject(p) && patchDirective(p) === "replace")) return patch.filter((p) => !isObject(p));
  const out = [...orig];
  for (const p of patch) if (!out.some((o) => deepEqual(o, p))) out.push(p);
  return out;
}

function mergeKeyedList(orig: Json[], patch: Json[], key: string): Json[] {
  if (patch.some((p) => isObject(p) && patchDirective(p) === "replace")) {
    return patch
      .filter((p) => !(isObject(p) && patchDirective(p) === "replace"))
      .map((p) => (isObject(p) ? stripNulls(withoutDirectives(p)) : p));
  }
  const out: Json[] = [...orig]; // mergeMap never changes the items it merges into
  for (const p of patch) {
    if (!isObject(p))
      throw errors.badRequest(`json: cannot unmarshal ${goJsonKind(p)} into Go value of type map[string]interface {}`);
    // kube-apiserver answers this strategicpatch error as a bare 500 (observed on 1.20)
    if (!(key in p)) throw errors.raw(500, `map: ${goMap(p)} does not contain declared merge key: ${key}`);
    const i = out.findIndex((o) => isObject(o) && deepEqual(o[key], p[key]));
    if (patchDirective(p) === "delete") {
      if (i >= 0) out.splice(i, 1);
      continue;
    }
    if (i >= 0) {
      const merged = mergeMap(out[i] as JsonObject, p);
      if (merged === undefined) out.splice(i, 1);
      else out[i] = merged;
    } else {
      out.push(stripNulls(withoutDirectives(p)));
    }
  }
  return out;
}

/**
 * strategicpatch normalizeElementOrder + mergeSortedSlice: items named by `order` (the patch list, or a
 * $setElementOrder list) in that order, merged with the server-only items, which keep their server order and go
 * first only when both sides are known to the server and the server item comes earlier. So new items lead.
 */
function normalizeOrder(merged: Json[], order: Json[], server: Json[], key: string | undefined): Json[] {
  const id = (x: Json) => (key && isObject(x) ? x[key] : x);
  const indexIn = indexer(id);
  const named = merged.filter((x) => indexIn(order, x) >= 0).sort((a, b) => indexIn(order, a) - indexIn(order, b));
  const serverOnly = merged
    .filter((x) => indexIn(order, x) < 0)
    .sort((a, b) => indexIn(server, a) - indexIn(server, b));
  const out: Json[] = [];
  let i = 0,
    j = 0;
  while (i < serverOnly.length || j < named.length) {
    if (j >= named.length) {
      out.push(serverOnly[i++]);
      continue;
    }
    if (i >= serverOnly.length) {
      out.push(named[j++]);
      continue;
    }
    const li = indexIn(server, serverOnly[i]),
      ri = indexIn(server, named[j]);
    if (li >= 0 && ri >= 0 && li < ri) out.push(serverOnly[i++]);
    else out.push(named[j++]);
  }
  return out;
}

/**
 * `indexIn(list, x)`: the first index in `list` of an item whose id equals x's (deepEqual), -1 if none. Lists
 * whose ids are all scalars (merge keys are names, ports, types) are indexed once in a Map instead of being
 * searched with deepEqual for every lookup.
 */
function indexer(id: (x: Json) => Json | undefined): (list: Json[], x: Json) => number {
  const maps = new Map<Json[], Map<unknown, number> | null>();
  const scalar = (v: unknown) => v === null || (typeof v !== "object" && v !== undefined);
  return (list, x) => {
    let m = maps.get(list);
    if (m === undefined) {
      m = new Map();
      for (let i = 0; i < list.length && m; i++) {
        const v = id(list[i]);
        if (!scalar(v)) m = null;
        else if (!m.has(v)) m.set(v, i);
      }
      maps.set(list, m);
    }
    const v = id(x);
    if (m) return scalar(v) ? (m.get(v) ?? -1) : list.findIndex((o) => deepEqual(id(o), v));
    return list.findIndex((o) => deepEqual(id(o), v));
  };
}

/** Go's %v of a map[string]interface{} (keys sorted): map[a:1 b:map[c:x]]. */
function goMap(v: Json): string {
  if (isObject(v))
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${goMap(v[k])}`)
      .join(" ")}]`;
  if (Array.isArray(v)) return `[${v.map(goMap).join(" ")}]`;
  return v === null ? "<nil>" : String(v);
}

function stripNulls(o: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === null) continue;
    out[k] = isObject(v) ? stripNulls(withoutDirectives(v)) : v;
  }
  return out;
}

/**
 * Applies a strategic merge patch body to a built-in object. `current` is not changed; the result shares the
 * parts the patch does not touch with it (callers that change the result in place must pass a copy).
 */
export function applyStrategicPatch(current: object, body: string): object {
  const patch = parseJsonOr400(body);
  if (!isObject(patch))
    throw errors.badRequest(
      `json: cannot unmarshal ${goJsonKind(patch)} into Go value of type map[string]interface {}`,
    );
  return mergeMap(current as JsonObject, patch) ?? {};
}
