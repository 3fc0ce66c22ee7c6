/**
 * Validation pieces the Advanced StatefulSet and Advanced DaemonSet webhooks share with kube's apps validation
 * (k8s.io/kubernetes pkg/apis/apps/validation ValidatePositiveIntOrPercent, IsNotMoreThan100Percent;
 * apimachinery pkg/util/validation IsValidPercent), with Go's renderings of the bad values.
 */
import { goIntOrString, goLabelSelector, goStringMap, type WebhookFieldError as E } from "./go-render";
import { isObject, type Json, type JsonObject } from "./json";
import { selectorMatches } from "./cloneset-validation";
import { validateLabels } from "./names";

export const obj = (v: Json | undefined): JsonObject => (isObject(v) ? v : {});
export const has = (v: Json | undefined) => v !== undefined && v !== null;

const PERCENT = /^[0-9]+%$/;
const PERCENT_MSG =
  "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')";

export const nonNegative = (field: string, v: number): E[] =>
  v < 0 ? [{ type: "FieldValueInvalid", field, value: v, detail: "must be greater than or equal to 0" }] : [];

/** ValidatePositiveIntOrPercent: a string must be `N%`, an integer must not be negative. */
export function positiveIntOrPercent(v: Json | undefined, field: string): E[] {
  if (typeof v === "string")
    return PERCENT.test(v) ? [] : [{ type: "FieldValueInvalid", field, value: goIntOrString(v), detail: PERCENT_MSG }];
  return typeof v === "number" ? nonNegative(field, v) : [];
}

/** IsNotMoreThan100Percent. */
export function notMoreThan100Percent(v: Json | undefined, field: string): E[] {
  if (typeof v !== "string" || !PERCENT.test(v) || Number(v.slice(0, -1)) <= 100) return [];
  return [{ type: "FieldValueInvalid", field, value: goIntOrString(v), detail: "must not be greater than 100%" }];
}

/** The value of an int-or-percent when it parses as a percentage, else its integer value (getIntOrPercentValue). */
export function intOrPercentNumber(v: Json | undefined): number {
  if (typeof v === "number") return v;
  if (typeof v === "string" && PERCENT.test(v)) return Number(v.slice(0, -1));
  if (typeof v === "string" && /^-?\d+$/.test(v)) return Number(v);
  return 0;
}

/** Required, non-empty selector matching the template labels; the label keys and values of the template. */
export function selectorAndTemplateLabels(spec: JsonObject, kind: "statefulset" | "daemonset"): E[] {
  const errs: E[] = [];
  const sel = spec.selector;
  const labels = obj(obj(obj(spec.template).metadata).labels);
  if (!isObject(sel)) return kind === "statefulset" ? [{ type: "FieldValueRequired", field: "spec.selector" }] : [];
  errs.push(...validateLabels(sel.matchLabels, "spec.selector.matchLabels"));
  const exprs = Array.isArray(sel.matchExpressions) ? sel.matchExpressions : [];
  if (Object.keys(obj(sel.matchLabels)).length + exprs.length === 0)
    errs.push({
      type: "FieldValueInvalid",
      field: "spec.selector",
      value: goLabelSelector(sel),
      detail: `empty selector is invalid for ${kind}`,
    });
  else if (!selectorMatches(sel, labels))
    errs.push({
      type: "FieldValueInvalid",
      field: "spec.template.metadata.labels",
      value: goStringMap(obj(obj(spec.template).metadata).labels),
      detail: "`selector` does not match template `labels`",
    });
  return errs;
}
