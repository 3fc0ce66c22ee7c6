// Field writes guarded by JSON-patch `test` ops: fail on a concurrent spec change, never on status.
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json";
import type { JsonPatchOp } from "./json-patch";
import { toPointer } from "./paths";
import { CONTENT_TYPE, type PatchRequest } from "./request";

export interface FieldChange {
  /** Keys from the object root, e.g. ["spec", "updateStrategy", "partition"]. */
  path: string[];
  /** New value; `undefined` removes the field. */
  value: JsonValue | undefined;
}

export interface GuardOptions {
  /**
   * "spec" (default): also test metadata.generation, so any spec change since the page showed
   * the object fails the write. "field": test only the touched fields.
   */
  precondition?: "spec" | "field";
}

/**
 * JSON patch that sets `changes` on `base`'s live copy only if each touched field still has
 * its value in `base` (absent fields tested as null, which the API server's JSON patch accepts
 * for a missing key) and, with the "spec" precondition, only if metadata.generation is unchanged.
 * generation moves on spec changes only, never on status writes (CloneSet has the status
 * subresource, docs/kruise-rules.md §11.5), so a rollout's status churn never fails the write, while any
 * concurrent spec edit does (422, §11.6). Field tests come first so the server's message names the
 * field when that is what changed.
 */
export function guardedPatchOps(base: JsonObject, changes: FieldChange[], opts: GuardOptions = {}): JsonPatchOp[] {
  const tests: JsonPatchOp[] = [];
  const writes: JsonPatchOp[] = [];
  for (const c of changes) {
    const { existing, missing } = split(base, c.path);
    const testPath = missing.length ? [...existing, missing[0]] : existing;
    tests.push({
      op: "test",
      path: toPointer(testPath),
      value: missing.length ? null : (valueAt(base, existing) ?? null),
    });
    if (c.value === undefined) {
      if (!missing.length) writes.push({ op: "remove", path: toPointer(existing) });
    } else {
      writes.push({
        op: "add",
        path: toPointer(testPath),
        value: missing.length ? nest(missing.slice(1), c.value) : c.value,
      });
    }
  }
  const generation = isObject(base.metadata) ? base.metadata.generation : undefined;
  if ((opts.precondition ?? "spec") === "spec" && typeof generation === "number") {
    tests.push({ op: "test", path: "/metadata/generation", value: generation });
  }
  return [...tests, ...writes];
}

/** Wrap guarded ops into the exact request, with a note saying what it changes and when it fails. */
export function guardedRequest(
  base: JsonObject,
  changes: FieldChange[],
  summary: string,
  opts: GuardOptions = {},
): PatchRequest {
  const ops = guardedPatchOps(base, changes, opts);
  const spec = (opts.precondition ?? "spec") === "spec";
  const guard = spec ? "these fields or any other spec field changed" : "these fields changed";
  return {
    method: "PATCH",
    contentType: CONTENT_TYPE.jsonPatch,
    body: JSON.stringify(ops),
    note: `${summary}. Fails with 422 if ${guard} since the page showed them; status updates never matter.`,
  };
}

function split(obj: JsonObject, path: string[]): { existing: string[]; missing: string[] } {
  let cur: JsonValue = obj;
  for (let i = 0; i < path.length; i++) {
    if (!isObject(cur) || !Object.prototype.hasOwnProperty.call(cur, path[i]))
      return { existing: path.slice(0, i), missing: path.slice(i) };
    cur = cur[path[i]];
  }
  return { existing: path, missing: [] };
}

function valueAt(obj: JsonObject, path: string[]): JsonValue | undefined {
  let cur: JsonValue | undefined = obj;
  for (const k of path) cur = isObject(cur) ? cur[k] : undefined;
  return cur;
}

function nest(keys: string[], value: JsonValue): JsonValue {
  return keys.reduceRight<JsonValue>((v, k) => ({ [k]: v }), value);
}

/**
 * The `test` ops of a JSON patch body that fail against `latest`, with the value now there: after
 * a 422, re-read the object and call this to say what changed ("partition is now 2"). Needed
 * because kube-apiserver's 422 for a failed test carries no path (v1.20: message "the server
 * rejected our request due to an error in our request", empty details; checked against the real
 * server), so the server's answer alone cannot name the field.
 */
export function failedTests(
  body: string | readonly JsonPatchOp[],
  latest: JsonObject,
): { path: string; expected: JsonValue; actual: JsonValue | undefined }[] {
  const ops: readonly JsonPatchOp[] = typeof body === "string" ? (JSON.parse(body) as JsonPatchOp[]) : body;
  const out: { path: string; expected: JsonValue; actual: JsonValue | undefined }[] = [];
  for (const op of ops) {
    if (op.op !== "test") continue;
    const actual = atPointer(latest, op.path);
    if (!deepEqual(actual ?? null, op.value ?? null)) out.push({ path: op.path, expected: op.value ?? null, actual });
  }
  return out;
}

function atPointer(doc: JsonValue, pointer: string): JsonValue | undefined {
  let cur: JsonValue | undefined = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const k = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    cur = Array.isArray(cur) ? cur[Number(k)] : isObject(cur) ? cur[k] : undefined;
    if (cur === undefined) return undefined;
  }
  return cur;
}
