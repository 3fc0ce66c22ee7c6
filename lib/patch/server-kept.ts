// What the server did with an edit: the fields the patch changed, compared with the object the
// server answered. Mutating admission (Kruise's CloneSet webhook defaults `updateStrategy.partition`
// to 0: openkruise/kruise v1.6.2 `apis/apps/defaults/v1alpha1.go` SetDefaultsCloneSet) and API
// defaulting (kubernetes `pkg/apis/core/v1/defaults.go`) run after the patch is applied, so removing
// a defaulted field is accepted and silently put back. When nothing else changed the apiserver skips
// the write and the resourceVersion stays the same (staging `apiserver/pkg/registry/generic/registry/store.go`).
import type { KeptField } from "../k8s/wire";
import { diffObjects } from "./diff";
import { deepEqual, isObject, type JsonObject, type JsonValue } from "./json";
import { getAt } from "./paths";

export type { KeptField };

/**
 * The fields changed from `before` to `asked` (the object the patch asks for) that `stored` does not
 * hold as asked. A value the server completed with defaults (a container added with only name and
 * image comes back with imagePullPolicy…) still counts as stored: every asked key is there.
 * Status and server-set metadata are not compared (they are never part of an edit).
 */
export function serverKept(before: JsonObject, asked: JsonObject, stored: JsonObject): KeptField[] {
  const out: KeptField[] = [];
  for (const change of diffObjects(before, asked)) {
    const value = getAt(stored, change.path);
    if (change.after === undefined ? value === undefined : covers(change.after, value)) continue;
    out.push({
      field: change.field,
      how: deepEqual(value, change.before) ? "kept" : "replaced",
      ...(change.after !== undefined ? { asked: change.after } : {}),
      ...(value !== undefined ? { stored: value } : {}),
      ...(change.before !== undefined ? { before: change.before } : {}),
    });
  }
  return out;
}

/** `stored` holds everything `asked` says (objects may carry more keys: defaults). */
function covers(asked: JsonValue, stored: JsonValue | undefined): boolean {
  if (isObject(asked)) return isObject(stored) && Object.keys(asked).every((k) => covers(asked[k], stored[k]));
  if (Array.isArray(asked))
    return Array.isArray(stored) && stored.length === asked.length && asked.every((x, i) => covers(x, stored[i]));
  return deepEqual(asked, stored);
}

const show = (v: JsonValue | undefined) => (v === undefined ? "(absent)" : JSON.stringify(v));

/** One line per field, e.g. `the server kept spec.updateStrategy.partition: 0 — a webhook or default sets it`. */
export function describeKept(k: KeptField): string {
  const wanted = k.asked === undefined ? "you removed it" : `you asked ${show(k.asked)}`;
  if (k.stored === undefined) return `the server dropped ${k.field} (${wanted}) — the schema or a webhook removes it`;
  if (k.how === "kept")
    return `the server kept ${k.field}: ${show(k.stored)} (${wanted}) — a webhook or default sets it`;
  return `the server stored ${k.field}: ${show(k.stored)} (${wanted}) — a webhook or default changed it`;
}
