// Label selector helpers (apimachinery pkg/apis/meta/v1 LabelSelectorAsSelector, labels.Selector.String).
import type { LabelSelector } from "../../k8s/objects";

/** True when `labels` satisfy `selector` (matchLabels AND every matchExpression). An empty selector matches all. */
export function matchesSelector(
  selector: LabelSelector | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  const l = labels ?? {};
  for (const [k, v] of Object.entries(selector?.matchLabels ?? {})) if (l[k] !== v) return false;
  for (const e of selector?.matchExpressions ?? []) {
    const has = e.key in l;
    const vals = e.values ?? [];
    if (e.operator === "In" && !(has && vals.includes(l[e.key]))) return false;
    if (e.operator === "NotIn" && has && vals.includes(l[e.key])) return false;
    if (e.operator === "Exists" && !has) return false;
    if (e.operator === "DoesNotExist" && has) return false;
  }
  return true;
}

/**
 * Selector in label-selector string syntax, requirements sorted by key, as written to
 * status.labelSelector, e.g. `app=sample` or `app=a,tier in (db,web)`.
 * Upstream: apimachinery labels internalSelector.String (via metav1.LabelSelectorAsSelector).
 */
export function selectorString(selector: LabelSelector | undefined): string {
  const reqs: { key: string; text: string }[] = [];
  for (const [k, v] of Object.entries(selector?.matchLabels ?? {})) reqs.push({ key: k, text: `${k}=${v}` });
  for (const e of selector?.matchExpressions ?? []) {
    const vals = [...(e.values ?? [])].sort().join(",");
    const text =
      e.operator === "In"
        ? `${e.key} in (${vals})`
        : e.operator === "NotIn"
          ? `${e.key} notin (${vals})`
          : e.operator === "Exists"
            ? e.key
            : `!${e.key}`;
    reqs.push({ key: e.key, text });
  }
  reqs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return reqs.map((r) => r.text).join(",");
}
