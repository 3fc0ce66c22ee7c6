/**
 * metadata.managedFields bookkeeping and server-side apply, following structured-merge-diff's
 * merge/update.go (Updater.Update / Updater.Apply) as wired by apiserver's fieldmanager
 * (k8s.io/apiserver/pkg/endpoints/handlers/fieldmanager, conflict.go for the 409 wording; docs/kruise-rules.md §11.9).
 */
import { errors, type GroupKind, type GroupResource, type StatusCause } from "../status";
import { clone, deepEqual, isObject, type Json, type JsonObject } from "./json";
import { decodeSet, encodeFrom, type Encoded } from "./fieldsv1-cache";
import { dec, difference, intersection, leading, pathString, union, type FieldSet } from "./fieldpath";
import { compare, fieldsOf, mergeForApply, removePath, type Shape } from "./field-walk";

export interface Writer {
  manager: string;
  apiVersion: string;
  time: string;
  subresource?: string;
}
interface Manager {
  manager: string;
  operation: "Apply" | "Update";
  apiVersion: string;
  time?: string;
  subresource?: string;
  set: FieldSet;
  /** the stored FieldsV1, reused while the set is unchanged (re-encoding every entry on every write is costly) */
  encoded?: Json;
  /** when the set changed: the encoding it had, to derive the new one from */
  previous?: Encoded;
  /** the stored entry this manager was read from */
  entry?: JsonObject;
}

/** Fields the field manager never tracks (fieldmanager stripMeta; status is reset on main-resource writes). */
const strippedMeta = [
  "name",
  "namespace",
  "creationTimestamp",
  "selfLink",
  "uid",
  "clusterName",
  "generation",
  "managedFields",
  "resourceVersion",
];

function shapeOf(apiVersion: string): Shape {
  const group = apiVersion.includes("/") ? apiVersion.split("/")[0] : "";
  return { builtin: group === "" || !group.includes(".") || group.endsWith(".k8s.io") };
}

const strippedMetaKeys = new Set(strippedMeta.map((f) => `f:${f}`));

/** Whether the field manager tracks a member (its key read for its first two elements only). */
function keep(key: string, subresource: string | undefined, shape: Shape): boolean {
  const { top, second, length } = leading(key);
  if (top === "f:apiVersion" || top === "f:kind") return false;
  if (top === "f:metadata" && (length === 1 || strippedMetaKeys.has(second!))) return false;
  if (subresource === "status" ? top !== "f:status" : top === "f:status") return false;
  // built-in spec/status (and pod spec.containers, not omitempty) exist in Go's zero value: never added members
  if (shape.builtin && length === 1 && (top === "f:spec" || top === "f:status")) return false;
  if (shape.builtin && length === 2 && top === "f:spec" && second === "f:containers") return false;
  return true;
}

/** The tracked members of one or more sets, in one new set. */
function strip(subresource: string | undefined, shape: Shape, ...sets: FieldSet[]): FieldSet {
  const out: FieldSet = new Set();
  for (const set of sets) for (const k of set) if (keep(k, subresource, shape)) out.add(k);
  return out;
}

const identity = (m: { manager: string; operation: string; apiVersion: string; subresource?: string }) =>
  `${m.operation}\n${m.operation === "Apply" ? "" : m.apiVersion}\n${m.subresource ?? ""}\n${m.manager}`;

function decodeManagers(obj: object | undefined): Map<string, Manager> {
  const out = new Map<string, Manager>();
  const entries = isObject(obj) && isObject(obj.metadata) ? obj.metadata.managedFields : undefined;
  if (!Array.isArray(entries)) return out;
  for (const e of entries) {
    if (!isObject(e)) continue;
    const m: Manager = {
      manager: String(e.manager ?? ""),
      operation: e.operation === "Apply" ? "Apply" : "Update",
      apiVersion: String(e.apiVersion ?? ""),
      set: decodeSet(e.fieldsV1),
      encoded: e.fieldsV1,
      entry: e,
    };
    if (typeof e.time === "string") m.time = e.time;
    if (typeof e.subresource === "string" && e.subresource) m.subresource = e.subresource;
    out.set(identity(m), m);
  }
  return out;
}

/** Entries sorted as the apiserver encodes them: Apply before Update, then by time, manager, apiVersion. */
function encodeManagers(managers: Map<string, Manager>): Json[] {
  const list = [...managers.values()].filter((m) => m.set.size > 0);
  list.sort((p, q) =>
    p.operation !== q.operation
      ? p.operation < q.operation
        ? -1
        : 1
      : (p.time ?? "") !== (q.time ?? "")
        ? (p.time ?? "") < (q.time ?? "")
          ? -1
          : 1
        : p.manager !== q.manager
          ? p.manager < q.manager
            ? -1
            : 1
          : p.apiVersion < q.apiVersion
            ? -1
            : p.apiVersion > q.apiVersion
              ? 1
              : 0,
  );
  return list.map((m) => {
    const fieldsV1 = m.encoded ?? encodeFrom(m.set, m.previous);
    // An entry the write did not change is the stored one itself (its encoded text is reused with it).
    if (m.entry && isEntry(m.entry, m, fieldsV1)) return m.entry;
    const e: JsonObject = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion };
    if (m.time) e.time = m.time;
    e.fieldsType = "FieldsV1";
    e.fieldsV1 = fieldsV1;
    if (m.subresource) e.subresource = m.subresource;
    return e;
  });
}

/** Whether `e` is, member for member and in order, the entry encodeManagers would build for `m`. */
function isEntry(e: JsonObject, m: Manager, fieldsV1: Json): boolean {
  const keys = Object.keys(e);
  let i = 0;
  const next = (k: string, v: Json | undefined) => keys[i++] === k && e[k] === v;
  return (
    next("manager", m.manager) &&
    next("operation", m.operation) &&
    next("apiVersion", m.apiVersion) &&
    (!m.time || next("time", m.time)) &&
    next("fieldsType", "FieldsV1") &&
    next("fieldsV1", fieldsV1) &&
    (!m.subresource || next("subresource", m.subresource)) &&
    i === keys.length
  );
}

/** A copy of `obj` with the encoded entries; only metadata is copied, the rest is shared with `obj`. */
function withManagedFields(obj: Json, managers: Map<string, Manager>): object {
  const src = obj as JsonObject;
  const metadata: JsonObject = isObject(src.metadata) ? { ...src.metadata } : {};
  const entries = encodeManagers(managers);
  if (entries.length) metadata.managedFields = entries;
  else delete metadata.managedFields;
  return { ...src, metadata };
}

/** Removes fields from another manager's set, dropping its cached encoding only when something was removed. */
function disown(o: Manager, ...sets: FieldSet[]): void {
  if (!sets.some((s) => [...s].some((k) => o.set.has(k)))) return;
  let set = o.set;
  for (const s of sets) set = difference(set, s);
  if (set.size !== o.set.size) {
    o.previous ??= { encoded: o.encoded, set: o.set };
    o.set = set;
    o.encoded = undefined;
  }
}

/** Managed fields the write starts from: the new object's, if the client changed them explicitly, else the live ones. */
function startingManagers(prev: object | undefined, next: object): Map<string, Manager> {
  const pm = isObject(prev) && isObject(prev.metadata) ? prev.metadata.managedFields : undefined;
  const nm = isObject(next) && isObject(next.metadata) ? next.metadata.managedFields : undefined;
  // an empty list counts as unset, like a missing one (observed on 1.20: PUT with managedFields: [] keeps them)
  const explicit = Array.isArray(nm) && nm.length > 0 && !deepEqual(nm, pm);
  return decodeManagers(explicit ? next : prev);
}

/**
 * Records an Update-operation write (POST/PUT/non-apply PATCH): the writer owns what it added or changed,
 * other managers lose changed and removed fields (structured-merge-diff Updater.Update with force).
 */
export function recordUpdate(prev: object | undefined, next: object, m: Writer): object {
  const shape = shapeOf(m.apiVersion);
  const managers = startingManagers(prev, next);
  const cmp = compare(prev as Json | undefined, next as Json, shape, true);
  const changed = strip(m.subresource, shape, cmp.modified, cmp.added);
  const removed = strip(m.subresource, shape, cmp.removed);
  const id = identity({ ...m, operation: "Update" });
  for (const [key, other] of managers) if (key !== id) disown(other, changed, removed);
  const mine = managers.get(id);
  // Rewriting fields it already owns leaves the writer's set as it was: keep that set and its encoding.
  const sameSet = mine && [...changed].every((k) => mine.set.has(k)) && ![...removed].some((k) => mine.set.has(k));
  const set = sameSet ? mine.set : union(difference(mine?.set ?? new Set(), removed), changed);
  const time = set.size && (changed.size || removed.size || !mine) ? m.time : mine?.time;
  const unchanged = sameSet;
  managers.set(id, {
    manager: m.manager,
    operation: "Update",
    apiVersion: m.apiVersion,
    time,
    subresource: m.subresource,
    set,
    encoded: unchanged ? mine.encoded : undefined,
    previous: mine && !unchanged ? { encoded: mine.encoded, set: mine.set } : undefined,
  });
  return withManagedFields(next as Json, managers);
}

function checkApplied(applied: object): JsonObject {
  if (!isObject(applied)) throw errors.badRequest("error decoding YAML: the body must be an object");
  const body = applied as JsonObject;
  if (typeof body.kind !== "string" || !body.kind)
    throw errors.badRequest(`Object 'Kind' is missing in '${JSON.stringify(body)}'`);
  if (typeof body.apiVersion !== "string" || !body.apiVersion)
    throw errors.badRequest(`Object 'apiVersion' is missing in '${JSON.stringify(body)}'`);
  const meta = isObject(body.metadata) ? body.metadata : {};
  if (meta.managedFields !== undefined && meta.managedFields !== null)
    throw errors.badRequest("metadata.managedFields must be nil");
  if (typeof meta.name !== "string" || !meta.name)
    throw errors.badRequest("name is required for an apply patch (metadata.name)");
  return body;
}

/**
 * Server-side apply (structured-merge-diff Updater.Apply): merge the applied configuration into the live
 * object, make the applier own exactly what it sent, prune what it stopped sending (unless someone else owns
 * it), and refuse changes to fields owned by other managers with 409 FieldManagerConflict unless `force`.
 */
export function serverSideApply(
  live: object | undefined,
  applied: object,
  m: Writer & { force: boolean; gr: GroupResource; gk: GroupKind },
): object {
  const body = checkApplied(applied);
  const shape = shapeOf(m.apiVersion);
  const managers = decodeManagers(live);
  const id = identity({ ...m, operation: "Apply" });
  const lastSet = managers.get(id)?.set ?? new Set<string>();
  const config = clone(body);
  const configSet = strip(m.subresource, shape, fieldsOf(config, shape));
  const merged = mergeForApply(clone(live as Json | undefined), config, shape) as JsonObject;
  if (isObject(merged.metadata)) delete merged.metadata.managedFields;
  const others = [...managers].filter(([k]) => k !== id);
  for (const key of difference(lastSet, configSet)) {
    if (!others.some(([, o]) => o.set.has(key))) removePath(merged, dec(key), shape);
  }
  const cmp = compare(live as Json | undefined, merged, shape, true);
  const changed = strip(m.subresource, shape, cmp.modified, cmp.added);
  const conflicts = others.map(([, o]) => ({ o, set: intersection(o.set, changed) })).filter((c) => c.set.size > 0);
  if (conflicts.length && !m.force) throw conflictError(conflicts);
  const removed = strip(m.subresource, shape, cmp.removed);
  for (const [, o] of others) disown(o, changed, removed);
  managers.set(id, {
    manager: m.manager,
    operation: "Apply",
    apiVersion: m.apiVersion,
    time: m.time,
    subresource: m.subresource,
    set: configSet,
  });
  return withManagedFields(merged, managers);
}

/** conflict.go printManager: `"m"`, ` with subresource "s"`, and ` using <apiVersion>` for Update owners. */
function printManager(o: Manager): string {
  let s = JSON.stringify(o.manager);
  if (o.subresource) s += ` with subresource ${JSON.stringify(o.subresource)}`;
  return o.operation === "Update" ? `${s} using ${o.apiVersion}` : s;
}

function conflictError(conflicts: { o: Manager; set: FieldSet }[]) {
  const order = (o: Manager) =>
    JSON.stringify({
      manager: o.manager,
      operation: o.operation,
      apiVersion: o.operation === "Apply" ? "" : o.apiVersion,
      subresource: o.subresource ?? "",
    });
  const sorted = [...conflicts].sort((a, b) => (order(a.o) < order(b.o) ? -1 : 1));
  const byManager = sorted.map((c) => ({
    who: printManager(c.o),
    paths: [...c.set].map((k) => pathString(dec(k))).sort(),
  }));
  const causes: StatusCause[] = byManager.flatMap((c) =>
    c.paths.map((p) => ({ reason: "FieldManagerConflict", message: `conflict with ${c.who}`, field: p })),
  );
  const message =
    causes.length === 1
      ? `Apply failed with 1 conflict: conflict with ${byManager[0].who}: ${causes[0].field}`
      : `Apply failed with ${causes.length} conflicts: ${byManager.map((c) => [`conflicts with ${c.who}:`, ...c.paths.map((p) => `- ${p}`)].join("\n")).join("\n")}`;
  return errors.raw(409, message, "Conflict", { causes });
}
