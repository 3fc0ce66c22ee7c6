// RFC 7386 JSON merge patch, the patch `kubectl edit` sends for custom resources.
// The sandbox applies the same RFC with its own code (sandbox/apiserver/mechanics/merge-patch.ts), kept
// independent on purpose as an oracle: sandbox/apiserver/mechanics/patch-oracle.test.ts runs both on the
// same fixtures and requires the same results. Do not make either import the other.
import { deepEqual, hasOwn, isObject, setOwn, sortKeys, type JsonObject, type JsonValue } from "./json";

/**
 * Two-way JSON merge patch from `original` to `modified`: changed keys carry the new value,
 * removed keys carry `null`, arrays are replaced whole (RFC 7386). Keys are sorted like Go's
 * encoding/json so the body matches kubectl's byte for byte. kubectl edit uses exactly this for
 * CRs: kubectl pkg/cmd/util/editor/editoptions.go → evanphx/json-patch CreateMergePatch.
 * Risk: no precondition (last writer wins) and a list is sent whole, so a concurrent change to
 * another element of the same list is lost.
 */
export function createMergePatch(original: JsonObject, modified: JsonObject): JsonObject {
  return sortKeys(diffMaps(original, modified));
}

function diffMaps(a: JsonObject, b: JsonObject): JsonObject {
  const out: JsonObject = {};
  for (const [k, bv] of Object.entries(b)) {
    const av = Object.prototype.hasOwnProperty.call(a, k) ? a[k] : undefined;
    if (av !== undefined && deepEqual(av, bv)) continue;
    if (isObject(av) && isObject(bv)) {
      const sub = diffMaps(av, bv);
      if (Object.keys(sub).length > 0) setOwn(out, k, sub);
    } else setOwn(out, k, bv);
  }
  for (const k of Object.keys(a)) if (!hasOwn(b, k)) setOwn(out, k, null);
  return out;
}

/** Apply a merge patch (RFC 7386 MergePatch): null deletes, objects merge, everything else replaces. */
export function applyMergePatch(target: JsonValue | undefined, patch: JsonValue): JsonValue {
  if (!isObject(patch)) return patch;
  const out: JsonObject = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else setOwn(out, k, applyMergePatch(hasOwn(out, k) ? out[k] : undefined, v));
  }
  return out;
}
