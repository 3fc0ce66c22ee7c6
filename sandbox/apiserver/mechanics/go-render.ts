/**
 * Go renderings needed to reproduce webhook messages byte for byte: field.Error texts
 * (apimachinery pkg/util/validation/field/errors.go ErrorBody: %q strings, %v numbers, %#v structs)
 * and utilerrors.Aggregate joining ("[e1, e2]").
 */
import type { FieldErrorType } from "../status";
import { isObject, type Json } from "./json";

/** A value already rendered the way Go's %#v would print it. */
export class GoLiteral {
  constructor(readonly text: string) {}
}
export type GoValue = Json | GoLiteral | undefined;

export interface WebhookFieldError {
  type: FieldErrorType;
  field: string;
  value?: unknown;
  detail?: string;
}

const typeText: Partial<Record<FieldErrorType, string>> = {
  FieldValueInvalid: "Invalid value",
  FieldValueRequired: "Required value",
  FieldValueNotSupported: "Unsupported value",
  FieldValueForbidden: "Forbidden",
  FieldValueDuplicate: "Duplicate value",
  FieldValueNotFound: "Not found",
  FieldValueTypeInvalid: "Invalid value",
};
const valueless = new Set<FieldErrorType>(["FieldValueRequired", "FieldValueForbidden"]);

export function renderValue(v: unknown): string {
  if (v instanceof GoLiteral) return v.text;
  if (v === undefined || v === null) return "null";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}

export function webhookErrorText(e: WebhookFieldError): string {
  let s = typeText[e.type] ?? "Invalid value";
  if (!valueless.has(e.type)) s += `: ${renderValue(e.value)}`;
  if (e.detail) s += `: ${e.detail}`;
  return `${e.field}: ${s}`;
}

/** ErrorList.ToAggregate().Error(): one message, or "[a, b]" with duplicates removed. */
export function aggregate(errs: WebhookFieldError[]): string {
  const texts = [...new Set(errs.map(webhookErrorText))];
  return texts.length === 1 ? texts[0] : `[${texts.join(", ")}]`;
}

/** %#v of map[string]string (keys sorted, nil map as map[string]string(nil)). */
export function goStringMap(m: unknown): GoLiteral {
  if (!isObject(m)) return new GoLiteral("map[string]string(nil)");
  const body = Object.keys(m)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(String(m[k]))}`)
    .join(", ");
  return new GoLiteral(`map[string]string{${body}}`);
}

/** %#v of []string. */
export function goStringSlice(v: unknown): GoLiteral {
  if (!Array.isArray(v)) return new GoLiteral("[]string(nil)");
  return new GoLiteral(`[]string{${v.map((x) => JSON.stringify(String(x))).join(", ")}}`);
}

/** %#v of a (dereferenced) metav1.LabelSelector. */
export function goLabelSelector(sel: unknown): GoLiteral {
  const s = isObject(sel) ? sel : {};
  const exprs =
    Array.isArray(s.matchExpressions) && s.matchExpressions.length
      ? `[]v1.LabelSelectorRequirement{${s.matchExpressions
          .map((e) => {
            const r = isObject(e) ? e : {};
            return `v1.LabelSelectorRequirement{Key:${JSON.stringify(String(r.key ?? ""))}, Operator:${JSON.stringify(String(r.operator ?? ""))}, Values:${goStringSlice(r.values).text}}`;
          })
          .join(", ")}}`
      : "[]v1.LabelSelectorRequirement(nil)";
  return new GoLiteral(`v1.LabelSelector{MatchLabels:${goStringMap(s.matchLabels).text}, MatchExpressions:${exprs}}`);
}

/** %#v of a (dereferenced) intstr.IntOrString; null when unset. */
export function goIntOrString(v: unknown): GoValue {
  if (v === undefined || v === null) return null;
  if (typeof v === "string") return new GoLiteral(`intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}`);
  return new GoLiteral(`intstr.IntOrString{Type:0, IntVal:${Number(v)}, StrVal:""}`);
}
