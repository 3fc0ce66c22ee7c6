/**
 * Kruise's webhooks for Advanced StatefulSets and Advanced DaemonSets, as the sandbox runs them where a real cluster
 * calls kruise-manager (docs/kruise-rules.md §13.11, §14.11): decode (400), defaults, then validation with the 1.20
 * apiserver's message shape `admission webhook "<name>" denied the request: …`.
 */
import { errors } from "../status";
import { clone, deepEqual, isObject, type JsonObject } from "./json";
import { aggregate } from "./go-render";
import { nonImageTemplateChange } from "./cloneset-update-validation";
import { checkStatefulSetDecodable, setStatefulSetDefaults } from "./statefulset-defaults";
import { validateStatefulSet, validateStatefulSetUpdate } from "./statefulset-validation";
import {
  checkDaemonSetDecodable,
  setDaemonSetDefaults,
  validateDaemonSet,
  validateDaemonSetUpdate,
} from "./daemonset-admission";

/** What Go's re-encoding of a decoded pod template adds: `creationTimestamp: null`, `resources: {}` per container. */
export function goTemplateRoundTrip(tpl: unknown): void {
  if (!isObject(tpl)) return;
  if (!isObject(tpl.metadata)) tpl.metadata = {};
  if (!("creationTimestamp" in tpl.metadata)) tpl.metadata.creationTimestamp = null;
  const spec = isObject(tpl.spec) ? tpl.spec : undefined;
  for (const key of ["containers", "initContainers"])
    for (const c of Array.isArray(spec?.[key]) ? (spec![key] as unknown[]) : [])
      if (isObject(c) && !isObject(c.resources)) c.resources = {};
}

const templateOf = (o: JsonObject | undefined) => (o && isObject(o.spec) ? o.spec.template : undefined);

/** mstatefulset.kb.io then vstatefulset.kb.io; `invalid` runs the apiserver's own checks between the two. */
export function admitStatefulSet(
  op: "CREATE" | "UPDATE",
  obj: object,
  old: object | undefined,
  invalid: (o: JsonObject) => void,
): object {
  const set = clone(obj) as JsonObject;
  const prev = old as JsonObject | undefined;
  checkStatefulSetDecodable(set);
  setStatefulSetDefaults(set, !prev || !deepEqual(templateOf(set), templateOf(prev)));
  const spec = set.spec as JsonObject;
  goTemplateRoundTrip(spec.template);
  for (const vct of Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : []) {
    if (!isObject(vct)) continue;
    if (!isObject(vct.metadata)) vct.metadata = {};
    if (!("creationTimestamp" in vct.metadata)) vct.metadata.creationTimestamp = null;
    if (!isObject(vct.spec)) vct.spec = {};
    if (!isObject(vct.spec.resources)) vct.spec.resources = {};
  }
  invalid(set);
  const errs = validateStatefulSet(set);
  if (op === "UPDATE" && prev) errs.push(...validateStatefulSetUpdate(set, prev));
  const denied = (msg: string) => errors.raw(422, `admission webhook "vstatefulset.kb.io" denied the request: ${msg}`);
  if (errs.length) throw denied(aggregate(errs));
  const ru =
    isObject(spec.updateStrategy) && isObject(spec.updateStrategy.rollingUpdate)
      ? spec.updateStrategy.rollingUpdate
      : {};
  const change =
    op === "UPDATE" && prev && ru.podUpdatePolicy === "InPlaceOnly" ? nonImageTemplateChange(prev, set) : undefined;
  if (change)
    throw denied(
      `invalid template modified with InPlaceOnly strategy: ${change}, currently only image update is allowed for InPlaceOnly`,
    );
  return set;
}

/** mdaemonset.kb.io then vdaemonset.kb.io. */
export function admitDaemonSet(
  op: "CREATE" | "UPDATE",
  obj: object,
  old: object | undefined,
  invalid: (o: JsonObject) => void,
): object {
  const ds = clone(obj) as JsonObject;
  checkDaemonSetDecodable(ds);
  // Without a change the webhook answers "allowed" with no patch, so the object keeps its own encoding.
  if (setDaemonSetDefaults(ds)) goTemplateRoundTrip((ds.spec as JsonObject).template);
  invalid(ds);
  if (op === "CREATE") {
    const errs = validateDaemonSet(ds);
    if (errs.length)
      throw errors.raw(500, `admission webhook "vdaemonset.kb.io" denied the request: ${aggregate(errs)}`);
  } else if (old) {
    const errs = validateDaemonSetUpdate(ds, old as JsonObject);
    if (errs.length)
      throw errors.raw(422, `admission webhook "vdaemonset.kb.io" denied the request: ${aggregate(errs)}`);
  }
  return ds;
}
