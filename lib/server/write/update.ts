import "server-only";
import { updateBody, type UpdateIntent } from "@/lib/contract/bodies";
import type { CloneSet } from "@/lib/k8s/objects";
import type { IntentOutcome, WireRequest, WriteFailure } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { asJsonObject, assertWithinLimits, failedTests, type PatchRequest } from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { HttpError } from "../errors";
import { parseBody } from "./body";
import { recordEvent } from "./events";
import { fieldManagerFor, patchPath, sendPatch, type WriteTarget } from "./patch";
import { checkPreview } from "./preview-check";
import { show, buildUpdate } from "./update-build";
import { kruiseRolloutOwner, writesKruiseRolloutField } from "./update-owned";

const FIELD_NAMES: Record<string, string> = {
  "/spec/updateStrategy/partition": "partition",
  "/spec/updateStrategy/paused": "paused",
  "/spec/updateStrategy/maxUnavailable": "maxUnavailable",
  "/spec/updateStrategy/maxSurge": "maxSurge",
  "/spec/template": "the pod template",
  "/spec/replicas": "replicas",
  "/metadata/generation": "the CloneSet spec",
};

/** The typed 409 the page shows as "Conflict: nothing was written", with the values on the cluster now. */
export function stale(
  message: string,
  field: string,
  causes: { field: string; reason: string; message: string }[],
  latest: CloneSet,
): WriteFailure {
  return {
    kind: "stale",
    code: 409,
    reason: "Conflict",
    message,
    details: { field, causes },
    current: updateBaseOf(latest),
  };
}

const dotted = (pointer: string) => pointer.slice(1).replace(/\//g, ".");

/**
 * A 422 after a guarded JSON patch: re-read and name the guard that failed (kube-apiserver's answer carries no path,
 * lib/patch failedTests). A field guard → a stale refusal with the current values; no failed guard → the 422 was
 * real validation and is passed on with its field.
 */
export async function explain422(
  actor: Actor,
  t: WriteTarget,
  request: PatchRequest,
  e: HttpError,
): Promise<WriteFailure> {
  const latest = await actor.client.get(KINDS.get("clonesets"), t.namespace, t.name);
  const failed = failedTests(request.body, asJsonObject(latest));
  if (failed.length === 0) throw e;
  const f = failed.find((x) => x.path !== "/metadata/generation") ?? failed[0];
  const what = FIELD_NAMES[f.path] ?? f.path;
  const message =
    f.path === "/metadata/generation"
      ? `the CloneSet spec changed on the cluster since you previewed it (generation ${show(f.expected)} → ${show(f.actual)})`
      : f.path === "/spec/template"
        ? "the pod template changed on the cluster since you previewed it"
        : `${what} changed on the cluster since you previewed it: now ${show(f.actual)}`;
  const causes = failed.map((x) => ({
    field: dotted(x.path),
    reason: "FieldValueChanged",
    message: `expected ${show(x.expected)}, now ${show(x.actual)}`,
  }));
  return stale(message, dotted(f.path), causes, latest);
}

/** Refusals before anything is sent: a Kruise Rollout owns the field, or the previewed pods no longer hold. */
async function refusal(actor: Actor, t: WriteTarget, intent: UpdateIntent): Promise<WriteFailure | null> {
  // One read of the CloneSet serves the Rollout-ownership check and the preview check.
  const current = writesKruiseRolloutField(intent)
    ? await actor.client.get(KINDS.get("clonesets"), t.namespace, t.name)
    : undefined;
  const owned = current && (await kruiseRolloutOwner(actor, t, intent, current));
  if (owned) return owned;
  if (intent.action !== "partition" || !intent.moves || intent.preview) return null;
  const latest = current ?? (await actor.client.get(KINDS.get("clonesets"), t.namespace, t.name));
  const drift = await checkPreview(actor, t, latest, intent.base.generation, intent.value, intent.moves);
  if (!drift) return null;
  const causes = drift.unseen.map((n) => ({ field: "moves.pods", reason: "PodNotPreviewed", message: n }));
  return stale(drift.message, "moves", causes, latest);
}

/**
 * POST …/clonesets/<name>/update: a CloneSet update intent (partition, pause, resume, limits, rollback, replicas) → a guarded
 * JSON patch (lib/patch). `preview: true` answers the exact request; otherwise it is sent with the user's field
 * manager and an Event on the CloneSet records who changed what.
 */
export async function applyUpdate(actor: Actor, t: WriteTarget, body: unknown): Promise<IntentOutcome> {
  const intent = parseBody(updateBody, body, "{ action, base, value?, preview? }");
  // 413 past lib/patch's bounds, before anything walks the template the page sent
  if (intent.base.template) assertWithinLimits(intent.base.template, "base.template");
  const refused = await refusal(actor, t, intent);
  if (refused) return refused;
  const { request, event } = await buildUpdate(actor, t, intent);
  const shown: WireRequest = { ...request, path: patchPath(t, { manager: fieldManagerFor(actor) }) };
  if (intent.preview) return { kind: "preview", request: shown };
  let object;
  try {
    object = await sendPatch(actor, t, request);
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 422) return explain422(actor, t, request, e);
    throw e;
  }
  await recordEvent(actor, object, { ...event, message: `${event.message} by ${actor.user}` });
  if (object.metadata && "managedFields" in object.metadata) delete object.metadata.managedFields;
  return { kind: "saved", request: shown, object: asJsonObject(object), kept: [] };
}
