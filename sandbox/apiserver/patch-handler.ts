import type { Reply, Services } from "./handler-types";
import type { WriteCtx } from "./cluster";
import { applyPatch, patchTypeOf } from "./mechanics/patch";
import { serverSideApply } from "./mechanics/managed-fields";
import { rfc3339 } from "./meta";
import { decodeRaw } from "./request";
import { errors } from "./status";
import { apiVersionOf, type Obj, type ResourceType } from "./types";
import { createObject, updateObject } from "./write";

const PATCH_TYPES = ["application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml"];

/** PATCH (apiserver `pkg/endpoints/handlers/patch.go`): content type picks the mechanics; apply may create. */
export function patch(
  s: Services,
  rt: ResourceType,
  ns: string | undefined,
  name: string,
  sub: string | undefined,
  body: string,
  ct: string,
  q: URLSearchParams,
  ctx: WriteCtx,
): Reply {
  const type = patchTypeOf(ct);
  if (!type)
    throw errors.unsupportedMediaType(
      rt.builtin ? [...PATCH_TYPES.slice(0, 2), "application/strategic-merge-patch+json", PATCH_TYPES[2]] : PATCH_TYPES,
    );
  const force = q.get("force") === "true";
  const patchOptions = { group: "meta.k8s.io", kind: "PatchOptions" };
  if (type !== "apply" && q.get("force") !== null) {
    throw errors.invalid(patchOptions, "", [
      { type: "FieldValueForbidden", field: "force", detail: "may not be specified for non-apply patch" },
    ]);
  }
  if (type === "apply") {
    if (!q.get("fieldManager"))
      throw errors.invalid(patchOptions, "", [
        { type: "FieldValueRequired", field: "fieldManager", detail: "is required for apply patch" },
      ]);
    // The apply handler decodes YAML itself (apiserver patch.go applyPatcher): "error decoding YAML: ...".
    const applied = decodeRaw(body, "application/apply-patch+yaml", (msg) => `error decoding YAML: ${msg}`) as Obj;
    if (!applied || typeof applied !== "object" || Array.isArray(applied))
      throw errors.badRequest("error decoding YAML: the applied configuration is not an object");
    if (applied.metadata?.name && applied.metadata.name !== name) {
      throw errors.badRequest(
        `the name of the object (${applied.metadata.name}) does not match the name on the URL (${name})`,
      );
    }
    const live = s.c.find(rt, ns, name);
    const m = {
      manager: ctx.manager,
      force,
      apiVersion: apiVersionOf(rt),
      time: rfc3339(s.c.now()),
      subresource: sub,
      gr: s.c.gr(rt),
      gk: s.c.gk(rt),
    };
    if (!live) {
      if (sub) throw errors.notFound(s.c.gr(rt), name);
      const created = serverSideApply(undefined, applied, m) as Obj;
      return { code: 201, body: createObject(s.c, rt, ns, created, ctx, { managedFieldsDone: true }) };
    }
    const merged = serverSideApply(s.c.out(rt, live), applied, m) as Obj;
    return {
      code: 200,
      body: updateObject(s.c, rt, ns, name, merged, ctx, { managedFieldsDone: true, subresource: sub }),
    };
  }
  const live = s.c.mustGet(rt, ns, name);
  // Merge and strategic patches never change their input and copy only what they touch, so a built-in object
  // is patched from a shallow view: the write then shares its unchanged parts with the stored object (which is
  // never changed after commit; the write path only re-normalizes such parts to the values they already hold).
  // JSON patches edit in place, and custom resources are pruned and defaulted by their schema: both get a copy.
  const shared = rt.builtin && type !== "json";
  const patched = applyPatch(shared ? s.c.view(rt, live) : s.c.out(rt, live), body, type, {
    gr: s.c.gr(rt),
    gk: s.c.gk(rt),
    name,
    builtin: rt.builtin,
  }) as Obj;
  patched.metadata = { ...(patched.metadata ?? {}) };
  // Without a resourceVersion in the patch the write is unconditional (last writer wins).
  if (!patched.metadata.resourceVersion) patched.metadata.resourceVersion = live.metadata.resourceVersion;
  return { code: 200, body: updateObject(s.c, rt, ns, name, patched, ctx, { subresource: sub }) };
}
