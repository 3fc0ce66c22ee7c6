// Rollout intents as guarded JSON patches (partition, pause, surge limits, undo).
import { isObject, type JsonObject, type JsonValue } from "./json";
import { guardedRequest, type FieldChange, type GuardOptions } from "./guarded";
import type { PatchRequest } from "./request";

const STRATEGY = ["spec", "updateStrategy"];

function current(base: JsonObject, key: string): JsonValue | undefined {
  const spec = isObject(base.spec) ? base.spec : {};
  const s = isObject(spec.updateStrategy) ? spec.updateStrategy : {};
  return s[key];
}

const show = (v: JsonValue | undefined) => (v === undefined ? "unset" : JSON.stringify(v));

/**
 * Set spec.updateStrategy.partition (int or "p%", apis/apps/v1alpha1/cloneset_types.go).
 * Tests the partition as shown and, by default, metadata.generation: the console wants the write to
 * fail if the partition or the spec changed since the preview, never because of status churn.
 */
export function partitionPatch(base: JsonObject, partition: number | string, opts: GuardOptions = {}): PatchRequest {
  const change: FieldChange = { path: [...STRATEGY, "partition"], value: partition };
  return guardedRequest(base, [change], `Set partition ${show(current(base, "partition"))} → ${show(partition)}`, opts);
}

/** Pause or resume the rollout (spec.updateStrategy.paused; the controller stops updating pods). */
export function pausePatch(base: JsonObject, paused: boolean, opts: GuardOptions = {}): PatchRequest {
  return guardedRequest(
    base,
    [{ path: [...STRATEGY, "paused"], value: paused }],
    paused ? "Pause the rollout" : "Resume the rollout",
    opts,
  );
}

/**
 * Set maxUnavailable / maxSurge (int or "p%"; docs/kruise-rules.md §3.3). A key left out is unchanged;
 * `null` removes the field so the default applies (maxUnavailable 20%, maxSurge 0).
 */
export function rollingLimitsPatch(
  base: JsonObject,
  limits: { maxUnavailable?: number | string | null; maxSurge?: number | string | null },
  opts: GuardOptions = {},
): PatchRequest {
  const changes: FieldChange[] = [];
  const parts: string[] = [];
  for (const key of ["maxUnavailable", "maxSurge"] as const) {
    const v = limits[key];
    if (v === undefined) continue;
    changes.push({ path: [...STRATEGY, key], value: v === null ? undefined : v });
    parts.push(`${key} ${show(current(base, key))} → ${v === null ? "default" : show(v)}`);
  }
  if (changes.length === 0) throw new Error("rollingLimitsPatch: nothing to change");
  return guardedRequest(base, changes, `Set ${parts.join(", ")}`, opts);
}

/**
 * The pod template stored in a CloneSet ControllerRevision (`data.spec.template`, docs/kruise-rules.md §6.1),
 * without the `$patch: replace` directive the revision carries.
 */
export function revisionTemplate(revision: JsonObject): JsonObject | undefined {
  const data = isObject(revision.data) ? revision.data : undefined;
  const spec = data && isObject(data.spec) ? data.spec : undefined;
  if (!spec || !isObject(spec.template)) return undefined;
  const t: JsonObject = { ...spec.template };
  delete t.$patch;
  return t;
}

/**
 * Roll back to a revision like `kubectl kruise rollout undo`: replace spec.template with the
 * revision's template; the controller then reuses that revision's name (docs/kruise-rules.md §6, §12 item 6).
 * Guarded by a test of the whole current template plus (by default) generation.
 */
export function rollbackPatch(base: JsonObject, revision: JsonObject, opts: GuardOptions = {}): PatchRequest {
  const template = revisionTemplate(revision);
  if (!template) throw new Error("rollbackPatch: the revision has no data.spec.template");
  const meta = isObject(revision.metadata) ? revision.metadata : {};
  const rev = typeof revision.revision === "number" ? ` (revision ${revision.revision})` : "";
  return guardedRequest(
    base,
    [{ path: ["spec", "template"], value: template }],
    `Roll back the pod template to ${String(meta.name ?? "?")}${rev}`,
    opts,
  );
}

/**
 * Roll back every pod: the revision's template and partition 0 in one guarded request. With the template alone a
 * partition above 0 keeps its share of pods on the revision rolled back from (docs/kruise-rules.md §6.6); here it
 * keeps none. Tests the template, the partition as shown and (by default) generation.
 */
export function rollbackEveryPodPatch(base: JsonObject, revision: JsonObject, opts: GuardOptions = {}): PatchRequest {
  const template = revisionTemplate(revision);
  if (!template) throw new Error("rollbackEveryPodPatch: the revision has no data.spec.template");
  const meta = isObject(revision.metadata) ? revision.metadata : {};
  const rev = typeof revision.revision === "number" ? ` (revision ${revision.revision})` : "";
  return guardedRequest(
    base,
    [
      { path: ["spec", "template"], value: template },
      { path: [...STRATEGY, "partition"], value: 0 },
    ],
    `Roll back every pod: the pod template to ${String(meta.name ?? "?")}${rev} and partition ${show(current(base, "partition"))} → 0`,
    opts,
  );
}

/** Set spec.replicas (a scale through the object, guarded like every update write; docs/kruise-rules.md §4.3). */
export function replicasPatch(base: JsonObject, replicas: number, opts: GuardOptions = {}): PatchRequest {
  const spec = isObject(base.spec) ? base.spec : {};
  return guardedRequest(
    base,
    [{ path: ["spec", "replicas"], value: replicas }],
    `Set replicas ${show(spec.replicas)} → ${replicas}`,
    opts,
  );
}
