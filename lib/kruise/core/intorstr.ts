// Two int-or-percent parsers, because Kruise uses two (docs/kruise-rules.md §2.3 vs §3.3):
// the webhook and partition maths accept fractional percentages, while the
// controller's maxUnavailable/maxSurge arithmetic still uses the legacy Kubernetes
// parser that only understands integer percentages.
import type { IntOrString } from "../../k8s/objects";

export type ParsedIntOrPercent = { ok: true; value: number; isPercent: boolean } | { ok: false; error: string };

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const GO_ATOI = /^[+-]?\d+$/;

/**
 * Kruise's own int-or-percent parser: an integer, or a string `N%` where N may be
 * fractional ("12.5%"). A numeric string without `%` ("5") is an error since v1.9.
 * Upstream: kruise pkg/util/tools.go + apimachinery intstr (GetScaledValueFromIntOrPercent).
 */
export function parseIntOrPercent(v: IntOrString | undefined | null): ParsedIntOrPercent {
  if (v === undefined || v === null) return { ok: false, error: "nil value for IntOrString" };
  if (typeof v === "number") {
    return Number.isInteger(v) ? { ok: true, value: v, isPercent: false } : { ok: false, error: `invalid value: ${v}` };
  }
  if (!v.endsWith("%")) {
    return { ok: false, error: "invalid value for IntOrString: invalid type: string is not a percentage" };
  }
  const num = v.slice(0, -1);
  if (!DECIMAL.test(num)) {
    return {
      ok: false,
      error: `invalid value for IntOrString: invalid value ${JSON.stringify(v)}: strconv.ParseFloat: parsing ${JSON.stringify(num)}: invalid syntax`,
    };
  }
  return { ok: true, value: Number(num), isPercent: true };
}

/**
 * Scales an int-or-percent against `total` with Kruise's parser (fractional % allowed);
 * percentages are multiplied in float64 exactly like upstream, then rounded up or down.
 * Upstream: kruise pkg/util/tools.go (GetScaledValueFromIntOrPercent as used by CalculatePartitionReplicas).
 */
export function scaledValue(
  v: IntOrString | undefined | null,
  total: number,
  roundUp: boolean,
): { value: number; error?: string } {
  const p = parseIntOrPercent(v);
  if (!p.ok) return { value: 0, error: p.error };
  if (!p.isPercent) return { value: p.value };
  const raw = (p.value * total) / 100;
  return { value: roundUp ? Math.ceil(raw) : Math.floor(raw) };
}

/**
 * The legacy Kubernetes parser the CloneSet controller uses for maxUnavailable, maxSurge and
 * scaleStrategy.maxUnavailable: every string is a percentage (a trailing `%` is stripped) and
 * must be a Go integer, so "12.5%" fails. Callers treat failure as 0 like the controller, which
 * ignores the error. Upstream: apimachinery pkg/util/intstr GetValueFromIntOrPercent
 * (used by kruise pkg/controller/cloneset/sync/cloneset_sync_utils.go).
 */
export function legacyScaledValue(
  v: IntOrString | undefined | null,
  total: number,
  roundUp: boolean,
): { value: number; error?: string } {
  if (v === undefined || v === null) return { value: 0, error: "nil value for IntOrString" };
  if (typeof v === "number") return { value: Math.trunc(v) };
  const s = v.endsWith("%") ? v.slice(0, -1) : v;
  if (!GO_ATOI.test(s)) return { value: 0, error: `invalid value for IntOrString: invalid value for percent "${v}"` };
  const raw = (Number(s) * total) / 100;
  return { value: roundUp ? Math.ceil(raw) : Math.floor(raw) };
}

/**
 * Kubernetes' own int-or-percent parser (apimachinery `intstr.GetScaledValueFromIntOrPercent`, the one the Advanced
 * DaemonSet controller uses): an integer, or a string `N%` with an integer N; anything else is an error.
 */
export function k8sScaledValue(
  v: IntOrString | undefined | null,
  total: number,
  roundUp: boolean,
): { value: number; error?: string } {
  if (v === undefined || v === null) return { value: 0, error: "nil value for IntOrString" };
  if (typeof v === "number") return { value: Math.trunc(v) };
  if (!v.endsWith("%"))
    return { value: 0, error: "invalid value for IntOrString: invalid type: string is not a percentage" };
  const s = v.slice(0, -1);
  if (!GO_ATOI.test(s))
    return {
      value: 0,
      error: `invalid value for IntOrString: invalid value ${JSON.stringify(v)}: strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`,
    };
  const raw = (Number(s) * total) / 100;
  return { value: roundUp ? Math.ceil(raw) : Math.floor(raw) };
}
