/**
 * The decode step of Kruise's mutating webhooks: the object is decoded into its Go type first, so a typed field with
 * the wrong JSON type fails with Go's encoding/json message (400), before any default or validation
 * (sigs.k8s.io/controller-runtime admission Decoder; docs/kruise-rules.md §11.8).
 */
import { errors } from "../status";
import { isObject, type Json, type JsonObject } from "./json";
import { goJsonKind } from "./decode";

export type Want = "int32" | "bool" | "string" | "intstr" | "object" | "array" | "[]string" | "[]int";
export interface TypedField {
  name: string;
  want: Want;
  goType: string;
}
/** Dotted path under the object (e.g. `spec.updateStrategy`) → the Go struct there and its typed fields. */
export type TypedStructs = Record<string, { goName: string; fields: TypedField[] }>;

const INT32 = 2147483647;

function mismatch(v: Json, want: Want): string | undefined {
  switch (want) {
    case "int32":
      if (typeof v !== "number") return goJsonKind(v);
      return Number.isInteger(v) && Math.abs(v) <= INT32 ? undefined : `number ${v}`;
    case "intstr":
      if (typeof v === "string") return undefined;
      return mismatch(v, "int32");
    case "bool":
      return typeof v === "boolean" ? undefined : goJsonKind(v);
    case "string":
      return typeof v === "string" ? undefined : goJsonKind(v);
    case "object":
      return isObject(v) ? undefined : goJsonKind(v);
    case "array":
    case "[]string":
    case "[]int":
      return Array.isArray(v) ? undefined : goJsonKind(v);
  }
}

/**
 * Fails like the webhook's decoder when a typed field has the wrong JSON type: 400, `admission webhook "<webhook>"
 * denied the request: json: cannot unmarshal <kind> into Go struct field <Struct>.<path> of type <type>`.
 */
export function checkTypedFields(
  obj: JsonObject,
  o: { webhook: string; kind: string; specType: string; structs: TypedStructs },
): void {
  const fail = (what: string, struct: string, field: string, goType: string) =>
    errors.raw(
      400,
      `admission webhook "${o.webhook}" denied the request: json: cannot unmarshal ${what} into Go struct field ${struct}.${field} of type ${goType}`,
    );
  if (obj.spec !== undefined && obj.spec !== null && !isObject(obj.spec))
    throw fail(goJsonKind(obj.spec), o.kind, "spec", o.specType);
  for (const [path, def] of Object.entries(o.structs)) {
    const node = path.split(".").reduce<Json | undefined>((x, k) => (isObject(x) ? x[k] : undefined), obj);
    if (!isObject(node)) continue;
    for (const f of def.fields) {
      const v = node[f.name];
      if (v === undefined || v === null) continue;
      const bad = mismatch(v, f.want);
      if (bad) throw fail(bad, def.goName, `${path}.${f.name}`, f.goType);
      if (f.want === "[]string" || f.want === "[]int") {
        const el = (v as Json[]).find((x) => x !== null && mismatch(x, f.want === "[]string" ? "string" : "int32"));
        if (el !== undefined)
          throw fail(goJsonKind(el), def.goName, `${path}.${f.name}`, f.want === "[]string" ? "string" : "int");
      }
    }
  }
}
