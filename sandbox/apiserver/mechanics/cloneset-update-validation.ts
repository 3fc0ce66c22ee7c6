/**
 * Kruise's validating webhook for CloneSet updates (pkg/webhook/cloneset/validating/validation.go
 * ValidateCloneSetUpdate, docs/kruise-rules.md §2.3): immutable fields and the InPlaceOnly image-only rule
 * (core/cloneset_core.go), then every create rule (./cloneset-validation.ts).
 */
import { isObject, deepEqual, type Json, type JsonObject } from "./json";
import type { WebhookFieldError as E } from "./go-render";
import { validateCloneSet, type Lookup } from "./cloneset-validation";

const obj = (v: Json | undefined): JsonObject => (isObject(v) ? v : {});

const mutableSpec = [
  "replicas",
  "template",
  "scaleStrategy",
  "updateStrategy",
  "minReadySeconds",
  "lifecycle",
  "revisionHistoryLimit",
  "volumeClaimTemplates",
  "progressDeadlineSeconds",
];

/** validateCloneSetUpdate: immutable fields, the InPlaceOnly image-only rule, then validateCloneSet. */
export function validateCloneSetUpdate(cs: JsonObject, old: JsonObject, lookup: Lookup): E[] {
  const errs: E[] = [];
  const meta = obj(cs.metadata),
    oldMeta = obj(old.metadata);
  if (meta.name !== oldMeta.name)
    errs.push({
      type: "FieldValueInvalid",
      field: "metadata.name",
      value: String(meta.name ?? ""),
      detail: "field is immutable",
    });
  const strip = (s: JsonObject) => Object.fromEntries(Object.entries(s).filter(([k]) => !mutableSpec.includes(k)));
  if (!deepEqual(strip(obj(cs.spec)), strip(obj(old.spec)))) {
    errs.push({
      type: "FieldValueForbidden",
      field: "spec",
      detail:
        "updates to cloneset spec for fields other than 'replicas', 'template', 'lifecycle', 'scaleStrategy', 'updateStrategy', 'minReadySeconds', 'volumeClaimTemplates' and 'revisionHistoryLimit' are forbidden",
    });
  }
  const inPlace = inPlaceOnlyError(cs, old);
  if (inPlace) errs.push({ type: "FieldValueForbidden", field: "spec", detail: inPlace });
  return [...errs, ...validateCloneSet(cs, old, lookup)];
}

function inPlaceOnlyError(cs: JsonObject, old: JsonObject): string | undefined {
  if (obj(obj(cs.spec).updateStrategy).type !== "InPlaceOnly") return undefined;
  const bad = nonImageTemplateChange(old, cs);
  return bad ? `only allowed to update images in spec for InPlaceOnly, but found ${bad}` : undefined;
}

/**
 * The first change between two objects' pod template specs that is not a `replace` of a container's image, as
 * "<op> <path>" (the InPlaceOnly rule of the CloneSet and Advanced StatefulSet webhooks), or undefined.
 */
export function nonImageTemplateChange(old: JsonObject, next: JsonObject): string | undefined {
  const ops = jsonDiff(obj(obj(old.spec).template).spec ?? {}, obj(obj(next.spec).template).spec ?? {}, "");
  const bad = ops.find((o) => o.op !== "replace" || !/^\/containers\/[0-9]+\/image$/.test(o.path));
  return bad ? `${bad.op} ${bad.path}` : undefined;
}

/** A JSON-patch style diff (like gomodules jsonpatch.CreatePatch) good enough for the InPlaceOnly rule. */
function jsonDiff(a: Json, b: Json, path: string): { op: string; path: string }[] {
  if (deepEqual(a, b)) return [];
  if (isObject(a) && isObject(b)) {
    const out: { op: string; path: string }[] = [];
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const p = `${path}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      if (!(k in b)) out.push({ op: "remove", path: p });
      else if (!(k in a)) out.push({ op: "add", path: p });
      else out.push(...jsonDiff(a[k], b[k], p));
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const out: { op: string; path: string }[] = [];
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= b.length) out.push({ op: "remove", path: `${path}/${i}` });
      else if (i >= a.length) out.push({ op: "add", path: `${path}/${i}` });
      else out.push(...jsonDiff(a[i], b[i], `${path}/${i}`));
    }
    return out;
  }
  return [{ op: "replace", path }];
}
