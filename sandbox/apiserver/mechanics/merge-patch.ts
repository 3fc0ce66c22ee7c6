/**
 * RFC 7386 JSON merge patch (evanphx/json-patch MergePatch as used by apiserver
 * pkg/endpoints/handlers/patch.go): objects merge recursively, null deletes, arrays replace whole.
 * A body that is not a JSON object → 400 "Invalid JSON Patch" (jsonpatch.ErrBadJSONPatch).
 *
 * Independent on purpose: the console builds these patches with its own code (lib/patch/merge-patch.ts); this
 * copy is the oracle it is checked against (patch-oracle.test.ts runs both on the same fixtures). Do not
 * make either import the other.
 */
import { errors } from "../status";
import { clone, isObject, type Json, type JsonObject } from "./json";

/** Merges `patch` into `target` (RFC 7386 MergePatch algorithm). */
export function mergeValues(target: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return clone(patch);
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergeValues(out[k], v);
  }
  return out;
}

/** mergeValues for a patch parsed for this merge alone: its values are taken as they are, not copied. */
function mergeOwned(target: Json | undefined, patch: Json): Json {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergeOwned(out[k], v);
  }
  return out;
}

/** `current` is not changed; the result shares the parts the patch does not touch with it. */
export function applyMergePatch(current: object, body: string): object {
  let patch: unknown;
  try {
    patch = JSON.parse(body);
  } catch {
    throw errors.badRequest("Invalid JSON Patch");
  }
  if (!isObject(patch)) throw errors.badRequest("Invalid JSON Patch");
  return mergeOwned(current as Json, patch) as object;
}
