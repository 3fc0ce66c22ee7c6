import "server-only";
import {
  applyJsonPatch,
  asJsonObject,
  buildEditSave,
  checkEdit,
  classifySave,
  isObject,
  serverKept,
  type JsonObject,
} from "@/lib/patch";
import type { JsonPatchOp } from "@/lib/patch";
import { editBody, type EditInput } from "@/lib/contract/bodies";
import type { DryRunCheck, EditOutcome, WireConflict, WireRequest } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import type { Conflict } from "@/lib/patch";
import type { Actor, WriteContext } from "../auth";
import { HttpError, httpErrors, toApiErrorBody } from "../errors";
import { parseBody } from "./body";
import { recordEvent } from "./events";
import { fieldManagerFor, patchPath, sendPatch, type WriteTarget } from "./patch";

const wireConflict = (c: Conflict): WireConflict => ({
  field: c.field,
  ...(c.base !== undefined ? { base: c.base } : {}),
  ...(c.mine !== undefined ? { mine: c.mine } : {}),
  ...(c.theirs !== undefined ? { theirs: c.theirs } : {}),
});

const deletedMessage = (target: WriteTarget, cluster: string) =>
  `${KINDS.get(target.resource).kind} ${target.namespace}/${target.name} no longer exists on ${cluster}: it was deleted while you were editing. Nothing was saved; your text is kept.`;

async function readLatest(actor: Actor, target: WriteTarget): Promise<JsonObject> {
  try {
    const obj = asJsonObject(await actor.client.get(KINDS.get(target.resource), target.namespace, target.name));
    if (isObject(obj.metadata)) delete obj.metadata.managedFields;
    return obj;
  } catch (e) {
    const body = toApiErrorBody(e, `cluster "${actor.cluster}"`);
    if (body.code !== 404) throw new HttpError(body);
    throw new HttpError({ ...body, message: deletedMessage(target, actor.cluster) });
  }
}

const rvOf = (o: JsonObject) => (isObject(o.metadata) ? String(o.metadata.resourceVersion ?? "") : "");

/** What the patch asks the object to become: `latest` with the request applied. */
const askedBy = (latest: JsonObject, request: WireRequest) =>
  applyJsonPatch(latest, JSON.parse(request.body) as JsonPatchOp[]);

/** The review's server-side dry run: what would be stored, field by field against what was asked. */
async function dryRunCheck(actor: Actor, target: WriteTarget, latest: JsonObject, request: WireRequest) {
  try {
    const object = asJsonObject(await sendPatch(actor, target, request, { dryRun: true }));
    return { ok: true, object, kept: serverKept(latest, askedBy(latest, request), object) } satisfies DryRunCheck;
  } catch (e) {
    return { ok: false, error: toApiErrorBody(e, `cluster "${actor.cluster}"`) } satisfies DryRunCheck;
  }
}

/** One pass: re-read, three-way merge, then preview / refuse a changed body / send. `retry` after a guard's 422. */
async function attempt(actor: Actor, target: WriteTarget, input: EditInput): Promise<EditOutcome | { retry: true }> {
  const latest = await readLatest(actor, target);
  const merge = buildEditSave(input.base, input.mine, latest, { choices: input.choices ?? {} });
  if (merge.kind === "no-changes")
    return { kind: "no-changes", message: "No changes to send: the cluster already has everything you changed." };
  if (merge.kind === "conflict") return { kind: "conflict", conflicts: merge.conflicts.map(wireConflict), latest };
  const { contentType, body, note } = merge.request;
  const path = patchPath(target, { dryRun: input.dryRun, manager: fieldManagerFor(actor) });
  const request: WireRequest = { method: "PATCH", path, contentType, body, note };
  if (input.preview)
    return { kind: "preview", request, latest, dryRun: await dryRunCheck(actor, target, latest, request) };
  if (input.expectBody !== undefined && input.expectBody !== body)
    return {
      kind: "preview",
      request,
      latest,
      changed: true,
      dryRun: await dryRunCheck(actor, target, latest, request),
    };
  try {
    const object = asJsonObject(await sendPatch(actor, target, request, { dryRun: input.dryRun }));
    const kept = serverKept(latest, askedBy(latest, request), object);
    if (input.dryRun) return { kind: "dry-run", request, object, latest, kept };
    // The apiserver skips a write that changes nothing: same resourceVersion, nothing stored, no Event to record.
    // A write of its managed-fields record alone is stored, but nothing in the spec changed (lib/patch classifySave).
    const outcome = classifySave(latest, object);
    if (outcome.kind === "unchanged") return { kind: "no-op", request, object, kept };
    void recordEvent(actor, object as never, {
      reason: "EditedYAML",
      message: `Edited in Kruise Console: JSON patch of ${merge.opCount} operation(s)`,
    });
    return {
      kind: "saved",
      request,
      object,
      kept,
      ...(outcome.kind === "metadata-only" ? { metadataOnly: true } : {}),
    };
  } catch (e) {
    // A guard's `test` failed (422 without the field, docs/kruise-rules.md §11.6): the object moved on, merge again.
    if (e instanceof HttpError && e.body.code === 422 && rvOf(await readLatest(actor, target)) !== rvOf(latest))
      return { retry: true };
    throw e;
  }
}

/** The base must be the very object the URL names, or the merge would write one object's edit onto another. */
function assertBaseIs(base: JsonObject, target: WriteTarget): void {
  const meta = base.metadata;
  const kind = KINDS.get(target.resource).kind;
  if (
    !isObject(meta) ||
    meta.name !== target.name ||
    (meta.namespace ?? target.namespace) !== target.namespace ||
    base.kind !== kind
  )
    throw httpErrors.badRequest(`base is not the ${kind} ${target.namespace}/${target.name}`, "base");
}

/**
 * Saves a YAML edit without overwriting concurrent changes (docs/architecture.md §4): the latest object is re-read,
 * merged three-way (lib/patch buildEditSave) and written with a guarded JSON patch. A conflict comes back per field
 * and nothing is written; with `expectBody` nothing is sent unless the request equals the reviewed one; a write the
 * server accepted without storing anything new is a `no-op`, never `saved`.
 */
export async function applyEdit(ctx: WriteContext, target: WriteTarget): Promise<EditOutcome> {
  const input = parseBody(editBody, ctx.body, "{ base, mine, … }");
  ctx.summary = {
    intent: "edit",
    ...(input.preview ? { preview: true } : {}),
    ...(input.dryRun ? { dryRun: true } : {}),
  };
  const check = checkEdit(input.base, input.mine);
  if (check.kind === "refused") return { kind: "refused", message: check.message, fields: check.fields };
  if (check.kind === "no-changes") return { kind: "no-changes", message: check.message };
  assertBaseIs(input.base, target);
  try {
    for (let i = 0; i < 3; i++) {
      const out = await attempt(ctx.actor, target, input);
      if ("request" in out && out.request)
        ctx.summary = { ...ctx.summary, contentType: out.request.contentType, bytes: out.request.body.length };
      if (!("retry" in out)) return out;
    }
  } catch (e) {
    // Gone between the read and the patch: the same answer as gone before the read.
    if (toApiErrorBody(e).code === 404)
      throw new HttpError({ ...toApiErrorBody(e), message: deletedMessage(target, ctx.actor.cluster) });
    throw e;
  }
  throw new HttpError({
    code: 409,
    reason: "Conflict",
    message: "The object kept changing while saving; nothing was written. Try again.",
  });
}
