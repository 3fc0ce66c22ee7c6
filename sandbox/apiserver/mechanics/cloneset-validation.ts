/**
 * Kruise's validating webhook for CloneSets (vcloneset.kb.io, pkg/webhook/cloneset/validating/validation.go,
 * docs/kruise-rules.md §2.3): spec rules, update rules and the InPlaceOnly template rule (core/cloneset_core.go
 * ValidateCloneSetUpdate). Errors are field errors rendered with Go's formatting.
 */
import { isObject, type Json, type JsonObject } from "./json";
import { goIntOrString, goLabelSelector, goStringMap, goStringSlice, type WebhookFieldError as E } from "./go-render";
import { scaledValueFromIntOrPercent, intOrStringText, type IntOrString } from "./intstr";
import { validateLabels, validateObjectMeta } from "./names";
import { validatePodSpec } from "./pod-validation";

export type Lookup = (ns: string, resource: string, name: string) => object | undefined;

const obj = (v: Json | undefined): JsonObject => (isObject(v) ? v : {});
const nonNegative = (field: string, v: number): E[] =>
  v < 0 ? [{ type: "FieldValueInvalid", field, value: v, detail: "must be greater than or equal to 0" }] : [];

/** metav1 LabelSelector semantics: matchLabels AND every matchExpression. */
export function selectorMatches(sel: JsonObject, labels: JsonObject): boolean {
  const ml = obj(sel.matchLabels);
  if (!Object.entries(ml).every(([k, v]) => labels[k] === v)) return false;
  return (Array.isArray(sel.matchExpressions) ? sel.matchExpressions : []).every((e) => {
    const r = obj(e);
    const key = String(r.key ?? "");
    const vals = Array.isArray(r.values) ? r.values : [];
    switch (r.operator) {
      case "In":
        return key in labels && vals.includes(labels[key]);
      case "NotIn":
        return !(key in labels) || !vals.includes(labels[key]);
      case "Exists":
        return key in labels;
      case "DoesNotExist":
        return !(key in labels);
      default:
        return false;
    }
  });
}

function selectorErrors(spec: JsonObject): E[] {
  const sel = spec.selector;
  if (!isObject(sel)) return [{ type: "FieldValueRequired", field: "spec.selector" }];
  const errs: E[] = validateLabels(sel.matchLabels, "spec.selector.matchLabels");
  const exprs = Array.isArray(sel.matchExpressions) ? sel.matchExpressions : [];
  exprs.forEach((e, i) => {
    const op = obj(e).operator;
    if (!["In", "NotIn", "Exists", "DoesNotExist"].includes(String(op))) {
      errs.push({
        type: "FieldValueInvalid",
        field: `spec.selector.matchExpressions[${i}].operator`,
        value: String(op ?? ""),
        detail: "not a valid selector operator",
      });
    }
  });
  if (Object.keys(obj(sel.matchLabels)).length + exprs.length === 0) {
    errs.push({
      type: "FieldValueInvalid",
      field: "spec.selector",
      value: goLabelSelector(sel),
      detail: "empty selector is invalid for cloneset",
    });
    return errs;
  }
  const labels = obj(obj(obj(spec.template).metadata).labels);
  if (!selectorMatches(sel, labels)) {
    errs.push({
      type: "FieldValueInvalid",
      field: "spec.template.metadata.labels",
      value: goStringMap(obj(obj(spec.template).metadata).labels),
      detail: "`selector` does not match template `labels`",
    });
  }
  return errs;
}

function templateErrors(spec: JsonObject): E[] {
  const tpl = obj(spec.template);
  const podSpec = structuredClone(obj(tpl.spec));
  const vcts = Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : [];
  const vols = Array.isArray(podSpec.volumes) ? podSpec.volumes : [];
  for (const v of vcts) {
    const n = obj(obj(v).metadata).name;
    vols.push({ name: n ?? "", persistentVolumeClaim: { claimName: n ?? "" } });
  }
  podSpec.volumes = vols;
  const errs: E[] = [
    ...validateLabels(obj(tpl.metadata).labels, "spec.template.metadata.labels"),
    ...validatePodSpec(podSpec, "spec.template.spec"),
  ];
  const rp = podSpec.restartPolicy;
  if (rp && rp !== "Always")
    errs.push({
      type: "FieldValueNotSupported",
      field: "spec.template.spec.restartPolicy",
      value: rp,
      detail: 'supported values: "Always"',
    });
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errs.push({
      type: "FieldValueForbidden",
      field: "spec.template.spec.activeDeadlineSeconds",
      detail: "activeDeadlineSeconds in cloneset is not Supported",
    });
  }
  return errs;
}

function podsToDeleteErrors(spec: JsonObject, oldSpec: JsonObject | undefined, meta: JsonObject, lookup: Lookup): E[] {
  const list = (
    Array.isArray(obj(spec.scaleStrategy).podsToDelete) ? obj(spec.scaleStrategy).podsToDelete : []
  ) as string[];
  const dups = list.filter((n, i) => list.indexOf(n) !== i);
  const field = "spec.scaleStrategy.podsToDelete";
  if (dups.length)
    return [
      { type: "FieldValueInvalid", field, value: goStringSlice(list), detail: `duplicated items [${dups.join(" ")}]` },
    ];
  const before = new Set(
    (Array.isArray(obj(oldSpec?.scaleStrategy).podsToDelete)
      ? obj(oldSpec?.scaleStrategy).podsToDelete
      : []) as string[],
  );
  const errs: E[] = [];
  for (const name of [...new Set(list)].filter((n) => !before.has(n)).sort()) {
    const pod = lookup(String(meta.namespace ?? ""), "pods", name) as JsonObject | undefined;
    const pm = obj(pod?.metadata);
    const owner = (Array.isArray(pm.ownerReferences) ? pm.ownerReferences : [])
      .map(obj)
      .find((r) => r.controller === true);
    if (!pod)
      errs.push({
        type: "FieldValueInvalid",
        field,
        value: name,
        detail: `find pod ${name} failed: pods "${name}" not found`,
      });
    else if (pm.deletionTimestamp)
      errs.push({ type: "FieldValueInvalid", field, value: name, detail: `find pod ${name} already terminating` });
    else if (!owner || owner.uid !== meta.uid)
      errs.push({
        type: "FieldValueInvalid",
        field,
        value: name,
        detail: `find pod ${name} owner is not this CloneSet`,
      });
  }
  return errs;
}

function scaled(field: string, label: string, v: Json | undefined, replicas: number, errs: E[]): number {
  try {
    return scaledValueFromIntOrPercent(v as IntOrString, replicas, true);
  } catch (e) {
    errs.push({
      type: "FieldValueInvalid",
      field,
      value: intOrStringText(v as IntOrString),
      detail: `failed GetScaledValueFromIntOrPercent for ${label}: ${(e as Error).message}`,
    });
    return 0;
  }
}

export function priorityError(p: Json | undefined): string | undefined {
  if (!isObject(p)) return undefined;
  const w = Array.isArray(p.weightPriority) ? p.weightPriority : [];
  const o = Array.isArray(p.orderPriority) ? p.orderPriority : [];
  if (w.length && o.length) return "only one of weightPriority and orderPriority can be used";
  for (const t of w.map(obj)) {
    const weight = Number(t.weight ?? 0);
    if (weight < 0 || weight > 100) return "weight must be valid number in the range 1-100";
    const sel = obj(t.matchSelector);
    if (
      Object.keys(obj(sel.matchLabels)).length +
        (Array.isArray(sel.matchExpressions) ? sel.matchExpressions.length : 0) ===
      0
    )
      return "selector can not be empty";
  }
  if (o.map(obj).some((t) => !t.orderedKey)) return "order key can not be empty";
  return undefined;
}

function scatterError(s: Json | undefined): string | undefined {
  const seen = new Set<string>();
  for (const t of (Array.isArray(s) ? s : []).map(obj)) {
    if (!t.key) return "key should not be empty";
    const id = `${t.key}:${t.value ?? ""}`;
    if (seen.has(id)) return `duplicated key=${t.key} value=${t.value ?? ""}`;
    seen.add(id);
  }
  return undefined;
}

function updateStrategyErrors(us: JsonObject, replicas: number): E[] {
  const errs: E[] = [];
  const p = "spec.updateStrategy";
  if (!["ReCreate", "InPlaceIfPossible", "InPlaceOnly"].includes(String(us.type ?? ""))) {
    errs.push({
      type: "FieldValueInvalid",
      field: `${p}.type`,
      value: String(us.type ?? ""),
      detail: "must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'",
    });
  }
  const partition = scaled(`${p}.partition`, "partition", us.partition, replicas, errs);
  errs.push(...nonNegative(`${p}.partition`, partition));
  const pe = priorityError(us.priorityStrategy);
  if (pe) errs.push({ type: "FieldValueRequired", field: `${p}.priorityStrategy`, detail: pe });
  const se = scatterError(us.scatterStrategy);
  if (se) errs.push({ type: "FieldValueRequired", field: `${p}.scatterStrategy`, detail: se });
  const has = (v: Json | undefined) => v !== undefined && v !== null;
  const maxUnavailable = has(us.maxUnavailable)
    ? scaled(`${p}.maxUnavailable`, "maxUnavailable", us.maxUnavailable, replicas, errs)
    : 0;
  let maxSurge = 0;
  if (has(us.maxSurge)) {
    maxSurge = scaled(`${p}.maxSurge`, "maxSurge", us.maxSurge, replicas, errs);
    if (us.type === "InPlaceOnly" && maxSurge > 0) {
      errs.push({
        type: "FieldValueInvalid",
        field: `${p}.maxSurge`,
        value: intOrStringText(us.maxSurge as IntOrString),
        detail: "can not use maxSurge with strategy type InPlaceOnly",
      });
    }
  }
  if (replicas > 0 && maxUnavailable < 1 && maxSurge < 1) {
    errs.push({
      type: "FieldValueInvalid",
      field: `${p}.maxUnavailable`,
      value: goIntOrString(us.maxUnavailable),
      detail: "maxUnavailable and maxSurge should not both be less than 1",
    });
  }
  return errs;
}

/** validateCloneSet: object meta and spec (create, and the tail of every update). */
export function validateCloneSet(cs: JsonObject, old: JsonObject | undefined, lookup: Lookup): E[] {
  const meta = obj(cs.metadata);
  const spec = obj(cs.spec);
  const replicas = typeof spec.replicas === "number" ? spec.replicas : 1;
  const errs: E[] = [...validateObjectMeta(meta, { namespaced: true })];
  errs.push(...nonNegative("spec.replicas", replicas));
  errs.push(...selectorErrors(spec));
  if (isObject(spec.selector)) errs.push(...templateErrors(spec));
  errs.push(...podsToDeleteErrors(spec, old ? obj(old.spec) : undefined, meta, lookup));
  errs.push(...updateStrategyErrors(obj(spec.updateStrategy), replicas));
  return errs;
}
