// Saving an edit without false conflicts: three-way merge against the live object, then a
// JSON patch from the live object to the merge, guarded by `test` ops on every touched field.
import type { JsonObject } from "./json";
import { createJsonPatch } from "./json-patch";
import { CONTENT_TYPE, type PatchRequest } from "./request";
import {
  assertSafeChoices,
  resolveConflicts,
  threeWayMerge,
  type Choice,
  type Conflict,
  type MergeOptions,
} from "./three-way";

export type EditSave =
  | { kind: "no-changes" }
  | { kind: "conflict"; conflicts: Conflict[]; merged: JsonObject }
  | { kind: "patch"; request: PatchRequest; merged: JsonObject; opCount: number };

export interface EditSaveOptions extends MergeOptions {
  /** Per-field choices (keyed by Conflict.field) from the conflict view. */
  choices?: Record<string, Choice>;
}

/**
 * Build the save request for an edit of `base` into `mine`, given the cluster's `latest`.
 * Only fields that differ between `latest` and the merge are touched, each behind a `test` with
 * its value in `latest`: a change that lands between computing and sending makes the server
 * answer 422 (docs/kruise-rules.md §11.6) and the caller re-merges; status and server-set metadata are never
 * touched or tested, so status churn cannot fail the save (§11.5). Unlike `kubectl edit`
 * (kubectl pkg/cmd/util/editor/editoptions.go, no precondition) a concurrent change to a field
 * the user changed is reported as a conflict instead of being overwritten.
 */
export function buildEditSave(
  base: JsonObject,
  mine: JsonObject,
  latest: JsonObject,
  opts: EditSaveOptions = {},
): EditSave {
  assertSafeChoices(opts.choices ?? {});
  const result = threeWayMerge(base, mine, latest, opts);
  let merged = result.merged;
  if (result.conflicts.length > 0) {
    const resolved = resolveConflicts(result, opts.choices ?? {});
    if (resolved.unresolved.length > 0) return { kind: "conflict", conflicts: resolved.unresolved, merged };
    merged = resolved.merged;
  }
  const ops = createJsonPatch(latest, merged, { tests: true });
  if (ops.length === 0) return { kind: "no-changes" };
  const changes = ops.filter((o) => o.op !== "test").length;
  const request: PatchRequest = {
    method: "PATCH",
    contentType: CONTENT_TYPE.jsonPatch,
    body: JSON.stringify(ops),
    note: `JSON patch of ${changes} change(s), each guarded by a test of the value now on the cluster: a concurrent change to a touched field fails with 422 instead of being overwritten; status is never touched.`,
  };
  return { kind: "patch", request, merged, opCount: ops.length };
}
