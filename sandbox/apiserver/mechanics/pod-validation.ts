/**
 * A proportionate subset of core pod spec validation (k8s.io/kubernetes pkg/apis/core/validation/validation.go
 * ValidatePodSpec, validateContainers, validateVolumes, validateRestartPolicy, validateDNSPolicy),
 * with kube's field paths and messages.
 */
import type { FieldError } from "../status";
import { isObject, type Json, type JsonObject } from "./json";
import { isDNS1123Label } from "./names";

const supported = (vals: string[]) => `supported values: ${vals.map((v) => JSON.stringify(v)).join(", ")}`;

function oneOf(errs: FieldError[], field: string, v: Json | undefined, vals: string[]) {
  if (v === undefined || v === null || v === "") errs.push({ type: "FieldValueRequired", field });
  else if (!vals.includes(String(v)))
    errs.push({ type: "FieldValueNotSupported", field, value: v, detail: supported(vals) });
}

function validateVolumes(vols: Json[], path: string, errs: FieldError[]): Set<string> {
  const names = new Set<string>();
  vols.forEach((v, i) => {
    const p = `${path}[${i}].name`;
    const name = isObject(v) ? v.name : undefined;
    if (typeof name !== "string" || !name) {
      errs.push({ type: "FieldValueRequired", field: p });
      return;
    }
    for (const m of isDNS1123Label(name)) errs.push({ type: "FieldValueInvalid", field: p, value: name, detail: m });
    if (names.has(name)) errs.push({ type: "FieldValueDuplicate", field: p, value: name });
    names.add(name);
  });
  return names;
}

function validateContainer(c: JsonObject, p: string, volumes: Set<string>, errs: FieldError[]) {
  if (typeof c.image !== "string" || !c.image.trim()) errs.push({ type: "FieldValueRequired", field: `${p}.image` });
  (Array.isArray(c.ports) ? c.ports : []).forEach((port, j) => {
    if (!isObject(port)) return;
    const cp = port.containerPort;
    if (typeof cp !== "number" || cp < 1 || cp > 65535) {
      errs.push({
        type: "FieldValueInvalid",
        field: `${p}.ports[${j}].containerPort`,
        value: cp ?? 0,
        detail: "must be between 1 and 65535, inclusive",
      });
    }
    oneOf(errs, `${p}.ports[${j}].protocol`, port.protocol, ["SCTP", "TCP", "UDP"]);
  });
  (Array.isArray(c.env) ? c.env : []).forEach((e, j) => {
    if (!isObject(e) || typeof e.name !== "string" || !e.name)
      errs.push({ type: "FieldValueRequired", field: `${p}.env[${j}].name` });
  });
  (Array.isArray(c.volumeMounts) ? c.volumeMounts : []).forEach((m, j) => {
    if (!isObject(m)) return;
    if (typeof m.name !== "string" || !m.name)
      errs.push({ type: "FieldValueRequired", field: `${p}.volumeMounts[${j}].name` });
    else if (!volumes.has(m.name))
      errs.push({ type: "FieldValueNotFound", field: `${p}.volumeMounts[${j}].name`, value: m.name });
    if (typeof m.mountPath !== "string" || !m.mountPath)
      errs.push({ type: "FieldValueRequired", field: `${p}.volumeMounts[${j}].mountPath` });
  });
  oneOf(errs, `${p}.terminationMessagePolicy`, c.terminationMessagePolicy, ["File", "FallbackToLogsOnError"]);
  oneOf(errs, `${p}.imagePullPolicy`, c.imagePullPolicy, ["Always", "IfNotPresent", "Never"]);
}

function validateContainers(
  list: Json | undefined,
  path: string,
  volumes: Set<string>,
  seen: Set<string>,
  errs: FieldError[],
  required: boolean,
) {
  const cs = Array.isArray(list) ? list : [];
  if (required && cs.length === 0) {
    errs.push({ type: "FieldValueRequired", field: path });
    return;
  }
  cs.forEach((c, i) => {
    const p = `${path}[${i}]`;
    if (!isObject(c)) return;
    const name = c.name;
    if (typeof name !== "string" || !name) errs.push({ type: "FieldValueRequired", field: `${p}.name` });
    else {
      for (const m of isDNS1123Label(name))
        errs.push({ type: "FieldValueInvalid", field: `${p}.name`, value: name, detail: m });
      if (seen.has(name)) errs.push({ type: "FieldValueDuplicate", field: `${p}.name`, value: name });
      seen.add(name);
    }
    validateContainer(c, p, volumes, errs);
  });
}

/** ValidatePodSpec (subset). `path` is e.g. "spec" or "spec.template.spec". */
export function validatePodSpec(spec: JsonObject | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const s = spec ?? {};
  const volumes = validateVolumes(Array.isArray(s.volumes) ? s.volumes : [], `${path}.volumes`, errs);
  const seen = new Set<string>();
  validateContainers(s.containers, `${path}.containers`, volumes, seen, errs, true);
  validateContainers(s.initContainers, `${path}.initContainers`, volumes, seen, errs, false);
  oneOf(errs, `${path}.restartPolicy`, s.restartPolicy, ["Always", "OnFailure", "Never"]);
  oneOf(errs, `${path}.dnsPolicy`, s.dnsPolicy, ["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"]);
  const grace = s.terminationGracePeriodSeconds;
  if (typeof grace === "number" && grace < 0)
    errs.push({
      type: "FieldValueInvalid",
      field: `${path}.terminationGracePeriodSeconds`,
      value: grace,
      detail: "must be greater than or equal to 0",
    });
  const ads = s.activeDeadlineSeconds;
  if (typeof ads === "number" && (ads < 1 || ads > 2147483647)) {
    errs.push({
      type: "FieldValueInvalid",
      field: `${path}.activeDeadlineSeconds`,
      value: ads,
      detail: "must be between 1 and 2147483647, inclusive",
    });
  }
  return errs;
}
