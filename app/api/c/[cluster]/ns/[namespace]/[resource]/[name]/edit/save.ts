import "server-only";
import {
  asJsonObject,
  buildEditSave,
  checkEdit,
  isObject,
  type Choice,
  type Conflict,
  type JsonObject,
} from "@/lib/patch";
import type { EditResponse, WireConflict, WireRequest } from "@/lib/client/editor";
import { asWriter, type Actor } from "@/lib/server/auth";
import { HttpError, httpErrors, toApiErrorBody } from "@/lib/server/errors";
import { RESOURCES } from "@/lib/server/resources";
import { validateNamespace, validateObjectName, validateResource } from "@/lib/server/validate";
import { fieldManagerFor, patchPath, recordEvent, sendPatch, type WriteTarget } from "@/lib/server/write";

interface EditInput {
  base: JsonObject;
  mine: JsonObject;
  choices: Record<string, Choice>;
  preview: boolean;
  dryRun: boolean;
  expectBody?: string;
}

const CHOICES = new Set(["mine", "theirs", "base"]);

function parseInput(raw: unknown): EditInput {
  if (!isObject(raw)) throw httpErrors.badRequest("body must be a JSON object { base, mine, … }");
  const { base, mine, choices, preview, dryRun, expectBody } = raw;
  if (!isObject(base) || !isObject(mine)) throw httpErrors.badRequest("base and mine must be objects", "base");
  if (choices !== undefined && (!isObject(choices) || Object.values(choices).some((c) => !CHOICES.has(String(c))))) {
    throw httpErrors.badRequest("choices must map fields to mine, theirs or base", "choices");
  }
  if (expectBody !== undefined && typeof expectBody !== "string")
    throw httpErrors.badRequest("expectBody must be a string", "expectBody");
  return {
    base,
    mine,
    choices: (choices ?? {}) as Record<string, Choice>,
    preview: preview === true,
    dryRun: dryRun === true,
    expectBody,
  };
}

const wireConflict = (c: Conflict): WireConflict => ({
  field: c.field,
  ...(c.base !== undefined ? { base: c.base } : {}),
  ...(c.mine !== undefined ? { mine: c.mine } : {}),
  ...(c.theirs !== undefined ? { theirs: c.theirs } : {}),
});

async function readLatest(actor: Actor, t: WriteTarget): Promise<JsonObject> {
  try {
    const obj = asJsonObject(await actor.client.get(RESOURCES[t.resource], t.namespace, t.name));
    if (isObject(obj.metadata)) delete obj.metadata.managedFields;
    return obj;
  } catch (e) {
    const body = toApiErrorBody(e, `cluster "${actor.cluster}"`);
    if (body.code !== 404) throw new HttpError(body);
    throw new HttpError({
      ...body,
      message: `${RESOURCES[t.resource].kind} ${t.namespace}/${t.name} no longer exists on ${actor.cluster}: it was deleted while you were editing. Nothing was saved; your text is kept.`,
    });
  }
}

const rvOf = (o: JsonObject) => (isObject(o.metadata) ? String(o.metadata.resourceVersion ?? "") : "");

/** One pass: re-read, three-way merge, then preview / refuse a changed body / send. `retry` after a guard's 422. */
async function attempt(actor: Actor, t: WriteTarget, input: EditInput): Promise<EditResponse | { retry: true }> {
  const latest = await readLatest(actor, t);
  const out = buildEditSave(input.base, input.mine, latest, { choices: input.choices });
  if (out.kind === "no-changes")
    return { kind: "no-changes", message: "No changes to send: the cluster already has everything you changed." };
  if (out.kind === "conflict") return { kind: "conflict", conflicts: out.conflicts.map(wireConflict), latest };
  const { contentType, body, note } = out.request;
  const request: WireRequest = {
    method: "PATCH",
    path: patchPath(t, { dryRun: input.dryRun, manager: fieldManagerFor(actor) }),
    contentType,
    body,
    note,
  };
  if (input.preview) return { kind: "preview", request, latest };
  if (input.expectBody !== undefined && input.expectBody !== body)
    return { kind: "preview", request, latest, changed: true };
  try {
    const object = asJsonObject(await sendPatch(actor, t, request, { dryRun: input.dryRun }));
    if (input.dryRun) return { kind: "dry-run", request, object, latest };
    void recordEvent(actor, object as never, {
      reason: "EditedYAML",
      message: `Edited in Kruise Console: JSON patch of ${out.opCount} operation(s)`,
    });
    return { kind: "saved", request, object };
  } catch (e) {
    // A guard's `test` failed (422 without the field, docs/kruise-rules.md §11.6): the object moved on, merge again.
    if (e instanceof HttpError && e.body.code === 422 && rvOf(await readLatest(actor, t)) !== rvOf(latest))
      return { retry: true };
    throw e;
  }
}

/**
 * Saves a YAML edit without overwriting concurrent changes (docs/architecture.md §4): the latest object
 * is re-read, merged three-way (lib/patch buildEditSave) and written with a guarded JSON patch. A
 * conflict comes back per field and nothing is written; with `expectBody` nothing is sent unless the
 * request equals the one the user previewed.
 */
export function editObject(
  req: Request,
  cluster: string,
  ns: string,
  resource: string,
  name: string,
): Promise<Response> {
  const what = resource === "pods" ? "pods" : "clonesets.apps.kruise.io";
  return asWriter(req, cluster, { verb: "patch", resource: what, namespace: ns, name }, async (ctx) => {
    const input = parseInput(ctx.body);
    const t: WriteTarget = {
      resource: validateResource(resource, ["clonesets", "pods"]) as WriteTarget["resource"],
      namespace: validateNamespace(ns),
      name: validateObjectName(name),
    };
    ctx.summary = {
      intent: "edit",
      ...(input.preview ? { preview: true } : {}),
      ...(input.dryRun ? { dryRun: true } : {}),
    };
    const check = checkEdit(input.base, input.mine);
    if (check.kind !== "changed") ctx.outcome = check.kind;
    if (check.kind === "refused")
      return Response.json({ kind: "refused", message: check.message, fields: check.fields } satisfies EditResponse);
    if (check.kind === "no-changes")
      return Response.json({ kind: "no-changes", message: check.message } satisfies EditResponse);
    const meta = input.base.metadata;
    if (
      !isObject(meta) ||
      meta.name !== t.name ||
      (meta.namespace ?? t.namespace) !== t.namespace ||
      input.base.kind !== RESOURCES[t.resource].kind
    ) {
      throw httpErrors.badRequest(`base is not the ${RESOURCES[t.resource].kind} ${t.namespace}/${t.name}`, "base");
    }
    for (let i = 0; i < 3; i++) {
      const out = await attempt(ctx.actor, t, input);
      if ("request" in out && out.request)
        ctx.summary = { ...ctx.summary, contentType: out.request.contentType, bytes: out.request.body.length };
      if (!("retry" in out)) {
        ctx.outcome = out.kind;
        return Response.json(out, { headers: { "Cache-Control": "no-store" } });
      }
    }
    throw new HttpError({
      code: 409,
      reason: "Conflict",
      message: "The object kept changing while saving; nothing was written. Try again.",
    });
  });
}
