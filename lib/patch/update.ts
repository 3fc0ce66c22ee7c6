// Rollout intents as guarded JSON patches (partition, pause, surge limits, undo).
import { isObject, type JsonObject, type JsonValue } from "./json";
import { guardedRequest, type FieldChange, type GuardOptions } from "./guarded";
import type { PatchRequest } from "./request";

/** A CloneSet's: partition, paused, maxUnavailable and maxSurge sit in spec.updateStrategy. */
export const CLONESET_STRATEGY: readonly string[] = ["spec", "updateStrategy"];

export interface UpdateOptions extends GuardOptions {
  /**
   * Where the kind keeps partition, paused and its limits (its home's `strategy.path`): a CloneSet's
   * spec.updateStrategy (the default), an Advanced StatefulSet's or DaemonSet's spec.updateStrategy.rollingUpdate.
   */
  at?: readonly string[];
}

function current(base: JsonObject, at: readonly string[], key: string): JsonValue | undefined {
  let cur: JsonValue | undefined = base;
  for (const k of at) cur = isObject(cur) ? cur[k] : undefined;
  return isObject(cur) ? cur[key] : undefined;
}

const show = (v: JsonValue | undefined) => (v === undefined ? "unset" : JSON.stringify(v));

/**
 * Set the partition: spec.updateStrategy.partition (int or "p%", apis/apps/v1alpha1/cloneset_types.go), or where
 * `opts.at` says (an Advanced StatefulSet's ordinal, an Advanced DaemonSet's count of nodes, in rollingUpdate).
 * Tests the partition as shown and, by default, metadata.generation: the console wants the write to
 * fail if the partition or the spec changed since the preview, never because of status churn.
 */
export function partitionPatch(base: JsonObject, partition: number | string, opts: UpdateOptions = {}): PatchRequest {
  const at = opts.at ?? CLONESET_STRATEGY;
  const change: FieldChange = { path: [...at, "partition"], value: partition };
  return guardedRequest(
    base,
    [change],
    `Set partition ${show(current(base, at, "partition"))} → ${show(partition)}`,
    opts,
  );
}

/** Pause or resume the rollout (`paused` where the kind keeps it; the controller stops updating pods). */
export function pausePatch(base: JsonObject, paused: boolean, opts: UpdateOptions = {}): PatchRequest {
  return guardedRequest(
    base,
    [{ path: [...(opts.at ?? CLONESET_STRATEGY), "paused"], value: paused }],
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
  opts: UpdateOptions = {},
): PatchRequest {
  const at = opts.at ?? CLONESET_STRATEGY;
  const changes: FieldChange[] = [];
  const parts: string[] = [];
  for (const key of ["maxUnavailable", "maxSurge"] as const) {
    const v = limits[key];
    if (v === undefined) continue;
    changes.push({ path: [...at, key], value: v === null ? undefined : v });
    parts.push(`${key} ${show(current(base, at, key))} → ${v === null ? "default" : show(v)}`);
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
export function rollbackEveryPodPatch(base: JsonObject, revision: JsonObject, opts: UpdateOptions = {}): PatchRequest {
  const at = opts.at ?? CLONESET_STRATEGY;
  const template = revisionTemplate(revision);
  if (!template) throw new Error("rollbackEveryPodPatch: the revision has no data.spec.template");
  const meta = isObject(revision.metadata) ? revision.metadata : {};
  const rev = typeof revision.revision === "number" ? ` (revision ${revision.revision})` : "";
  return guardedRequest(
    base,
    [
      { path: ["spec", "template"], value: template },
      { path: [...at, "partition"], value: 0 },
    ],
    `Roll back every pod: the pod template to ${String(meta.name ?? "?")}${rev} and partition ${show(current(base, at, "partition"))} → 0`,
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
