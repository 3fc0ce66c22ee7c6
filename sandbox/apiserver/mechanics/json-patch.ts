/**
 * RFC 6902 JSON patch, as kube-apiserver applies it (evanphx/json-patch via
 * apiserver pkg/endpoints/handlers/patch.go: decode error → 400, > 10000 ops → 413,
 * an op that cannot be applied → 422 "the server rejected our request due to an error in our request").
 *
 * Independent on purpose: the console builds these patches with its own code (lib/patch/json-patch.ts); this
 * copy is the oracle it is checked against (patch-oracle.test.ts runs both on the same fixtures). Do not
 * make either import the other.
 */
import { errors } from "../status";
import { clone, deepEqual, isObject, type Json } from "./json";
import { goJsonKind, parseJsonOr400 } from "./decode";

export const maxJsonPatchOperations = 10000;

interface Op {
  op?: unknown;
  path?: unknown;
  from?: unknown;
  value?: unknown;
}

class OpFailed extends Error {}

function decodeOps(body: string): Op[] {
  const ops = parseJsonOr400(body);
  if (!Array.isArray(ops))
    throw errors.badRequest(`json: cannot unmarshal ${goJsonKind(ops)} into Go value of type jsonpatch.Patch`);
  for (const op of ops) {
    if (!isObject(op))
      throw errors.badRequest(
        `json: cannot unmarshal ${goJsonKind(op)} into Go value of type map[string]*json.RawMessage`,
      );
  }
  return ops as Op[];
}

/** Splits an RFC 6901 pointer into unescaped tokens ("~1" → "/", "~0" → "~"). */
export function parsePointer(ptr: unknown): string[] {
  if (typeof ptr !== "string") throw new OpFailed("path is not a string");
  if (ptr === "") return [];
  if (!ptr.startsWith("/")) throw new OpFailed(`invalid path ${ptr}`);
  return ptr
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

type Container = Json[] | { [k: string]: Json };

function walk(doc: Json, tokens: string[]): Container {
  let cur: Json = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (isObject(cur) && t in cur) cur = cur[t];
    else throw new OpFailed(`doc is missing path: ${t}`);
  }
  if (!Array.isArray(cur) && !isObject(cur)) throw new OpFailed("parent is not a container");
  return cur;
}

function arrayIndex(arr: Json[], t: string, forInsert: boolean): number {
  if (forInsert && t === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(t)) throw new OpFailed(`invalid array index ${t}`);
  const i = Number(t);
  if (i > arr.length || (!forInsert && i === arr.length)) throw new OpFailed(`index out of bounds ${i}`);
  return i;
}

function get(doc: Json, tokens: string[]): Json {
  if (tokens.length === 0) return doc;
  const parent = walk(doc, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) return parent[arrayIndex(parent, last, false)];
  if (!(last in parent)) throw new OpFailed(`missing key ${last}`);
  return parent[last];
}

function add(doc: Json, tokens: string[], value: Json): Json {
  if (tokens.length === 0) return value;
  const parent = walk(doc, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, true), 0, value);
  else parent[last] = value;
  return doc;
}

function remove(doc: Json, tokens: string[]): Json {
  if (tokens.length === 0) throw new OpFailed("cannot remove the root");
  const parent = walk(doc, tokens.slice(0, -1));
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, last, false), 1);
  else if (last in parent) delete parent[last];
  else throw new OpFailed(`remove operation does not apply: doc is missing path`);
  return doc;
}

function applyOne(doc: Json, op: Op): Json {
  const path = parsePointer(op.path);
  switch (op.op) {
    case "add":
      return add(doc, path, clone(op.value as Json));
    case "remove":
      return remove(doc, path);
    case "replace":
      if (path.length === 0) return clone(op.value as Json);
      get(doc, path);
      return add(remove(doc, path), path, clone(op.value as Json));
    case "move": {
      const from = parsePointer(op.from);
      const v = get(doc, from);
      return add(remove(doc, from), path, v);
    }
    case "copy":
      return add(doc, path, clone(get(doc, parsePointer(op.from))));
    case "test": {
      let cur: Json | undefined;
      try {
        cur = get(doc, path);
      } catch {
        cur = undefined;
      }
      if (!deepEqual(cur ?? null, op.value ?? null)) throw new OpFailed("testing value failed");
      return doc;
    }
    default:
      throw new OpFailed(`Unexpected kind: ${String(op.op)}`);
  }
}

/** Applies a JSON patch body to `current`; never mutates `current`. */
export function applyJsonPatch(current: object, body: string): object {
  const ops = decodeOps(body);
  if (ops.length > maxJsonPatchOperations) {
    throw errors.tooLarge(
      `Request entity too large: The allowed maximum operations in a JSON patch is ${maxJsonPatchOperations}, got ${ops.length}`,
    );
  }
  let doc = clone(current) as Json;
  try {
    for (const op of ops) doc = applyOne(doc, op);
  } catch (e) {
    if (!(e instanceof OpFailed)) throw e;
    throw errors.raw(422, "the server rejected our request due to an error in our request", "Invalid", {});
  }
  return doc as object;
}
