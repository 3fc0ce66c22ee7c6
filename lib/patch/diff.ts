// Field-level differences between two objects, for "their change" banners and revision diffs.
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json";
import { canMergeByKey, isServerOwned, mergeKeyFor } from "./merge-keys";
import { formatPath, type Path } from "./paths";

export interface FieldDiff {
  path: Path;
  /** Readable path, e.g. `spec.template.spec.containers[name=app].image`. */
  field: string;
  /** `undefined` = absent before (added). */
  before: JsonValue | undefined;
  /** `undefined` = absent after (removed). */
  after: JsonValue | undefined;
}

export interface DiffOptions {
  /** Skip status and server-set metadata (default true): their churn is not a change anyone made. */
  ignoreServerOwned?: boolean;
}

/**
 * Leaf-level changes from `before` to `after`. Keyed lists (containers by name, env by name, …;
 * core/v1 patchMergeKey) are compared element by element whatever their order; other lists are
 * compared by index when their length is unchanged, otherwise reported whole.
 */
export function diffObjects(before: JsonObject, after: JsonObject, opts: DiffOptions = {}): FieldDiff[] {
  const out: FieldDiff[] = [];
  walk(before, after, [], out, opts.ignoreServerOwned ?? true);
  return out;
}

function walk(a: JsonValue | undefined, b: JsonValue | undefined, path: Path, out: FieldDiff[], skip: boolean): void {
  if (skip && isServerOwned(path)) return;
  if (deepEqual(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) walk(a[k], b[k], [...path, k], out, skip);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const key = mergeKeyFor(path);
    if (key && canMergeByKey(a, key) && canMergeByKey(b, key))
      return walkKeyed(a as JsonObject[], b as JsonObject[], key, path, out, skip);
    if (a.length === b.length) return a.forEach((x, i) => walk(x, b[i], [...path, i], out, skip));
  }
  out.push({ path, field: formatPath(path), before: a, after: b });
}

function walkKeyed(a: JsonObject[], b: JsonObject[], key: string, path: Path, out: FieldDiff[], skip: boolean): void {
  const before = new Map(a.map((e) => [e[key], e]));
  const after = new Map(b.map((e) => [e[key], e]));
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  for (const k of keys) {
    const seg = { mergeKey: key, value: k as string | number | boolean | null };
    const x = before.get(k);
    const y = after.get(k);
    if (x && y) walk(x, y, [...path, seg], out, skip);
    else if (!deepEqual(x, y))
      out.push({ path: [...path, seg], field: formatPath([...path, seg]), before: x, after: y });
  }
}
