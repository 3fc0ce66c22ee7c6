/**
 * Kruise's validating webhook for Advanced StatefulSets (vstatefulset.kb.io, pkg/webhook/statefulset/validating/
 * statefulset_validation.go, docs/kruise-rules.md §13.11): spec rules in upstream's order, the update rules, and the
 * InPlaceOnly template rule. Field errors are rendered with Go's formatting.
 */
import { GoLiteral, goIntOrString, type WebhookFieldError as E } from "./go-render";
import { deepEqual, isObject, type Json, type JsonObject } from "./json";
import { priorityError } from "./cloneset-validation";
import { validateObjectMeta, validateLabels } from "./names";
import { has, nonNegative, obj, positiveIntOrPercent, selectorAndTemplateLabels } from "./workload-validation";

const RU = "spec.updateStrategy.rollingUpdate";

/** %#v of []v1.PodReadinessGate. */
function goReadinessGates(v: Json | undefined): GoLiteral {
  if (!Array.isArray(v)) return new GoLiteral("[]v1.PodReadinessGate(nil)");
  const gates = v.map(
    (g) => `v1.PodReadinessGate{ConditionType:${JSON.stringify(String(obj(g).conditionType ?? ""))}}`,
  );
  return new GoLiteral(`[]v1.PodReadinessGate{${gates.join(", ")}}`);
}

/** validateMaxUnavailableField: N% or ≥ 0, at least 1 of one pod, and anything but 1 only with Parallel. */
function maxUnavailableErrors(v: Json | undefined, spec: JsonObject, field: string): E[] {
  const errs = positiveIntOrPercent(v, field);
  const s = typeof v === "string" ? v.replace(/%/g, "") : null;
  const value = typeof v === "number" ? v : s !== null && /^[+-]?\d+$/.test(s) ? Math.ceil(Number(s) / 100) : NaN;
  if (Number.isNaN(value))
    errs.push({
      type: "FieldValueInvalid",
      field,
      value: goIntOrString(v),
      detail: `getValueFromIntOrPercent error: invalid value for IntOrString: invalid value ${JSON.stringify(v)}: strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`,
    });
  else if (value < 1)
    errs.push({ type: "FieldValueInvalid", field, value: goIntOrString(v), detail: "should not be less than 1" });
  if (spec.podManagementPolicy !== "Parallel" && v !== 1)
    errs.push({
      type: "FieldValueInvalid",
      field,
      value: goIntOrString(v),
      detail: "can only work with Parallel PodManagementPolicyType",
    });
  return errs;
}

function podUpdatePolicyErrors(spec: JsonObject, ru: JsonObject): E[] {
  const policy = ru.podUpdatePolicy;
  if (policy === undefined || policy === null || policy === "")
    return [{ type: "FieldValueRequired", field: `${RU}.podUpdatePolicy` }];
  if (policy === "ReCreate") return [];
  if (policy === "InPlaceIfPossible" || policy === "InPlaceOnly") {
    const gates = obj(obj(spec.template).spec).readinessGates;
    const ok = Array.isArray(gates) && gates.some((g) => obj(g).conditionType === "InPlaceUpdateReady");
    if (ok) return [];
    return [
      {
        type: "FieldValueInvalid",
        field: "spec.template.spec.readinessGates",
        value: goReadinessGates(gates),
        detail: `must contains InPlaceUpdateReady when podUpdatePolicy is ${policy}`,
      },
    ];
  }
  return [
    {
      type: "FieldValueInvalid",
      field: `${RU}.podUpdatePolicy`,
      value: String(policy),
      detail: "must be 'ReCreate', InPlaceIfPossible or 'InPlaceOnly'",
    },
  ];
}

function rollingUpdateErrors(spec: JsonObject, ru: JsonObject): E[] {
  const errs: E[] = [...nonNegative(`${RU}.partition`, Number(ru.partition ?? 0))];
  const minReady = Number(ru.minReadySeconds ?? 0);
  errs.push(...nonNegative(`${RU}.minReadySeconds`, minReady));
  if (minReady > 300)
    errs.push({
      type: "FieldValueInvalid",
      field: `${RU}.minReadySeconds`,
      value: minReady,
      detail: "must be no more than 300 seconds",
    });
  if (!has(ru.maxUnavailable)) errs.push({ type: "FieldValueRequired", field: `${RU}.maxUnavailable` });
  else errs.push(...maxUnavailableErrors(ru.maxUnavailable, spec, `${RU}.maxUnavailable`));
  errs.push(...podUpdatePolicyErrors(spec, ru));
  if (isObject(ru.unorderedUpdate)) {
    const field = `${RU}.unorderedUpdate`;
    if (spec.podManagementPolicy !== "Parallel")
      errs.push({
        type: "FieldValueRequired",
        field,
        detail: "unorderedUpdate can only work with Parallel PodManagementPolicyType",
      });
    const pe = priorityError(ru.unorderedUpdate.priorityStrategy);
    if (pe) errs.push({ type: "FieldValueRequired", field: `${field}.priorityStrategy`, detail: pe });
  }
  return errs;
}

function updateStrategyErrors(spec: JsonObject): E[] {
  const us = obj(spec.updateStrategy);
  switch (us.type) {
    case undefined:
    case null:
    case "":
      return [{ type: "FieldValueRequired", field: "spec.updateStrategy" }];
    case "OnDelete":
      return isObject(us.rollingUpdate)
        ? [
            {
              type: "FieldValueInvalid",
              field: RU,
              value: new GoLiteral("(*v1beta1.RollingUpdateStatefulSetStrategy)(0xc000000000)"),
              detail: "only allowed for updateStrategy 'RollingUpdate'",
            },
          ]
        : [];
    case "RollingUpdate":
      return isObject(us.rollingUpdate) ? rollingUpdateErrors(spec, us.rollingUpdate) : [];
  }
  return [
    {
      type: "FieldValueInvalid",
      field: "spec.updateStrategy",
      value: new GoLiteral(`v1beta1.StatefulSetUpdateStrategy{Type:${JSON.stringify(String(us.type))}}`),
      detail: "must be 'RollingUpdate' or 'OnDelete'",
    },
  ];
}

function retentionErrors(spec: JsonObject): E[] {
  const p = spec.persistentVolumeClaimRetentionPolicy;
  if (!isObject(p)) return [];
  return (["whenDeleted", "whenScaled"] as const).flatMap((k): E[] =>
    p[k] === "Retain" || p[k] === "Delete"
      ? []
      : [
          {
            type: "FieldValueNotSupported",
            field: `spec.persistentVolumeClaimRetentionPolicy.${k}`,
            value: String(p[k] ?? ""),
            detail: 'supported values: "Retain", "Delete"',
          },
        ],
  );
}

function reserveOrdinalErrors(spec: JsonObject): E[] {
  const list = Array.isArray(spec.reserveOrdinals) ? (spec.reserveOrdinals as number[]) : undefined;
  if (!list) return [];
  const value = new GoLiteral(`[]int{${list.join(", ")}}`);
  const errs: E[] = [];
  if (new Set(list).size !== list.length)
    errs.push({ type: "FieldValueInvalid", field: "spec", value, detail: "reserveOrdinals contains duplicated items" });
  for (const i of list)
    if (i < 0)
      errs.push({
        type: "FieldValueInvalid",
        field: "spec",
        value,
        detail: `reserveOrdinals contains ${i} which must be order >= 0`,
      });
  return errs;
}

function templateErrors(spec: JsonObject): E[] {
  const tpl = obj(spec.template);
  const errs = [...validateLabels(obj(tpl.metadata).labels, "spec.template.labels")];
  const ps = obj(tpl.spec);
  if (has(ps.restartPolicy) && ps.restartPolicy !== "" && ps.restartPolicy !== "Always")
    errs.push({
      type: "FieldValueNotSupported",
      field: "spec.template.spec.restartPolicy",
      value: String(ps.restartPolicy),
      detail: 'supported values: "Always"',
    });
  if (has(ps.activeDeadlineSeconds))
    errs.push({
      type: "FieldValueForbidden",
      field: "spec.template.spec.activeDeadlineSeconds",
      detail: "activeDeadlineSeconds in StatefulSet is not Supported",
    });
  return errs;
}

/** validateStatefulSet: object meta, then the spec in upstream's order. */
export function validateStatefulSet(set: JsonObject): E[] {
  const spec = obj(set.spec);
  const errs: E[] = [...validateObjectMeta(obj(set.metadata), { namespaced: true })];
  const pmp = spec.podManagementPolicy;
  if (!has(pmp) || pmp === "") errs.push({ type: "FieldValueRequired", field: "spec.podManagementPolicy" });
  else if (pmp !== "OrderedReady" && pmp !== "Parallel")
    errs.push({
      type: "FieldValueInvalid",
      field: "spec.podManagementPolicy",
      value: String(pmp),
      detail: "must be 'OrderedReady' or 'Parallel'",
    });
  errs.push(...reserveOrdinalErrors(spec));
  const smu = obj(spec.scaleStrategy).maxUnavailable;
  if (has(smu)) errs.push(...maxUnavailableErrors(smu, spec, "spec.scaleStrategy.maxUnavailable"));
  errs.push(...updateStrategyErrors(spec));
  errs.push(...retentionErrors(spec));
  errs.push(...nonNegative("spec.replicas", Number(spec.replicas ?? 1)));
  errs.push(...selectorAndTemplateLabels(spec, "statefulset"), ...templateErrors(spec));
  return errs;
}

const MUTABLE = [
  "replicas",
  "template",
  "updateStrategy",
  "persistentVolumeClaimRetentionPolicy",
  "scaleStrategy",
  "volumeClaimTemplates",
  "reserveOrdinals",
  "lifecycle",
  "revisionHistoryLimit",
];

/** ValidateStatefulSetUpdate: only the mutable spec fields may change. */
export function validateStatefulSetUpdate(set: JsonObject, old: JsonObject): E[] {
  const strip = (s: JsonObject) => Object.fromEntries(Object.entries(s).filter(([k]) => !MUTABLE.includes(k)));
  const errs: E[] = [];
  if (!deepEqual(strip(obj(set.spec)), strip(obj(old.spec))))
    errs.push({
      type: "FieldValueForbidden",
      field: "spec",
      detail:
        "updates to statefulset spec for fields other than 'replicas', 'template', 'reserveOrdinals', 'lifecycle', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy', `volumeClaimTemplates` and 'updateStrategy' are forbidden",
    });
  errs.push(...nonNegative("spec.replicas", Number(obj(set.spec).replicas ?? 1)));
  return errs;
}
