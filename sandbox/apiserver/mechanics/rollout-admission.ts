/**
 * Kruise Rollout's admission, run by the sandbox where a real cluster calls the rollouts webhooks:
 * the workload mutating webhook for CloneSets (docs/kruise-rollouts.md §9) and Advanced StatefulSets (§15.2), and the
 * Rollout validating webhook (§10). Upstream: openkruise/rollouts v0.6.2
 * pkg/webhook/workload/mutating/workload_update_handler.go `handleCloneSet`, unified_update_handler.go
 * `handleStatefulSetLikeWorkload`, pkg/webhook/rollout/validating/rollout_create_update_handler.go.
 */
import { errors } from "../status";
import { clone, deepEqual, isObject, type JsonObject } from "./json";
import { aggregate, type WebhookFieldError } from "./go-render";
import { validateRolloutSpec } from "./rollout-validation";

export const WORKLOAD_TYPE_LABEL = "rollouts.kruise.io/workload-type";
export const IN_PROGRESSING_ANNOTATION = "rollouts.kruise.io/in-progressing";
export const ROLLOUT_ID_KEY = "rollouts.kruise.io/rollout-id";

/** Objects of one resource in a namespace (copies), for the Rollout lookups. */
export type ListFn = (ns: string, resource: string) => object[];

const obj = (v: unknown): JsonObject => (isObject(v) ? v : {});
const annotations = (o: JsonObject) => obj(obj(o.metadata).annotations);

/** `EqualIgnoreHash`: the pod templates equal once the `pod-template-hash` label is ignored. */
function templatesEqualIgnoringHash(a: unknown, b: unknown): boolean {
  const strip = (t: unknown) => {
    const c = clone(obj(t));
    const labels = obj(obj(c.metadata).labels);
    delete labels["pod-template-hash"];
    return c;
  };
  return deepEqual(strip(a), strip(b));
}

function refMatches(rollout: JsonObject, group: string, kind: string, name: string): boolean {
  const ref = obj(obj(rollout.spec).workloadRef);
  const apiVersion = String(ref.apiVersion ?? "");
  const refGroup = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.lastIndexOf("/")) : "";
  return refGroup === group && ref.kind === kind && ref.name === name;
}

/** `fetchMatchedRollout`: same namespace, not being deleted, phase ≠ Disabled, workloadRef group/kind/name. */
function matchedRollout(cs: JsonObject, list: ListFn, kind = "CloneSet"): JsonObject | undefined {
  const m = obj(cs.metadata);
  return (list(String(m.namespace ?? ""), "rollouts") as JsonObject[]).find(
    (r) =>
      !obj(r.metadata).deletionTimestamp &&
      obj(r.status).phase !== "Disabled" &&
      refMatches(r, "apps.kruise.io", kind, String(m.name ?? "")),
  );
}

/** The webhook's "does this update start a release" test: a new rollout ID, or a changed template without one. */
function startsRelease(next: JsonObject, old: JsonObject, template: (o: JsonObject) => unknown): boolean {
  const newId = String(annotations(next)[ROLLOUT_ID_KEY] ?? "");
  const oldId = String(annotations(old)[ROLLOUT_ID_KEY] ?? "");
  if (newId !== "" && newId === oldId) return false;
  return newId !== "" || !templatesEqualIgnoringHash(template(old), template(next));
}

const hasStrategy = (rollout: JsonObject) => {
  const strategy = obj(obj(rollout.spec).strategy);
  return isObject(strategy.canary) || isObject(strategy.blueGreen);
};

function markInProgressing(o: JsonObject, old: JsonObject, rollout: JsonObject): void {
  const meta = obj(o.metadata);
  if (!meta.uid) meta.uid = obj(old.metadata).uid ?? null;
  meta.annotations = {
    ...annotations(o),
    [IN_PROGRESSING_ANNOTATION]: JSON.stringify({ rolloutName: obj(rollout.metadata).name }),
  };
}

/** `math.MaxInt16`: the partition that keeps every ordinal of a StatefulSet-like workload on its old revision. */
export const STATEFULSET_HOLD_PARTITION = 32767;

/**
 * The unified workload webhook on an Advanced StatefulSet UPDATE (docs/kruise-rollouts.md §15.2): only with the
 * label `rollouts.kruise.io/workload-type: statefulset`, replicas > 0 and a RollingUpdate strategy; a release
 * start sets `rollingUpdate.partition` to 32767 and the in-progressing annotation. Unlike the CloneSet's, it has
 * no traffic-routing check. Upstream: pkg/webhook/workload/mutating/unified_update_handler.go.
 */
export function mutateStatefulSetForRollout(set: JsonObject, old: JsonObject, list: ListFn): JsonObject {
  const type = obj(obj(set.metadata).labels)[WORKLOAD_TYPE_LABEL];
  if (String(type ?? "").toLowerCase() !== "statefulset") return set;
  const spec = obj(set.spec);
  const strategy = obj(spec.updateStrategy);
  if (spec.replicas === 0 || (strategy.type !== undefined && strategy.type !== "RollingUpdate")) return set;
  if (!startsRelease(set, old, (o) => obj(o.spec).template)) return set;
  const rollout = matchedRollout(set, list, "StatefulSet");
  if (!rollout || !hasStrategy(rollout)) return set;
  spec.updateStrategy = {
    ...strategy,
    rollingUpdate: { ...obj(strategy.rollingUpdate), partition: STATEFULSET_HOLD_PARTITION },
  };
  markInProgressing(set, old, rollout);
  return set;
}

/**
 * The workload webhook on a CloneSet UPDATE (subresources never reach it). Returns the object, mutated when the
 * update starts (or restarts) a release: partition "100%" and the in-progressing annotation; paused untouched.
 */
export function mutateCloneSetForRollout(cs: JsonObject, old: JsonObject, list: ListFn): JsonObject {
  const labels = obj(obj(cs.metadata).labels);
  if (!(WORKLOAD_TYPE_LABEL in labels)) return cs; // the webhook's object selector
  const spec = obj(cs.spec);
  if (spec.replicas === 0) return cs;
  if (!startsRelease(cs, old, (o) => obj(o.spec).template)) return cs;
  const rollout = matchedRollout(cs, list);
  if (!rollout || !hasStrategy(rollout)) return cs;
  const strategy = obj(obj(rollout.spec).strategy);
  const routings = obj(strategy.canary ?? strategy.blueGreen).trafficRoutings;
  const st = obj(cs.status);
  if (Array.isArray(routings) && routings.length > 0 && st.replicas !== st.updatedReplicas) return cs;
  spec.updateStrategy = { ...obj(spec.updateStrategy), partition: "100%" };
  markInProgressing(cs, old, rollout);
  return cs;
}

function sameWorkloadRef(a: JsonObject, b: JsonObject): boolean {
  return deepEqual(obj(obj(a.spec).workloadRef), obj(obj(b.spec).workloadRef));
}

const stepsOf = (r: JsonObject): unknown[] => {
  const s = obj(obj(r.spec).strategy);
  const steps = obj(s.canary ?? s.blueGreen).steps;
  return Array.isArray(steps) ? steps : [];
};
const routingsOf = (r: JsonObject): unknown => {
  const s = obj(obj(r.spec).strategy);
  return obj(s.canary ?? s.blueGreen).trafficRoutings ?? null;
};
const styleOf = (r: JsonObject): string => {
  const s = obj(obj(r.spec).strategy);
  if (isObject(s.blueGreen)) return "BlueGreen";
  return obj(s.canary).enableExtraWorkloadForCanary === true ? "Canary" : "Partition";
};

/** `validateRolloutUpdate`: what may not change while the live phase is Progressing or Terminating. */
function updateErrors(next: JsonObject, old: JsonObject, live: JsonObject | undefined): WebhookFieldError[] {
  const phase = obj(live?.status).phase;
  if (phase !== "Progressing" && phase !== "Terminating") return [];
  const forbidden = (field: string, detail: string): WebhookFieldError[] => [
    { type: "FieldValueForbidden", field, detail },
  ];
  if (!sameWorkloadRef(old, next)) return forbidden("Spec.ObjectRef", "Rollout 'ObjectRef' field is immutable");
  if (!deepEqual(routingsOf(old), routingsOf(next)))
    return forbidden(
      "Spec.Strategy.Canary|BlueGreen.TrafficRoutings",
      "Rollout 'Strategy.Canary|BlueGreen.TrafficRoutings' field is immutable",
    );
  if (styleOf(old) !== styleOf(next))
    return forbidden("Spec.Strategy.Canary|BlueGreen", "Rollout style and enableExtraWorkloadForCanary are immutable");
  if (stepsOf(old).length !== stepsOf(next).length)
    return forbidden("Spec.Strategy.Canary|BlueGreen", "Amount of Rollout steps are immutable");
  return [];
}

/** `validateRolloutConflict`: one Rollout per workload in a namespace. */
function conflictErrors(r: JsonObject, list: ListFn): WebhookFieldError[] {
  const m = obj(r.metadata);
  const other = (list(String(m.namespace ?? ""), "rollouts") as JsonObject[]).find(
    (o) => obj(o.metadata).name !== m.name && sameWorkloadRef(o, r),
  );
  if (!other) return [];
  return [
    {
      type: "FieldValueInvalid",
      field: "Conflict Checker",
      value: String(m.name ?? ""),
      detail: `This rollout conflict with Rollout(${String(m.namespace)}/${String(obj(other.metadata).name)}), one workload only have less than one Rollout`,
    },
  ];
}

/**
 * The Rollout validating webhook (vrollout.kb.io) on CREATE/UPDATE of the main resource: 422 with the
 * aggregated field errors, as the apiserver reports a webhook denial.
 */
export function validateRolloutAdmission(
  op: "CREATE" | "UPDATE",
  r: JsonObject,
  old: JsonObject | undefined,
  list: ListFn,
): void {
  let errs = [...validateRolloutSpec(r), ...conflictErrors(r, list)];
  if (!errs.length && op === "UPDATE" && old) errs = updateErrors(r, old, old);
  if (errs.length) throw errors.raw(422, `admission webhook "vrollout.kb.io" denied the request: ${aggregate(errs)}`);
}
