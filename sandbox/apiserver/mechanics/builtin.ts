/**
 * Validation of the built-in kinds the sandbox serves (k8s.io/kubernetes pkg/apis/core/validation:
 * ValidatePod/ValidatePodUpdate, ValidateNamespace, ValidateNode, ValidateEvent; pkg/apis/apps/validation
 * ValidateControllerRevision). Pods are defaulted in place on create, as the apiserver's defaulting does.
 * Throws 422 Invalid (errors.NewInvalid with the Kind).
 */
import type { FieldError } from "../status";
import { invalid } from "./invalid";
import { deepEqual, isObject, type Json, type JsonObject } from "./json";
import { isDNS1123Label, validateObjectMeta } from "./names";
import { defaultPod, defaultPodSpec, normalizePodStatus } from "./pod-defaults";
import { validatePodSpec } from "./pod-validation";

const groups: Record<string, string> = { ControllerRevision: "apps" };
const clusterScoped = new Set(["Namespace", "Node"]);

const podUpdateMessage =
  "pod updates may not change fields other than `spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds` or `spec.tolerations` (only additions to existing tolerations)";

function metaUpdate(obj: JsonObject, old: JsonObject | undefined): FieldError[] {
  if (!old) return [];
  const errs: FieldError[] = [];
  const m = (isObject(obj.metadata) ? obj.metadata : {}) as JsonObject;
  const o = (isObject(old.metadata) ? old.metadata : {}) as JsonObject;
  for (const f of ["name", "namespace"]) {
    if ((m[f] ?? "") !== (o[f] ?? ""))
      errs.push({ type: "FieldValueInvalid", field: `metadata.${f}`, value: m[f] ?? "", detail: "field is immutable" });
  }
  return errs;
}

/** ValidatePodUpdate: only images, activeDeadlineSeconds and added tolerations may change. */
function podUpdate(spec: JsonObject, oldSpec: JsonObject): FieldError[] {
  if (spec === oldSpec) return []; // a status write keeps the stored spec itself
  // ValidatePodUpdate checks the container counts first and stops there.
  for (const key of ["containers", "initContainers"]) {
    const count = (v: Json | undefined) => (Array.isArray(v) ? v.length : 0);
    if (count(spec[key]) !== count(oldSpec[key])) {
      return [
        { type: "FieldValueForbidden", field: `spec.${key}`, detail: "pod updates may not add or remove containers" },
      ];
    }
  }
  const munged = structuredClone(spec) as JsonObject;
  for (const key of ["containers", "initContainers"]) {
    const now = Array.isArray(munged[key]) ? (munged[key] as Json[]) : [];
    const before = Array.isArray(oldSpec[key]) ? (oldSpec[key] as Json[]) : [];
    now.forEach((c, i) => {
      if (isObject(c) && isObject(before[i])) c.image = (before[i] as JsonObject).image;
    });
  }
  munged.activeDeadlineSeconds = oldSpec.activeDeadlineSeconds;
  if (munged.activeDeadlineSeconds === undefined) delete munged.activeDeadlineSeconds;
  const oldTol = Array.isArray(oldSpec.tolerations) ? oldSpec.tolerations : [];
  const newTol = Array.isArray(munged.tolerations) ? munged.tolerations : [];
  if (oldTol.every((t) => newTol.some((n) => deepEqual(n, t)))) {
    if (oldSpec.tolerations === undefined) delete munged.tolerations;
    else munged.tolerations = oldTol;
  }
  if (deepEqual(munged, oldSpec)) return [];
  return [{ type: "FieldValueForbidden", field: "spec", detail: `${podUpdateMessage}\n${specDiff(munged, oldSpec)}` }];
}

/** A short, readable stand-in for kube's ObjectDiff: the top-level spec keys that differ. */
function specDiff(a: JsonObject, b: JsonObject): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !deepEqual(a[k], b[k])).sort();
  return keys.map((k) => `  ${k}: ${JSON.stringify(b[k] ?? null)} -> ${JSON.stringify(a[k] ?? null)}`).join("\n");
}

function kindErrors(kind: string, obj: JsonObject, old: JsonObject | undefined): FieldError[] {
  switch (kind) {
    case "Pod": {
      const errs = validatePodSpec(isObject(obj.spec) ? obj.spec : undefined, "spec");
      if (old && isObject(obj.spec) && isObject(old.spec)) errs.push(...podUpdate(obj.spec, old.spec));
      return errs;
    }
    case "ControllerRevision": {
      const errs: FieldError[] = [];
      if (obj.data === undefined || obj.data === null)
        errs.push({ type: "FieldValueRequired", field: "data", detail: "data is mandatory" });
      const rev = typeof obj.revision === "number" ? obj.revision : 0;
      if (rev < 0)
        errs.push({
          type: "FieldValueInvalid",
          field: "revision",
          value: rev,
          detail: "must be greater than or equal to 0",
        });
      if (old && !deepEqual(obj.data, old.data))
        errs.push({ type: "FieldValueInvalid", field: "data", value: obj.data, detail: "field is immutable" });
      return errs;
    }
    case "Event": {
      const ns = isObject(obj.metadata) ? obj.metadata.namespace : undefined;
      const io = isObject(obj.involvedObject) ? obj.involvedObject : {};
      if (io.namespace && ns && io.namespace !== ns) {
        return [
          {
            type: "FieldValueInvalid",
            field: "involvedObject.namespace",
            value: io.namespace,
            detail: "does not match event.namespace",
          },
        ];
      }
      return [];
    }
    default:
      return [];
  }
}

/**
 * Validates (and for a created Pod, defaults in place) a built-in object; throws 422 Invalid. On an update, a pod
 * spec or status that is the stored one itself (a write that did not touch it shares it) was defaulted and
 * validated when it was stored, and validation depends on nothing else: it is not walked again.
 */
export function validateBuiltin(kind: string, obj: object, old?: object): void {
  const o = obj as JsonObject;
  const prev = old as JsonObject | undefined;
  const storedSpec = !!prev && isObject(o.spec) && o.spec === prev.spec;
  if (kind === "Pod" && !prev) defaultPod(o);
  // kube defaults every decoded object, so a container added by a patch is defaulted before validation.
  if (kind === "Pod" && prev && !storedSpec && isObject(o.spec)) defaultPodSpec(o.spec);
  if (kind === "Pod" && !(prev && o.status === prev.status)) normalizePodStatus(o);
  const meta = isObject(o.metadata) ? o.metadata : undefined;
  const errs = [
    ...validateObjectMeta(meta, {
      namespaced: !clusterScoped.has(kind),
      nameFn: kind === "Namespace" ? isDNS1123Label : undefined,
      old: prev && isObject(prev.metadata) ? prev.metadata : undefined,
    }),
    ...metaUpdate(o, prev),
    ...(kind === "Pod" && storedSpec ? [] : kindErrors(kind, o, prev)),
  ];
  if (errs.length) throw invalid({ group: groups[kind] ?? "", kind }, String(meta?.name ?? ""), errs);
}
