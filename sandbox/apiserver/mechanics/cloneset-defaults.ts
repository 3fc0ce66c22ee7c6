/**
 * Kruise's mutating webhook for CloneSets (mcloneset.kb.io, pkg/webhook/cloneset/mutating/
 * cloneset_create_update_handler.go): decode the object into the Go type (failure → 400 with Go's
 * encoding/json message), then SetDefaultsCloneSet (apis/apps/defaults/v1alpha1.go).
 */
import { deepEqual, isObject, type JsonObject } from "./json";
import { defaultKruiseTemplateSpec } from "./pod-defaults";
import { checkTypedFields, type TypedStructs } from "./typed-decode";

const structs: TypedStructs = {
  spec: {
    goName: "CloneSetSpec",
    fields: [
      { name: "replicas", want: "int32", goType: "int32" },
      { name: "minReadySeconds", want: "int32", goType: "int32" },
      { name: "revisionHistoryLimit", want: "int32", goType: "int32" },
      { name: "progressDeadlineSeconds", want: "int32", goType: "int32" },
      { name: "selector", want: "object", goType: "v1.LabelSelector" },
      { name: "template", want: "object", goType: "v1.PodTemplateSpec" },
      { name: "volumeClaimTemplates", want: "array", goType: "[]v1.PersistentVolumeClaim" },
      { name: "scaleStrategy", want: "object", goType: "v1alpha1.CloneSetScaleStrategy" },
      { name: "updateStrategy", want: "object", goType: "v1alpha1.CloneSetUpdateStrategy" },
      { name: "lifecycle", want: "object", goType: "pub.Lifecycle" },
    ],
  },
  "spec.updateStrategy": {
    goName: "CloneSetUpdateStrategy",
    fields: [
      { name: "type", want: "string", goType: "v1alpha1.CloneSetUpdateStrategyType" },
      { name: "partition", want: "intstr", goType: "int32" },
      { name: "maxUnavailable", want: "intstr", goType: "int32" },
      { name: "maxSurge", want: "intstr", goType: "int32" },
      { name: "paused", want: "bool", goType: "bool" },
      { name: "priorityStrategy", want: "object", goType: "pub.UpdatePriorityStrategy" },
      { name: "scatterStrategy", want: "array", goType: "v1alpha1.UpdateScatterStrategy" },
      { name: "inPlaceUpdateStrategy", want: "object", goType: "pub.InPlaceUpdateStrategy" },
    ],
  },
  "spec.scaleStrategy": {
    goName: "CloneSetScaleStrategy",
    fields: [
      { name: "podsToDelete", want: "[]string", goType: "[]string" },
      { name: "maxUnavailable", want: "intstr", goType: "int32" },
      { name: "disablePVCReuse", want: "bool", goType: "bool" },
    ],
  },
};

/** Fails like the webhook's decoder when a typed CloneSet field has the wrong JSON type. */
export function checkDecodable(obj: JsonObject): void {
  checkTypedFields(obj, { webhook: "mcloneset.kb.io", kind: "CloneSet", specType: "v1alpha1.CloneSetSpec", structs });
}

/** SetDefaultsCloneSet: replicas 1, revisionHistoryLimit 10, ReCreate, partition 0, maxUnavailable 20%, maxSurge 0. */
export function setCloneSetDefaults(obj: JsonObject, injectTemplateDefaults: boolean): void {
  if (!isObject(obj.spec)) obj.spec = {};
  const spec = obj.spec;
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  if (spec.revisionHistoryLimit === undefined || spec.revisionHistoryLimit === null) spec.revisionHistoryLimit = 10;
  if (injectTemplateDefaults && isObject(spec.template)) {
    if (!isObject(spec.template.spec)) spec.template.spec = {};
    defaultKruiseTemplateSpec(spec.template.spec);
  }
  if (!isObject(spec.updateStrategy)) spec.updateStrategy = {};
  const us = spec.updateStrategy;
  if (!us.type) us.type = "ReCreate";
  else if ((us.type === "InPlaceIfPossible" || us.type === "InPlaceOnly") && !isObject(us.inPlaceUpdateStrategy))
    us.inPlaceUpdateStrategy = {};
  if (us.partition === undefined || us.partition === null) us.partition = 0;
  if (us.maxUnavailable === undefined || us.maxUnavailable === null) us.maxUnavailable = "20%";
  if (us.maxSurge === undefined || us.maxSurge === null) us.maxSurge = 0;
  if (!isObject(spec.scaleStrategy)) spec.scaleStrategy = {};
}

/** Template defaults are injected on create and on updates that change the template. */
export function templateChanged(obj: JsonObject, old: JsonObject | undefined): boolean {
  if (!old) return true;
  const t = isObject(obj.spec) ? obj.spec.template : undefined;
  const o = isObject(old.spec) ? old.spec.template : undefined;
  return !deepEqual(t, o);
}
