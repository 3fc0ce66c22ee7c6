import "server-only";
import type { K8sObject } from "@/lib/k8s/wire";
import { isControlledBy } from "@/lib/kruise/core/owner";
import {
  asJsonObject,
  failedTests,
  partitionPatch,
  pausePatch,
  rollbackPatch,
  rollingLimitsPatch,
  type JsonObject,
  type PatchRequest,
} from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { HttpError, httpErrors } from "../errors";
import { RESOURCES } from "../resources";
import { recordEvent } from "./events";
import { guardBase, parseUpdateIntent, type UpdateBase, type UpdateIntent } from "./update-intent";
import { fieldManagerFor, patchPath, sendPatch, type WriteTarget } from "./patch";
import { checkPreview } from "./preview-check";
import { refuseIfKruiseRolloutOwns, writesKruiseRolloutField } from "./update-owned";

export interface ShownRequest extends PatchRequest {
  path: string;
}

const show = (v: unknown) => (v === undefined || v === null ? "unset" : typeof v === "string" ? v : JSON.stringify(v));

/** The revision to roll back to: one this CloneSet controls (docs/kruise-rules.md §8.5), never a namesake's. */
async function readRevision(actor: Actor, t: WriteTarget, name: string): Promise<JsonObject> {
  const [cs, rev] = await Promise.all([
    actor.client.get(RESOURCES.clonesets, t.namespace, t.name),
    actor.client.get(RESOURCES.controllerrevisions, t.namespace, name),
  ]);
  if (!isControlledBy(rev, cs.metadata.uid))
    throw httpErrors.badRequest(`ControllerRevision ${name} does not belong to CloneSet ${t.name}`, "value");
  return asJsonObject(rev);
}

/** The lib/patch request for an intent, and the Event that will describe it. */
async function build(
  actor: Actor,
  t: WriteTarget,
  i: UpdateIntent,
): Promise<{ request: PatchRequest; event: { reason: string; message: string } }> {
  const base = guardBase(i.base);
  switch (i.action) {
    case "partition":
      return {
        request: partitionPatch(base, i.value),
        event: { reason: "PartitionChanged", message: `partition ${show(i.base.partition)} → ${show(i.value)}` },
      };
    case "pause":
    case "resume": {
      const paused = i.action === "pause";
      return {
        request: pausePatch(base, paused),
        event: {
          reason: paused ? "RolloutPaused" : "RolloutResumed",
          message: paused ? "rollout paused" : "rollout resumed",
        },
      };
    }
    case "limits": {
      const parts = (["maxUnavailable", "maxSurge"] as const)
        .filter((k) => i.value[k] !== undefined)
        .map((k) => `${k} ${show(i.base[k])} → ${i.value[k] === null ? "default" : show(i.value[k])}`);
      return {
        request: rollingLimitsPatch(base, i.value),
        event: { reason: "RolloutLimitsChanged", message: parts.join(", ") },
      };
    }
    case "rollback": {
      const rev = await readRevision(actor, t, i.value);
      const n = typeof rev.revision === "number" ? ` (revision ${rev.revision})` : "";
      return {
        request: rollbackPatch(base, rev),
        event: { reason: "RolledBack", message: `pod template rolled back to ${i.value}${n}` },
      };
    }
  }
}

const FIELD_NAMES: Record<string, string> = {
  "/spec/updateStrategy/partition": "partition",
  "/spec/updateStrategy/paused": "paused",
  "/spec/updateStrategy/maxUnavailable": "maxUnavailable",
  "/spec/updateStrategy/maxSurge": "maxSurge",
  "/spec/template": "the pod template",
  "/metadata/generation": "the CloneSet spec",
};

function currentValues(o: K8sObject): UpdateBase {
  const spec = (o.spec ?? {}) as { updateStrategy?: Record<string, unknown>; template?: JsonObject };
  const us = spec.updateStrategy ?? {};
  const b: UpdateBase = { generation: o.metadata.generation ?? 0, resourceVersion: o.metadata.resourceVersion };
  if (us.partition !== undefined) b.partition = us.partition as number | string;
  if (typeof us.paused === "boolean") b.paused = us.paused;
  if (us.maxUnavailable !== undefined) b.maxUnavailable = us.maxUnavailable as number | string;
  if (us.maxSurge !== undefined) b.maxSurge = us.maxSurge as number | string;
  return b;
}

/**
 * A 422 after a guarded JSON patch: re-read and name the guard that failed (kube-apiserver's
 * answer carries no path, lib/patch failedTests). A field guard → 409-style typed conflict with the
 * current values; no failed guard → the 422 was real validation and is passed on with its field.
 */
async function explain422(actor: Actor, t: WriteTarget, request: PatchRequest, e: HttpError): Promise<Response> {
  const latest = await actor.client.get(RESOURCES.clonesets, t.namespace, t.name);
  const failed = failedTests(request.body, asJsonObject(latest));
  if (failed.length === 0) return Response.json(e.body, { status: 422 });
  const f = failed.find((x) => x.path !== "/metadata/generation") ?? failed[0];
  const what = FIELD_NAMES[f.path] ?? f.path;
  const message =
    f.path === "/metadata/generation"
      ? `the CloneSet spec changed on the cluster since you previewed it (generation ${show(f.expected)} → ${show(f.actual)})`
      : f.path === "/spec/template"
        ? "the pod template changed on the cluster since you previewed it"
        : `${what} changed on the cluster since you previewed it: now ${show(f.actual)}`;
  const field = f.path.slice(1).replace(/\//g, ".");
  const causes = failed.map((x) => ({
    field: x.path.slice(1).replace(/\//g, "."),
    reason: "FieldValueChanged",
    message: `expected ${show(x.expected)}, now ${show(x.actual)}`,
  }));
  return conflict(message, field, causes, latest);
}

/** The typed 409 the page shows as "Conflict: nothing was written", with the values on the cluster now. */
function conflict(
  message: string,
  field: string,
  causes: { field: string; reason: string; message: string }[],
  latest: K8sObject,
): Response {
  return Response.json(
    { code: 409, reason: "Conflict", message, details: { field, causes }, current: currentValues(latest) },
    { status: 409, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * POST …/clonesets/<name>/update: an intent → guarded JSON patch (lib/patch). `preview: true`
 * returns the exact request; otherwise it is sent with fieldManager kruise-console and an Event
 * records who changed what (an Event on the CloneSet).
 */
export async function applyUpdate(actor: Actor, t: WriteTarget, body: unknown): Promise<Response> {
  const intent = parseUpdateIntent(body);
  // One read of the CloneSet serves the Rollout-ownership check and the preview check.
  const current = writesKruiseRolloutField(intent)
    ? await actor.client.get(RESOURCES.clonesets, t.namespace, t.name)
    : undefined;
  const owned = current && (await refuseIfKruiseRolloutOwns(actor, t, intent, current));
  if (owned) return owned;
  const { request, event } = await build(actor, t, intent);
  const shown: ShownRequest = { ...request, path: patchPath(t, { manager: fieldManagerFor(actor) }) };
  if (intent.preview) return Response.json({ request: shown }, { headers: { "Cache-Control": "no-store" } });
  if (intent.action === "partition" && intent.moves) {
    const latest = current ?? (await actor.client.get(RESOURCES.clonesets, t.namespace, t.name));
    const drift = await checkPreview(actor, t, latest, intent.base.generation, intent.value, intent.moves);
    if (drift) {
      const causes = drift.unseen.map((n) => ({ field: "moves.pods", reason: "PodNotPreviewed", message: n }));
      return conflict(drift.message, "moves", causes, latest);
    }
  }
  let object: K8sObject;
  try {
    object = await sendPatch(actor, t, request);
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 422) return explain422(actor, t, request, e);
    throw e;
  }
  await recordEvent(actor, object, { ...event, message: `${event.message} by ${actor.user}` });
  if (object.metadata && "managedFields" in object.metadata) delete object.metadata.managedFields;
  return Response.json({ object, request: shown }, { headers: { "Cache-Control": "no-store" } });
}
