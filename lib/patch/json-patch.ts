// RFC 6902 JSON patch from one object to another, optionally guarded by `test` ops so the
// server rejects it (422) if a touched field changed after the patch was computed.
// The sandbox applies the same RFC with its own code (sandbox/apiserver/mechanics/json-patch.ts), kept
// independent on purpose as an oracle: sandbox/apiserver/mechanics/patch-oracle.test.ts runs both on the
// same fixtures and requires the same results. Do not make either import the other.
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json";
import { canMergeByKey, isServerOwned, mergeKeyFor } from "./merge-keys";
import { toPointer } from "./paths";

export interface JsonPatchOp {
  op: "add" | "remove" | "replace" | "test";
  path: string;
  value?: JsonValue;
}

export interface JsonPatchOptions {
  /** Emit a `test` before every change, with the value as seen in `from` (default true). */
  tests?: boolean;
  /** Skip server-owned fields (status, resourceVersion, managedFields, …); default true. */
  skipServerOwned?: boolean;
}

type Seg = string | number;
interface Ctx {
  ops: JsonPatchOp[];
  tests: boolean;
  skip: boolean;
}

/**
 * JSON patch turning `from` into `to`. With tests, each touched field is first tested against
 * its value in `from`; an absent key is tested as `null`, which the API server's JSON patch
 * (evanphx/json-patch, used by apiserver pkg/endpoints/handlers/patch.go) accepts for a missing
 * key whose parent exists. Keyed lists (containers by name, …) are patched per element behind a
 * `test` of the element's key, so an index never silently points at another container; atomic
 * or restructured lists are tested and replaced whole. A failing test → 422 (docs/kruise-rules.md §11.6).
 */
export function createJsonPatch(from: JsonObject, to: JsonObject, opts: JsonPatchOptions = {}): JsonPatchOp[] {
  const ctx: Ctx = { ops: [], tests: opts.tests ?? true, skip: opts.skipServerOwned ?? true };
  diffObject(from, to, [], ctx);
  return ctx.ops;
}

function test(ctx: Ctx, path: Seg[], value: JsonValue | undefined): void {
  if (ctx.tests) ctx.ops.push({ op: "test", path: toPointer(path), value: value === undefined ? null : value });
}

function diffValue(a: JsonValue, b: JsonValue, path: Seg[], ctx: Ctx): void {
  if (deepEqual(a, b)) return;
  if (isObject(a) && isObject(b)) return diffObject(a, b, path, ctx);
  if (Array.isArray(a) && Array.isArray(b) && diffKeyedList(a, b, path, ctx)) return;
  test(ctx, path, a);
  ctx.ops.push({ op: "replace", path: toPointer(path), value: b });
}

function diffObject(a: JsonObject, b: JsonObject, path: Seg[], ctx: Ctx): void {
  for (const k of Object.keys(a)) {
    const p = [...path, k];
    if (ctx.skip && isServerOwned(p)) continue;
    if (!Object.prototype.hasOwnProperty.call(b, k)) {
      test(ctx, p, a[k]);
      ctx.ops.push({ op: "remove", path: toPointer(p) });
    } else diffValue(a[k], b[k], p, ctx);
  }
  for (const k of Object.keys(b)) {
    const p = [...path, k];
    if (Object.prototype.hasOwnProperty.call(a, k) || (ctx.skip && isServerOwned(p))) continue;
    test(ctx, p, undefined);
    ctx.ops.push({ op: "add", path: toPointer(p), value: b[k] });
  }
}

// Element-wise patch when both lists are keyed and hold the same keys in the same order.
function diffKeyedList(a: JsonValue[], b: JsonValue[], path: Seg[], ctx: Ctx): boolean {
  const key = mergeKeyFor(path);
  if (!key || a.length !== b.length || !canMergeByKey(a, key) || !canMergeByKey(b, key)) return false;
  const sameKeys = a.every((e, i) => (e as JsonObject)[key] === (b[i] as JsonObject)[key]);
  if (!sameKeys) return false;
  a.forEach((e, i) => {
    if (deepEqual(e, b[i])) return;
    test(ctx, [...path, i, key], (e as JsonObject)[key]);
    diffValue(e, b[i], [...path, i], ctx);
  });
  return true;
}

/** Apply a JSON patch locally (same semantics as the server for the ops we emit); throws on a failed test. */
export function applyJsonPatch(doc: JsonObject, ops: readonly JsonPatchOp[]): JsonObject {
  let root: JsonValue = JSON.parse(JSON.stringify(doc));
  for (const op of ops) root = applyOp(root, op);
  return root as JsonObject;
}

function parsePointer(p: string): string[] {
  return p
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function applyOp(root: JsonValue, op: JsonPatchOp): JsonValue {
  const segs = parsePointer(op.path);
  const last = segs.pop();
  let parent: JsonValue = root;
  for (const s of segs) {
    const next: JsonValue | undefined = Array.isArray(parent)
      ? parent[Number(s)]
      : isObject(parent)
        ? parent[s]
        : undefined;
    if (next === undefined) throw new Error(`${op.op} operation does not apply: is missing path: ${op.path}`);
    parent = next;
  }
  if (last === undefined) return op.value ?? null;
  const cur = Array.isArray(parent) ? parent[Number(last)] : isObject(parent) ? parent[last] : undefined;
  if (op.op === "test") {
    if (!deepEqual(cur ?? null, op.value ?? null)) throw new Error(`testing value ${op.path} failed`);
  } else if (op.op === "remove") {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (isObject(parent)) delete parent[last];
  } else if (Array.isArray(parent)) {
    const i = last === "-" ? parent.length : Number(last);
    if (op.op === "add") parent.splice(i, 0, op.value ?? null);
    else parent[i] = op.value ?? null;
  } else if (isObject(parent)) parent[last] = op.value ?? null;
  return root;
}
