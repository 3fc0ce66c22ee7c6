// Server-side apply body holding only the fields an edit changed.
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json";
import { canMergeByKey, isServerOwned, mergeKeyFor } from "./merge-keys";
import { formatPath, type Path } from "./paths";

export interface ApplyBody {
  body: JsonObject;
  /** Readable paths of removals a first apply cannot express (apply removes only fields it owned). */
  dropped: string[];
}

/**
 * Apply configuration (`application/apply-patch+yaml`) with apiVersion, kind, name, namespace and
 * only the changed fields of `edited`. For custom resources every list is atomic (the CloneSet
 * CRD leaves spec.template schemaless), so a changed list is sent whole and becomes owned by the
 * manager; for built-ins (`keyedLists`) a keyed list sends only the changed elements with their
 * key. Removals cannot be expressed by a manager that never applied the field and are reported
 * in `dropped`. Upstream: docs/kruise-rules.md §11.9; apimachinery pkg/util/managedfields.
 */
export function buildApplyBody(
  original: JsonObject,
  edited: JsonObject,
  opts: { keyedLists?: boolean } = {},
): ApplyBody {
  const meta = isObject(edited.metadata) ? edited.metadata : {};
  const ident: JsonObject = { name: meta.name ?? null };
  if (meta.namespace !== undefined) ident.namespace = meta.namespace;
  const dropped: string[] = [];
  const changed = diff(original, edited, [], opts.keyedLists ?? false, dropped);
  const metadata = { ...(isObject(changed.metadata) ? changed.metadata : {}), ...ident };
  const body: JsonObject = { apiVersion: edited.apiVersion ?? null, kind: edited.kind ?? null, metadata, ...changed };
  body.metadata = metadata;
  return { body, dropped };
}

function diff(a: JsonObject, b: JsonObject, path: Path, keyed: boolean, dropped: string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, bv] of Object.entries(b)) {
    const p = [...path, k];
    const av = a[k];
    if (isServerOwned(p) || deepEqual(av, bv)) continue;
    if (isObject(av) && isObject(bv)) {
      const sub = diff(av, bv, p, keyed, dropped);
      if (Object.keys(sub).length) out[k] = sub;
    } else if (keyed && Array.isArray(av) && Array.isArray(bv)) out[k] = keyedList(av, bv, p, dropped);
    else out[k] = bv;
  }
  for (const k of Object.keys(a)) {
    if (!(k in b) && !isServerOwned([...path, k])) dropped.push(formatPath([...path, k]));
  }
  return out;
}

function keyedList(a: JsonValue[], b: JsonValue[], path: Path, dropped: string[]): JsonValue {
  const key = mergeKeyFor(path);
  if (!key || !canMergeByKey(a, key) || !canMergeByKey(b, key)) return b;
  const before = new Map((a as JsonObject[]).map((e) => [e[key], e]));
  const out: JsonValue[] = [];
  for (const e of b as JsonObject[]) {
    const old = before.get(e[key]);
    if (!old) out.push(e);
    else if (!deepEqual(old, e))
      out.push({
        [key]: e[key],
        ...diff(old, e, [...path, { mergeKey: key, value: e[key] as string }], true, dropped),
      });
  }
  const kept = new Set((b as JsonObject[]).map((e) => e[key]));
  for (const k of before.keys())
    if (!kept.has(k)) dropped.push(formatPath([...path, { mergeKey: key, value: k as string }]));
  return out;
}
