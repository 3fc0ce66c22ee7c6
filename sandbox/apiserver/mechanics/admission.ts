/**
 * Kruise admission for CloneSets, run by the sandbox where a real cluster calls Kruise's webhooks:
 * mutating mcloneset.kb.io (decode → 400, defaults) then validating vcloneset.kb.io (→ 422 with only a message,
 * the 1.20 apiserver shape: `admission webhook "vcloneset.kb.io" denied the request: …`; docs/kruise-rules.md §2.1,
 * §2.3, §11.8).
 * Kruise Rollout's webhooks run here too (rollout-admission.ts): the workload webhook after Kruise's CloneSet and
 * Advanced StatefulSet webhooks on UPDATE, the Rollout validating webhook on Rollout CREATE/UPDATE (docs/kruise-rollouts.md §9, §10).
 * Advanced StatefulSets and Advanced DaemonSets go through their own webhooks (workload-admission.ts). Other kinds,
 * and DELETE (the deletion-protection gate is off by default), pass through unchanged.
 */
import { errors, type GroupKind, type GroupResource } from "../status";
import { clone, isObject, type JsonObject } from "./json";
import { checkDecodable, setCloneSetDefaults, templateChanged } from "./cloneset-defaults";
import { validateCloneSet } from "./cloneset-validation";
import { validateCloneSetUpdate } from "./cloneset-update-validation";
import { aggregate } from "./go-render";
import { invalid } from "./invalid";
import { validateObjectMeta } from "./names";
import type { FieldError } from "../status";
import {
  mutateCloneSetForRollout,
  mutateStatefulSetForRollout,
  validateRolloutAdmission,
  type ListFn,
} from "./rollout-admission";
import { admitDaemonSet, admitStatefulSet } from "./workload-admission";

/**
 * The apiserver validates the object (ObjectMeta, CRD schema) between the mutating and the validating webhooks
 * (registry store.Create: BeforeCreate, then createValidation). Those failures must win over webhook denials, so
 * the checks that can fail here — object meta and the CRD's required spec.selector/spec.template — run first.
 */
function strategyErrors(cs: JsonObject): FieldError[] {
  const errs = validateObjectMeta(isObject(cs.metadata) ? cs.metadata : undefined, { namespaced: true });
  const spec = isObject(cs.spec) ? cs.spec : {};
  for (const f of ["selector", "template"])
    if (!isObject(spec[f])) errs.push({ type: "FieldValueRequired", field: `spec.${f}` });
  return errs;
}

/** What Go's re-encoding of the decoded CloneSet adds (zero-valued non-pointer structs), as the webhook's patch does. */
function goRoundTrip(cs: JsonObject): void {
  const tpl = isObject(cs.spec) && isObject(cs.spec.template) ? cs.spec.template : undefined;
  if (!tpl) return;
  if (!isObject(tpl.metadata)) tpl.metadata = {};
  if (!("creationTimestamp" in tpl.metadata)) tpl.metadata.creationTimestamp = null;
  const spec = isObject(tpl.spec) ? tpl.spec : undefined;
  for (const key of ["containers", "initContainers"]) {
    for (const c of Array.isArray(spec?.[key]) ? (spec![key] as unknown[]) : []) {
      if (isObject(c) && !isObject(c.resources)) c.resources = {};
    }
  }
}

/** Runs Kruise's CloneSet webhooks; returns the (possibly mutated) object or throws the webhook's ApiError. */
export function admit(
  op: "CREATE" | "UPDATE" | "DELETE",
  obj: object,
  old: object | undefined,
  ctx: {
    gk: GroupKind;
    gr: GroupResource;
    lookup: (ns: string, resource: string, name: string) => object | undefined;
    /** Objects of a resource in a namespace (the Rollout webhooks' lookups); none when unset. */
    list?: ListFn;
    dryRun: boolean;
  },
): object {
  const list = ctx.list ?? (() => []);
  if (ctx.gk.group === "rollouts.kruise.io" && ctx.gk.kind === "Rollout" && op !== "DELETE") {
    validateRolloutAdmission(op, obj as JsonObject, old as JsonObject | undefined, list);
    return obj;
  }
  if (ctx.gk.group === "apps.kruise.io" && op !== "DELETE") {
    const invalidOf = (o: JsonObject) => {
      const errs = strategyErrors(o);
      if (errs.length) throw invalid(ctx.gk, String(isObject(o.metadata) ? (o.metadata.name ?? "") : ""), errs);
    };
    if (ctx.gk.kind === "StatefulSet") {
      // Kruise's mutating webhook sorts before Kruise Rollout's; a partition of 32767 passes Kruise's validation.
      const set = admitStatefulSet(op, obj, old, invalidOf) as JsonObject;
      return op === "UPDATE" && old ? mutateStatefulSetForRollout(set, old as JsonObject, list) : set;
    }
    if (ctx.gk.kind === "DaemonSet") return admitDaemonSet(op, obj, old, invalidOf);
  }
  if (ctx.gk.group !== "apps.kruise.io" || ctx.gk.kind !== "CloneSet" || op === "DELETE") return obj;
  const cs = clone(obj) as JsonObject;
  const prev = old as JsonObject | undefined;
  checkDecodable(cs);
  setCloneSetDefaults(cs, templateChanged(cs, prev));
  goRoundTrip(cs);
  if (op === "UPDATE" && prev) mutateCloneSetForRollout(cs, prev, list);
  const invalidErrs = strategyErrors(cs);
  if (invalidErrs.length)
    throw invalid(ctx.gk, String(isObject(cs.metadata) ? (cs.metadata.name ?? "") : ""), invalidErrs);
  const errs =
    op === "UPDATE" && prev
      ? validateCloneSetUpdate(cs, prev, ctx.lookup)
      : validateCloneSet(cs, undefined, ctx.lookup);
  if (errs.length) throw errors.raw(422, `admission webhook "vcloneset.kb.io" denied the request: ${aggregate(errs)}`);
  return cs;
}
