/**
 * Patch dispatch by content type, as apiserver pkg/endpoints/handlers/patch.go does it.
 * Custom resources have no strategic-merge schema → 415 (apiextensions-apiserver customresource handler).
 */
import { errors, type GroupKind, type GroupResource } from "../status";
import { applyJsonPatch } from "./json-patch";
import { applyMergePatch } from "./merge-patch";
import { applyStrategicPatch } from "./strategic";

export type PatchType = "json" | "merge" | "strategic" | "apply";

const mediaTypes: Record<string, PatchType> = {
  "application/json-patch+json": "json",
  "application/merge-patch+json": "merge",
  "application/strategic-merge-patch+json": "strategic",
  "application/apply-patch+yaml": "apply",
};

/** The patch type for a Content-Type header (parameters such as charset ignored), or null. */
export function patchTypeOf(contentType: string): PatchType | null {
  const media = contentType.split(";")[0].trim().toLowerCase();
  return mediaTypes[media] ?? null;
}

/** Media types a custom resource accepts for PATCH (the 415 message lists these). */
export const customResourcePatchTypes = [
  "application/json-patch+json",
  "application/merge-patch+json",
  "application/apply-patch+yaml",
];

/** Applies a non-apply patch; `current` is not mutated. Throws ApiError 400/413/415/422. */
export function applyPatch(
  current: object,
  body: string,
  type: Exclude<PatchType, "apply">,
  ctx: { gr: GroupResource; gk: GroupKind; name: string; builtin: boolean },
): object {
  switch (type) {
    case "json":
      return applyJsonPatch(current, body);
    case "merge":
      return applyMergePatch(current, body);
    case "strategic":
      // kube-apiserver's 415 has no details object (observed on 1.20)
      if (!ctx.builtin) {
        throw errors.raw(
          415,
          `the body of the request was in an unknown format - accepted media types include: ${customResourcePatchTypes.join(", ")}`,
          "UnsupportedMediaType",
        );
      }
      return applyStrategicPatch(current, body);
  }
}
