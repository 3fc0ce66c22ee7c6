/**
 * Kruise's webhooks for Advanced DaemonSets (docs/kruise-rules.md §14.11): mutating mdaemonset.kb.io
 * (pkg/webhook/daemonset/mutating/daemonset_mutating_handler.go: decode, SetDefaultsDaemonSet — no pod template
 * defaults) and validating vdaemonset.kb.io (pkg/webhook/daemonset/validating/daemonset_validation.go). A refused
 * create answers 500 (the handler reports validation errors as an internal error), a refused update 422.
 */
import { goIntOrString, GoLiteral, type WebhookFieldError as E } from "./go-render";
import { clone, deepEqual, isObject, type Json, type JsonObject } from "./json";
import { validateLabels, validateObjectMeta } from "./names";
import { defaultPodSpec } from "./pod-defaults";
import { validatePodSpec } from "./pod-validation";
import { checkTypedFields, type TypedStructs } from "./typed-decode";
import {
  has,
  intOrPercentNumber,
  nonNegative,
  notMoreThan100Percent,
  obj,
  positiveIntOrPercent,
  selectorAndTemplateLabels,
} from "./workload-validation";

const structs: TypedStructs = {
  spec: {
    goName: "DaemonSetSpec",
    fields: [
      { name: "selector", want: "object", goType: "v1.LabelSelector" },
      { name: "template", want: "object", goType: "v1.PodTemplateSpec" },
      { name: "updateStrategy", want: "object", goType: "v1alpha1.DaemonSetUpdateStrategy" },
      { name: "minReadySeconds", want: "int32", goType: "int32" },
      { name: "burstReplicas", want: "intstr", goType: "int32" },
      { name: "revisionHistoryLimit", want: "int32", goType: "int32" },
      { name: "lifecycle", want: "object", goType: "pub.Lifecycle" },
    ],
  },
  "spec.updateStrategy": {
    goName: "DaemonSetUpdateStrategy",
    fields: [
      { name: "type", want: "string", goType: "v1alpha1.DaemonSetUpdateStrategyType" },
      { name: "rollingUpdate", want: "object", goType: "v1alpha1.RollingUpdateDaemonSet" },
    ],
  },
  "spec.updateStrategy.rollingUpdate": {
    goName: "RollingUpdateDaemonSet",
    fields: [
      { name: "rollingUpdateType", want: "string", goType: "v1alpha1.RollingUpdateType" },
      { name: "maxUnavailable", want: "intstr", goType: "int32" },
      { name: "maxSurge", want: "intstr", goType: "int32" },
      { name: "selector", want: "object", goType: "v1.LabelSelector" },
      { name: "partition", want: "int32", goType: "int32" },
      { name: "paused", want: "bool", goType: "bool" },
    ],
  },
};

export function checkDaemonSetDecodable(ds: JsonObject): void {
  checkTypedFields(ds, { webhook: "mdaemonset.kb.io", kind: "DaemonSet", specType: "v1alpha1.DaemonSetSpec", structs });
}

/**
 * SetDefaultsDaemonSet: burstReplicas 250; updateStrategy RollingUpdate; a deprecated Surging type becomes Standard
 * with maxSurge 1 and maxUnavailable 0 where unset; rollingUpdateType Standard; with neither limit set,
 * maxUnavailable 1 and maxSurge 0; revisionHistoryLimit 10. Returns whether anything changed (the webhook sends no
 * patch otherwise).
 */
export function setDaemonSetDefaults(ds: JsonObject): boolean {
  const before = clone(ds);
  if (!isObject(ds.spec)) ds.spec = {};
  const spec = ds.spec;
  if (!has(spec.burstReplicas)) spec.burstReplicas = 250;
  if (!isObject(spec.updateStrategy)) spec.updateStrategy = {};
  const us = spec.updateStrategy;
  if (!us.type) us.type = "RollingUpdate";
  if (us.type === "RollingUpdate") {
    if (!isObject(us.rollingUpdate)) us.rollingUpdate = {};
    const ru = us.rollingUpdate;
    if (ru.rollingUpdateType === "Surging") {
      if (!has(ru.maxSurge)) ru.maxSurge = 1;
      if (!has(ru.maxUnavailable)) ru.maxUnavailable = 0;
    }
    if (!ru.rollingUpdateType || ru.rollingUpdateType === "Surging") ru.rollingUpdateType = "Standard";
    if (!has(ru.maxUnavailable) && !has(ru.maxSurge)) {
      ru.maxUnavailable = 1;
      ru.maxSurge = 0;
    }
  }
  if (!has(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  return !deepEqual(before, ds);
}

function rollingUpdateErrors(ru: JsonObject): E[] {
  const p = "spec.updateStrategy.rollingUpdate";
  const errs: E[] = [];
  const hasUnavailable = has(ru.maxUnavailable) && intOrPercentNumber(ru.maxUnavailable) !== 0;
  const hasSurge = has(ru.maxSurge) && intOrPercentNumber(ru.maxSurge) !== 0;
  if (hasUnavailable)
    errs.push(
      ...positiveIntOrPercent(ru.maxUnavailable, `${p}.maxUnavailable`),
      ...notMoreThan100Percent(ru.maxUnavailable, `${p}.maxUnavailable`),
    );
  if (hasSurge)
    errs.push(
      ...positiveIntOrPercent(ru.maxSurge, `${p}.maxSurge`),
      ...notMoreThan100Percent(ru.maxSurge, `${p}.maxSurge`),
    );
  if (hasUnavailable && hasSurge)
    errs.push({
      type: "FieldValueInvalid",
      field: `${p}.maxSurge`,
      value: goIntOrString(ru.maxSurge),
      detail: "may not be set when maxUnavailable is non-zero",
    });
  if (!hasUnavailable && !hasSurge)
    errs.push({ type: "FieldValueRequired", field: `${p}.maxUnavailable`, detail: "cannot be 0 when maxSurge is 0" });
  const type = ru.rollingUpdateType ?? "";
  if (type === "InPlaceIfPossible" && hasSurge)
    errs.push({ type: "FieldValueRequired", field: `${p}.maxSurge`, detail: "must be 0 for InPlaceIfPossible type" });
  else if (type === "Surging" && hasUnavailable)
    errs.push({ type: "FieldValueRequired", field: `${p}.maxUnavailable`, detail: "must be 0 for Surging type" });
  else if (!["", "Standard", "InPlaceIfPossible", "Surging"].includes(String(type)))
    errs.push({
      type: "FieldValueNotSupported",
      field: `${p}.rollingUpdate.type`,
      value: String(type),
      detail: 'supported values: "Standard", "Surging", "InPlaceIfPossible"',
    });
  if (has(ru.partition)) errs.push(...nonNegative(`${p}.rollingUpdate.partition`, Number(ru.partition)));
  return errs;
}

function updateStrategyErrors(us: JsonObject): E[] {
  if (us.type === "OnDelete") return [];
  if (us.type === "RollingUpdate")
    return isObject(us.rollingUpdate)
      ? rollingUpdateErrors(us.rollingUpdate)
      : [{ type: "FieldValueRequired", field: "spec.updateStrategy.rollingUpdate" }];
  return [
    {
      type: "FieldValueNotSupported",
      field: "spec.updateStrategy",
      value: new GoLiteral(`v1alpha1.DaemonSetUpdateStrategy{Type:${JSON.stringify(String(us.type ?? ""))}}`),
      detail: 'supported values: "RollingUpdate", "OnDelete"',
    },
  ];
}

/** validateDaemonSetSpec: selector, the (defaulted) pod template, restartPolicy, limits, strategy, hooks. */
function specErrors(spec: JsonObject): E[] {
  const errs = selectorAndTemplateLabels(spec, "daemonset");
  const tpl = clone(obj(spec.template) as Json) as JsonObject;
  const podSpec = obj(tpl.spec);
  defaultPodSpec(podSpec);
  errs.push(...validateLabels(obj(tpl.metadata).labels, "spec.template.metadata.labels"));
  errs.push(...validatePodSpec(podSpec, "spec.template.spec"));
  if (podSpec.restartPolicy !== "Always")
    errs.push({
      type: "FieldValueNotSupported",
      field: "spec.template.spec.restartPolicy",
      value: String(podSpec.restartPolicy),
      detail: 'supported values: "Always"',
    });
  if (has(podSpec.activeDeadlineSeconds))
    errs.push({
      type: "FieldValueForbidden",
      field: "spec.template.spec.activeDeadlineSeconds",
      detail: "activeDeadlineSeconds in DaemonSet is not Supported",
    });
  errs.push(...nonNegative("spec.minReadySeconds", Number(spec.minReadySeconds ?? 0)));
  errs.push(...updateStrategyErrors(obj(spec.updateStrategy)));
  if (has(spec.revisionHistoryLimit))
    errs.push(...nonNegative("spec.revisionHistoryLimit", Number(spec.revisionHistoryLimit)));
  if (isObject(obj(spec.lifecycle).inPlaceUpdate))
    errs.push({
      type: "FieldValueForbidden",
      field: "spec.lifecycle.inPlaceUpdate",
      detail: "inPlaceUpdate hook has not supported yet",
    });
  return errs;
}

export function validateDaemonSet(ds: JsonObject): E[] {
  return [...validateObjectMeta(obj(ds.metadata), { namespaced: true }), ...specErrors(obj(ds.spec))];
}

const MUTABLE = ["template", "updateStrategy", "lifecycle", "burstReplicas", "minReadySeconds", "revisionHistoryLimit"];

/** validateDaemonSetUpdate: only the mutable spec fields may change, then the spec rules. */
export function validateDaemonSetUpdate(ds: JsonObject, old: JsonObject): E[] {
  const strip = (s: JsonObject) => Object.fromEntries(Object.entries(s).filter(([k]) => !MUTABLE.includes(k)));
  const errs: E[] = [];
  if (!deepEqual(strip(obj(ds.spec)), strip(obj(old.spec))))
    errs.push({
      type: "FieldValueForbidden",
      field: "spec",
      detail:
        "updates to daemonset spec for fields other than 'BurstReplicas', 'template', 'lifecycle',  'updateStrategy', 'minReadySeconds', and 'revisionHistoryLimit' are forbidden",
    });
  return [...errs, ...specErrors(obj(ds.spec))];
}
