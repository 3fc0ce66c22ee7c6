/**
 * Custom resource schema handling for one CRD version, as apiextensions-apiserver does it
 * (pkg/apiserver/schema/pruning, schema/defaulting, pkg/apiserver/validation ValidateCustomResource,
 * pkg/registry/customresource/validator.go): prune unknown fields, drop non-nullable nulls, apply `default`s,
 * then validate types/required/enum/bounds; failures are one 422 with go-openapi worded field errors.
 */
import type { FieldError } from "../status";
import { invalid } from "./invalid";
import { clone, isObject, type Json, type JsonObject } from "./json";
import { validateObjectMeta } from "./names";

type Schema = JsonObject;

interface Ctx {
  errs: FieldError[];
}

function typeName(v: Json): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function typeMatches(type: string, v: Json): boolean {
  const t = typeName(v);
  return t === type || (type === "number" && t === "integer");
}

const child = (path: string, key: string) => (path ? `${path}.${key}` : key);

function typeError(ctx: Ctx, path: string, want: string, v: Json) {
  const t = typeName(v);
  ctx.errs.push({
    type: "FieldValueTypeInvalid",
    field: path,
    value: t,
    detail: `${path} in body must be of type ${want}: ${JSON.stringify(t)}`,
  });
}

/** Returns the pruned/defaulted value; records errors in ctx. */
function walk(v: Json, s: Schema, path: string, ctx: Ctx, root = false): Json {
  if (v === null && s.nullable === true) return null;
  if (s["x-kubernetes-int-or-string"] === true) {
    if (typeof v !== "string" && !(typeof v === "number" && Number.isInteger(v)))
      typeError(ctx, path, "integer,string", v);
    return v;
  }
  const type = typeof s.type === "string" ? s.type : undefined;
  if (type && !typeMatches(type, v)) {
    typeError(ctx, path, type, v);
    return v;
  }
  if (isObject(v)) return walkObject(v, s, path, ctx, root);
  if (Array.isArray(v)) {
    const items = isObject(s.items) ? s.items : undefined;
    checkBounds(v, s, path, ctx);
    if (!items) return v;
    const out = v.map((x, i) => walk(x, items, `${path}[${i}]`, ctx));
    return out.every((x, i) => x === v[i]) ? v : out;
  }
  checkBounds(v, s, path, ctx);
  return v;
}

function walkObject(v: JsonObject, s: Schema, path: string, ctx: Ctx, root: boolean): Json {
  const props = isObject(s.properties) ? s.properties : undefined;
  const additional = isObject(s.additionalProperties) ? s.additionalProperties : undefined;
  const preserve = s["x-kubernetes-preserve-unknown-fields"] === true || s.additionalProperties === true;
  const keepMeta = root || s["x-kubernetes-embedded-resource"] === true;
  if (!props && !additional) return v; // schemaless (preserve-unknown-fields) subtree kept as is
  const out: JsonObject = {};
  for (const [k, val] of Object.entries(v)) {
    if (keepMeta && (k === "apiVersion" || k === "kind" || k === "metadata")) {
      out[k] = val;
      continue;
    }
    const sub = (props && isObject(props[k]) ? props[k] : additional) as Schema | undefined;
    if (!sub) {
      if (preserve) out[k] = val;
      continue;
    } // pruning drops unknown fields silently
    if (val === null && sub.nullable !== true) {
      if (sub.default !== undefined) out[k] = clone(sub.default);
      continue;
    }
    out[k] = walk(val, sub, child(path, k), ctx);
  }
  for (const [k, sub] of Object.entries(props ?? {})) {
    if (!(k in out) && isObject(sub) && sub.default !== undefined)
      out[k] = walk(clone(sub.default), sub, child(path, k), ctx);
  }
  for (const r of Array.isArray(s.required) ? s.required : []) {
    if (typeof r === "string" && !(r in out)) ctx.errs.push({ type: "FieldValueRequired", field: child(path, r) });
  }
  if (s["x-kubernetes-embedded-resource"] === true) {
    for (const k of ["apiVersion", "kind"])
      if (!out[k]) ctx.errs.push({ type: "FieldValueRequired", field: child(path, k), detail: "must not be empty" });
  }
  checkBounds(out, s, path, ctx);
  return unchanged(v, out) ? v : out;
}

/**
 * Whether pruning and defaulting left an object as it was (same members, same order, the same values): then the
 * object itself is kept, so a write still shares what it did not change with the stored version it replaces.
 */
function unchanged(v: JsonObject, out: JsonObject): boolean {
  const keys = Object.keys(v);
  const outKeys = Object.keys(out);
  if (keys.length !== outKeys.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== outKeys[i] || v[keys[i]] !== out[keys[i]]) return false;
  return true;
}

/** go-openapi validate messages for enum, numeric bounds, lengths, patterns and item/property counts. */
function checkBounds(v: Json, s: Schema, path: string, ctx: Ctx) {
  const invalid = (detail: string) => ctx.errs.push({ type: "FieldValueInvalid", field: path, value: v, detail });
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) {
    ctx.errs.push({
      type: "FieldValueNotSupported",
      field: path,
      value: v,
      detail: `supported values: ${s.enum.map((e) => JSON.stringify(e)).join(", ")}`,
    });
  }
  if (typeof v === "number") {
    if (typeof s.maximum === "number" && (s.exclusiveMaximum === true ? v >= s.maximum : v > s.maximum)) {
      invalid(`${path} in body should be less than ${s.exclusiveMaximum === true ? "" : "or equal to "}${s.maximum}`);
    }
    if (typeof s.minimum === "number" && (s.exclusiveMinimum === true ? v <= s.minimum : v < s.minimum)) {
      invalid(
        `${path} in body should be greater than ${s.exclusiveMinimum === true ? "" : "or equal to "}${s.minimum}`,
      );
    }
  }
  if (typeof v === "string") {
    if (typeof s.maxLength === "number" && v.length > s.maxLength)
      invalid(`${path} in body should be at most ${s.maxLength} chars long`);
    if (typeof s.minLength === "number" && v.length < s.minLength)
      invalid(`${path} in body should be at least ${s.minLength} chars long`);
    if (typeof s.pattern === "string" && !new RegExp(s.pattern).test(v))
      invalid(`${path} in body should match '${s.pattern}'`);
  }
  if (Array.isArray(v)) {
    if (typeof s.maxItems === "number" && v.length > s.maxItems)
      invalid(`${path} in body should have at most ${s.maxItems} items`);
    if (typeof s.minItems === "number" && v.length < s.minItems)
      invalid(`${path} in body should have at least ${s.minItems} items`);
  }
}

/** The schema a write is checked against, per CRD object (stored CRDs never change), version and subresource. */
const schemas = new WeakMap<JsonObject, Map<string, Schema>>();
function schemaFor(crd: JsonObject, version: string, status: boolean): Schema {
  let byVersion = schemas.get(crd);
  if (!byVersion) schemas.set(crd, (byVersion = new Map()));
  const key = `${version}\n${status}`;
  let schema = byVersion.get(key);
  if (!schema) {
    schema = versionSchema(crd, version);
    // Main-resource writes leave .status alone: checked without it.
    if (!status && isObject(schema.properties) && "status" in schema.properties) {
      const { status: _status, ...properties } = schema.properties;
      void _status;
      schema = { ...schema, properties };
    }
    byVersion.set(key, schema);
  }
  return schema;
}

function versionSchema(crd: JsonObject, version: string): Schema {
  const spec = isObject(crd.spec) ? crd.spec : {};
  const versions = Array.isArray(spec.versions) ? spec.versions : [];
  const v = versions.find((x) => isObject(x) && x.name === version) as JsonObject | undefined;
  const schema = v && isObject(v.schema) ? v.schema.openAPIV3Schema : undefined;
  return isObject(schema) ? schema : { type: "object", "x-kubernetes-preserve-unknown-fields": true };
}

/**
 * Prunes, defaults and validates a custom resource against `spec.versions[version].schema.openAPIV3Schema`.
 * Main-resource writes leave `.status` alone (the status strategy restores it); `/status` writes validate it.
 * Returns the cleaned object or throws 422 Invalid (Kind-based, docs/kruise-rules.md §11.8).
 */
export function validateCustomResource(
  obj: object,
  crd: object,
  version: string,
  opts: { subresource?: string; old?: object },
): object {
  const c = crd as JsonObject;
  const spec = isObject(c.spec) ? c.spec : {};
  const names = isObject(spec.names) ? spec.names : {};
  const gk = { group: String(spec.group ?? ""), kind: String(names.kind ?? "") };
  const schema = schemaFor(c, version, opts.subresource === "status");
  const input = obj as JsonObject;
  const status = input.status;
  const ctx: Ctx = { errs: [] };
  const meta = isObject(input.metadata) ? input.metadata : {};
  ctx.errs.push(...validateObjectMeta(meta, { namespaced: spec.scope !== "Cluster" }));
  const oldMeta =
    isObject(opts.old) && isObject((opts.old as JsonObject).metadata)
      ? ((opts.old as JsonObject).metadata as JsonObject)
      : undefined;
  if (oldMeta && oldMeta.name !== meta.name)
    ctx.errs.push({
      type: "FieldValueInvalid",
      field: "metadata.name",
      value: meta.name,
      detail: "field is immutable",
    });
  // walk never changes its input: it builds new objects where it prunes or defaults, and keeps the rest.
  let out = walk(input, schema, "", ctx, true) as JsonObject;
  if (opts.subresource !== "status" && status !== undefined && out.status !== status) out = { ...out, status };
  if (ctx.errs.length) throw invalid(gk, String(meta.name ?? ""), ctx.errs);
  return out;
}
