// The four ways to send an edit, each with what it risks (seeds 001/002, docs/kruise-rules.md §11.6–§11.9).
import { buildApplyBody } from "./apply";
import type { JsonObject } from "./json";
import { createJsonPatch } from "./json-patch";
import { createMergePatch } from "./merge-patch";
import { CONTENT_TYPE, type PatchRequest } from "./request";
import { createStrategicMergePatch } from "./strategic";

export interface PatchPreviews {
  /** What `kubectl edit` would send: merge patch for CRs, strategic merge for built-ins. */
  kubectlEdit: PatchRequest;
  alternatives: PatchRequest[];
}

export const RISK = {
  mergePatch:
    "JSON merge patch (kubectl edit for custom resources): no precondition, last writer wins; lists are sent whole, so a concurrent change to another element of the same list is lost.",
  strategic:
    "Strategic merge patch (kubectl edit for built-ins): lists merge by key, but no precondition, last writer wins per field; custom resources reject it with 415.",
  jsonPatch:
    "JSON patch with test ops: fails with 422 if a touched field changed meanwhile; without tests, list indices could hit the wrong element after a concurrent insert.",
  apply:
    "Server-side apply: fields you own are tracked; a field owned by another manager conflicts (409) unless forced, and forcing takes it over; CR lists are atomic, so a changed list becomes yours whole.",
} as const;

/**
 * Patch previews for an edit of `original` into `edited` (both as shown in the editor, without
 * managedFields). `builtin` selects strategic merge for kubectl parity (kubectl
 * pkg/cmd/util/editor/editoptions.go: strategic for registered kinds, merge patch otherwise).
 */
export function patchPreviews(original: JsonObject, edited: JsonObject, opts: { builtin: boolean }): PatchPreviews {
  const merge: PatchRequest = {
    method: "PATCH",
    contentType: CONTENT_TYPE.mergePatch,
    body: JSON.stringify(createMergePatch(original, edited)),
    note: RISK.mergePatch,
  };
  const jsonPatch: PatchRequest = {
    method: "PATCH",
    contentType: CONTENT_TYPE.jsonPatch,
    body: JSON.stringify(createJsonPatch(original, edited, { tests: true })),
    note: RISK.jsonPatch,
  };
  const apply = buildApplyBody(original, edited, { keyedLists: opts.builtin });
  const applyNote = apply.dropped.length
    ? `${RISK.apply} Cannot express the removal of: ${apply.dropped.join(", ")}.`
    : RISK.apply;
  const ssa: PatchRequest = {
    method: "PATCH",
    contentType: CONTENT_TYPE.apply,
    body: JSON.stringify(apply.body),
    note: applyNote,
  };
  if (!opts.builtin) return { kubectlEdit: merge, alternatives: [jsonPatch, ssa] };
  const strategic: PatchRequest = {
    method: "PATCH",
    contentType: CONTENT_TYPE.strategicMergePatch,
    body: JSON.stringify(createStrategicMergePatch(original, edited)),
    note: RISK.strategic,
  };
  return { kubectlEdit: strategic, alternatives: [merge, jsonPatch, ssa] };
}

/**
 * True for kinds of the built-in API groups (core "", dotless groups like apps/batch, *.k8s.io),
 * which accept strategic merge patch. A heuristic: a few CRD groups end in .k8s.io too
 * (e.g. gateway.networking.k8s.io); callers with discovery data should prefer it.
 */
export function isBuiltinKind(obj: JsonObject): boolean {
  const apiVersion = typeof obj.apiVersion === "string" ? obj.apiVersion : "";
  const group = apiVersion.includes("/") ? apiVersion.split("/")[0] : "";
  return group === "" || !group.includes(".") || group.endsWith(".k8s.io");
}
