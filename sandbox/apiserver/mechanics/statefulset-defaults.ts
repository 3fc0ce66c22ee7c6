/**
 * Kruise's mutating webhook for Advanced StatefulSets (mstatefulset.kb.io, pkg/webhook/statefulset/mutating/
 * statefulset_create_update_handler.go): decode into the Go type (failure → 400), then SetDefaultsStatefulSet
 * (apis/apps/defaults/v1beta1.go) with the pod template defaults on create and on updates that change the template
 * (docs/kruise-rules.md §13.11).
 */
import { isObject, type JsonObject } from "./json";
import { defaultKruiseTemplateSpec } from "./pod-defaults";
import { checkTypedFields, type TypedStructs } from "./typed-decode";

const structs: TypedStructs = {
  spec: {
    goName: "StatefulSetSpec",
    fields: [
      { name: "replicas", want: "int32", goType: "int32" },
      { name: "revisionHistoryLimit", want: "int32", goType: "int32" },
      { name: "serviceName", want: "string", goType: "string" },
      { name: "podManagementPolicy", want: "string", goType: "v1.PodManagementPolicyType" },
      { name: "reserveOrdinals", want: "[]int", goType: "[]int" },
      { name: "selector", want: "object", goType: "v1.LabelSelector" },
      { name: "template", want: "object", goType: "v1.PodTemplateSpec" },
      { name: "volumeClaimTemplates", want: "array", goType: "[]v1.PersistentVolumeClaim" },
      { name: "updateStrategy", want: "object", goType: "v1beta1.StatefulSetUpdateStrategy" },
      { name: "scaleStrategy", want: "object", goType: "v1beta1.StatefulSetScaleStrategy" },
      { name: "lifecycle", want: "object", goType: "pub.Lifecycle" },
    ],
  },
  "spec.updateStrategy": {
    goName: "StatefulSetUpdateStrategy",
    fields: [
      { name: "type", want: "string", goType: "v1.StatefulSetUpdateStrategyType" },
      { name: "rollingUpdate", want: "object", goType: "v1beta1.RollingUpdateStatefulSetStrategy" },
    ],
  },
  "spec.updateStrategy.rollingUpdate": {
    goName: "RollingUpdateStatefulSetStrategy",
    fields: [
      { name: "partition", want: "int32", goType: "int32" },
      { name: "maxUnavailable", want: "intstr", goType: "int32" },
      { name: "podUpdatePolicy", want: "string", goType: "v1beta1.PodUpdateStrategyType" },
      { name: "paused", want: "bool", goType: "bool" },
      { name: "unorderedUpdate", want: "object", goType: "v1beta1.UnorderedUpdateStrategy" },
      { name: "inPlaceUpdateStrategy", want: "object", goType: "pub.InPlaceUpdateStrategy" },
      { name: "minReadySeconds", want: "int32", goType: "int32" },
    ],
  },
  "spec.scaleStrategy": {
    goName: "StatefulSetScaleStrategy",
    fields: [{ name: "maxUnavailable", want: "intstr", goType: "int32" }],
  },
};

/** Fails like the webhook's decoder when a typed StatefulSet field has the wrong JSON type. */
export function checkStatefulSetDecodable(obj: JsonObject): void {
  checkTypedFields(obj, {
    webhook: "mstatefulset.kb.io",
    kind: "StatefulSet",
    specType: "v1beta1.StatefulSetSpec",
    structs,
  });
}

const unset = (v: unknown) => v === undefined || v === null || v === "";

/**
 * SetDefaultsStatefulSet: podManagementPolicy OrderedReady; updateStrategy RollingUpdate with partition 0,
 * maxUnavailable 1, podUpdatePolicy ReCreate, minReadySeconds 0; persistentVolumeClaimRetentionPolicy Retain/Retain
 * (gate StatefulSetAutoDeletePVC, on by default); replicas 1; revisionHistoryLimit 10; and, when asked, the pod spec
 * defaults and volume claim template defaults.
 */
export function setStatefulSetDefaults(obj: JsonObject, injectTemplateDefaults: boolean): void {
  if (!isObject(obj.spec)) obj.spec = {};
  const spec = obj.spec;
  if (unset(spec.podManagementPolicy)) spec.podManagementPolicy = "OrderedReady";
  if (!isObject(spec.updateStrategy)) spec.updateStrategy = {};
  const us = spec.updateStrategy;
  if (unset(us.type)) us.type = "RollingUpdate";
  if (us.type === "RollingUpdate") {
    if (!isObject(us.rollingUpdate)) us.rollingUpdate = {};
    const ru = us.rollingUpdate;
    if (unset(ru.partition)) ru.partition = 0;
    if (unset(ru.maxUnavailable)) ru.maxUnavailable = 1;
    if (unset(ru.podUpdatePolicy)) ru.podUpdatePolicy = "ReCreate";
    if (unset(ru.minReadySeconds)) ru.minReadySeconds = 0;
  }
  if (!isObject(spec.persistentVolumeClaimRetentionPolicy)) spec.persistentVolumeClaimRetentionPolicy = {};
  const policy = spec.persistentVolumeClaimRetentionPolicy;
  if (unset(policy.whenDeleted)) policy.whenDeleted = "Retain";
  if (unset(policy.whenScaled)) policy.whenScaled = "Retain";
  if (unset(spec.replicas)) spec.replicas = 1;
  if (unset(spec.revisionHistoryLimit)) spec.revisionHistoryLimit = 10;
  if (injectTemplateDefaults) {
    if (isObject(spec.template)) {
      if (!isObject(spec.template.spec)) spec.template.spec = {};
      defaultKruiseTemplateSpec(spec.template.spec);
    }
    for (const vct of Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []) {
      if (!isObject(vct)) continue;
      if (!isObject(vct.status)) vct.status = {};
      if (unset(vct.status.phase)) vct.status.phase = "Pending";
    }
  }
}
