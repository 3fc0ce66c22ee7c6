// Three-way merge of a Kubernetes object: base (what the editor opened), mine (the
// edit) and theirs (the cluster now). Keyed lists merge element by element, other lists
// are atomic, server-owned fields always follow theirs.
import { clone, deepEqual, hasOwn, isObject, setOwn, type JsonObject, type JsonValue } from "./json";
import {
  assertWithinLimits,
  forbiddenKeyError,
  isForbiddenKey,
  PATCH_LIMITS,
  PatchInputError,
  type PatchLimits,
} from "./limits";
import { canMergeByKey, isServerOwned, mergeKeyFor } from "./merge-keys";
import { findKeyed, formatPath, isKeySegment, type KeySegment, type Path, type PathSegment } from "./paths";

type V = JsonValue | undefined;

/** One field changed differently by both sides; `undefined` means absent (deleted or never set). */
export interface Conflict {
  path: Path;
  /** Readable path, also the key for `resolveConflicts` choices. */
  field: string;
  base: V;
  mine: V;
  theirs: V;
}

export interface MergeResult {
  /** Merged object; conflicting fields hold theirs until resolved. */
  merged: JsonObject;
  conflicts: Conflict[];
}

export interface MergeOptions {
  /** Extra fields to treat like server-owned ones (always theirs, never a conflict). */
  ignore?: (path: Path) => boolean;
  /** Size bounds (default PATCH_LIMITS); the bench lifts them to time the algorithm itself. */
  limits?: PatchLimits;
}

interface Ctx {
  ignored: (path: Path) => boolean;
  conflicts: Conflict[];
  maxConflicts: number;
}

/**
 * Three-way merge like `kubectl apply`'s strategic three-way patch, but with the editor's base
 * as "last applied": a field changed only by one side takes that side's value, the same change
 * on both sides is no conflict, different changes are a conflict. Lists with a core/v1
 * patchMergeKey (containers by name, env by name, ports by containerPort, …) merge per element,
 * also inside a CloneSet's spec.template; other lists are atomic. status and server-set metadata
 * always come from theirs (docs/kruise-rules.md §11.5). Upstream analogue:
 * apimachinery pkg/util/strategicpatch/patch.go CreateThreeWayMergePatch.
 *
 * Bounded: inputs beyond PATCH_LIMITS (lib/patch/limits.ts) or holding a `__proto__`,
 * `constructor` or `prototype` key throw a PatchInputError (413/422) before any merging, and
 * keyed lists are ordered in linear time, so the work stays O(n log n) in the input's size.
 */
export function threeWayMerge(
  base: JsonObject,
  mine: JsonObject,
  theirs: JsonObject,
  opts: MergeOptions = {},
): MergeResult {
  const limits = opts.limits ?? PATCH_LIMITS;
  assertWithinLimits(base, "base", limits);
  assertWithinLimits(mine, "mine", limits);
  assertWithinLimits(theirs, "the object on the cluster", limits);
  const extra = opts.ignore;
  const ctx: Ctx = {
    ignored: (p) => isServerOwned(p) || (extra ? extra(p) : false),
    conflicts: [],
    maxConflicts: limits.maxConflicts,
  };
  const merged = mergeObjects(base, mine, theirs, [], ctx);
  return { merged, conflicts: ctx.conflicts };
}

// The root and `metadata` hold server-owned children, so they are always merged key by key.
function holdsServerOwned(path: Path): boolean {
  return path.length === 0 || (path.length === 1 && path[0] === "metadata");
}

function merge3(b: V, m: V, t: V, path: Path, ctx: Ctx): V {
  if (ctx.ignored(path)) return t;
  if (!holdsServerOwned(path)) {
    if (deepEqual(m, b)) return t;
    if (deepEqual(t, b) || deepEqual(m, t)) return m;
  }
  if (isObject(m) && isObject(t) && (isObject(b) || b === undefined)) return mergeObjects(b ?? {}, m, t, path, ctx);
  if (Array.isArray(m) && Array.isArray(t) && (Array.isArray(b) || b === undefined)) {
    const key = mergeKeyFor(path);
    const bl = b ?? [];
    if (key && canMergeByKey(m, key) && canMergeByKey(t, key) && canMergeByKey(bl, key)) {
      return mergeKeyed(bl, m, t, key, path, ctx);
    }
  }
  if (ctx.conflicts.length >= ctx.maxConflicts)
    throw new PatchInputError(
      413,
      `more than ${ctx.maxConflicts} fields conflict with the object on the cluster: reload it and make your edit again`,
    );
  ctx.conflicts.push({ path, field: formatPath(path), base: b, mine: m, theirs: t });
  return t;
}

function mergeObjects(b: JsonObject, m: JsonObject, t: JsonObject, path: Path, ctx: Ctx): JsonObject {
  const out: JsonObject = {};
  const keys = [...Object.keys(t), ...Object.keys(m).filter((k) => !hasOwn(t, k))];
  for (const k of keys) {
    const v = merge3(own(b, k), own(m, k), own(t, k), [...path, k], ctx);
    if (v !== undefined) setOwn(out, k, v);
  }
  return out;
}

function own(o: JsonObject, k: string): V {
  return hasOwn(o, k) ? o[k] : undefined;
}

type Keyed = Map<JsonValue, JsonObject>;

function index(list: readonly JsonValue[], key: string): Keyed {
  return new Map(list.map((e) => [(e as JsonObject)[key], e as JsonObject]));
}

function mergeKeyed(b: JsonValue[], m: JsonValue[], t: JsonValue[], key: string, path: Path, ctx: Ctx): JsonValue[] {
  const [bi, mi, ti] = [index(b, key), index(m, key), index(t, key)];
  const order = mergedOrder([...bi.keys()], [...mi.keys()], [...ti.keys()]);
  const out: JsonValue[] = [];
  for (const k of order) {
    const seg: KeySegment = { mergeKey: key, value: k as KeySegment["value"] };
    const v = merge3(bi.get(k), mi.get(k), ti.get(k), [...path, seg], ctx);
    if (v !== undefined) out.push(v);
  }
  return out;
}

// Theirs' order wins unless only mine reordered the shared elements; the other side's new
// elements follow their predecessor there. Keys are unique primitives (canMergeByKey), so sets
// and a successor map keep this linear in the list length.
function mergedOrder(b: JsonValue[], m: JsonValue[], t: JsonValue[]): JsonValue[] {
  const inB = new Set(b);
  const reordered = (xs: JsonValue[]) => {
    const kept = new Set(xs);
    const shared = xs.filter((x) => inB.has(x));
    const before = b.filter((x) => kept.has(x));
    return shared.some((x, i) => x !== before[i]);
  };
  const [primary, other] = reordered(m) && !reordered(t) ? [m, t] : [t, m];
  const inPrimary = new Set(primary);
  // A new element of `other` goes right after its predecessor in `other` (which is by then in the
  // output, old or new), or first when it has none.
  const after = new Map<JsonValue, JsonValue>();
  let head: JsonValue | undefined;
  other.forEach((k, i) => {
    if (inPrimary.has(k)) return;
    if (i === 0) head = k;
    else after.set(other[i - 1], k);
  });
  const out: JsonValue[] = [];
  const emitChain = (from: JsonValue) => {
    for (let n = after.get(from); n !== undefined; n = after.get(n)) out.push(n);
  };
  if (head !== undefined) {
    out.push(head);
    emitChain(head);
  }
  for (const k of primary) {
    out.push(k);
    emitChain(k);
  }
  return out;
}

export type Choice = "mine" | "theirs" | "base";

/**
 * Apply per-field choices (keyed by `Conflict.field`) to a merge result. Conflicts without a
 * choice are returned as `unresolved`; nothing is guessed. Choosing an absent value deletes the
 * field (or list element); choosing a value whose list element is gone re-adds the element.
 */
export function resolveConflicts(
  result: MergeResult,
  choices: Record<string, Choice>,
): { merged: JsonObject; unresolved: Conflict[] } {
  assertSafeChoices(choices);
  const merged = clone(result.merged);
  const unresolved: Conflict[] = [];
  for (const c of result.conflicts) {
    const choice = hasOwn(choices, c.field) ? choices[c.field] : undefined;
    if (choice !== "mine" && choice !== "theirs" && choice !== "base") unresolved.push(c);
    else setAt(merged, c.path, clone(c[choice]));
  }
  return { merged, unresolved };
}

// A choice names a field path; a key segment (after the start, `.` or `[`, not a `name=value`
// element) must not reach a prototype.
const FORBIDDEN_SEGMENT = /(?:^|[.[])(__proto__|constructor|prototype)(?=$|[.[\]])/;

/** Throws a 422 PatchInputError when a choice's field path has a `__proto__`/`constructor`/`prototype` key. */
export function assertSafeChoices(choices: Record<string, Choice>): void {
  for (const field of Object.keys(choices)) {
    const m = FORBIDDEN_SEGMENT.exec(field);
    if (m) throw forbiddenKeyError(m[1], `conflict choice ${JSON.stringify(field.slice(0, 200))}`);
  }
}

function setAt(root: JsonObject, path: Path, value: V): void {
  for (const seg of path) if (isForbiddenKey(seg)) throw forbiddenKeyError(seg as string, formatPath(path));
  let cur: JsonValue = root;
  for (let i = 0; i < path.length - 1; i++) {
    const next = step(cur, path[i]);
    if (next === undefined) return;
    cur = next;
  }
  const last = path[path.length - 1];
  if (isKeySegment(last) && Array.isArray(cur)) {
    const i = findKeyed(cur, last);
    if (value === undefined) {
      if (i >= 0) cur.splice(i, 1);
    } else if (i >= 0) cur[i] = value;
    else cur.push(value);
  } else if (typeof last === "string" && isObject(cur)) {
    if (value === undefined) delete cur[last];
    else setOwn(cur, last, value);
  } else if (typeof last === "number" && Array.isArray(cur)) {
    if (value === undefined) cur.splice(last, 1);
    else cur[last] = value;
  }
}

function step(cur: JsonValue, seg: PathSegment): JsonValue | undefined {
  if (isKeySegment(seg)) return Array.isArray(cur) ? cur[findKeyed(cur, seg)] : undefined;
  if (typeof seg === "number") return Array.isArray(cur) ? cur[seg] : undefined;
  if (!isObject(cur)) return undefined;
  if (!hasOwn(cur, seg)) setOwn(cur, seg, {});
  return cur[seg];
}
