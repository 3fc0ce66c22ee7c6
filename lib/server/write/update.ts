import "server-only";
import { updateBody, type UpdateIntent } from "@/lib/contract/bodies";
import type { IntentOutcome, K8sObject, WireRequest, WriteFailure } from "@/lib/k8s/wire";
import { KINDS, type KindHome, type StrategyShape } from "@/lib/kinds";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { asJsonObject, assertWithinLimits, failedTests, type PatchRequest } from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { HttpError, httpErrors } from "../errors";
import { parseBody } from "./body";
import { recordEvent } from "./events";
import { fieldManagerFor, patchPath, sendPatch, type WriteTarget } from "./patch";
import { checkPreview } from "./preview-check";
import { show, buildUpdate } from "./update-build";
import { kruiseRolloutOwner, writesKruiseRolloutField } from "./update-owned";
import type { RolloutWorkload } from "@/lib/kruise/kruise-rollout/detect";

/** The field a guard tests, as a message names it: partition, paused, a limit, the pod template, the spec. */
function fieldName(home: KindHome, pointer: string): string {
  if (pointer === "/spec/template") return "the pod template";
  if (pointer === "/metadata/generation") return `the ${home.kind} spec`;
  return pointer.slice(pointer.lastIndexOf("/") + 1);
}

/** The typed 409 the page shows as "Conflict: nothing was written", with the values on the cluster now. */
export function stale(
  message: string,
  field: string,
  causes: { field: string; reason: string; message: string }[],
  latest: K8sObject,
  shape: StrategyShape,
): WriteFailure {
  return {
    kind: "stale",
    code: 409,
    reason: "Conflict",
    message,
    details: { field, causes },
    current: updateBaseOf(latest, false, shape.path),
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
  shape: StrategyShape,
  request: PatchRequest,
  e: HttpError,
): Promise<WriteFailure> {
  const home = KINDS.get(t.resource);
  const latest = await actor.client.get(home, t.namespace, t.name);
  const failed = failedTests(request.body, asJsonObject(latest));
  if (failed.length === 0) throw e;
  const f = failed.find((x) => x.path !== "/metadata/generation") ?? failed[0];
  const what = fieldName(home, f.path);
  const message =
    f.path === "/metadata/generation"
      ? `the ${home.kind} spec changed on the cluster since you previewed it (generation ${show(f.expected)} → ${show(f.actual)})`
      : f.path === "/spec/template"
        ? "the pod template changed on the cluster since you previewed it"
        : `${what} changed on the cluster since you previewed it: now ${show(f.actual)}`;
  const causes = failed.map((x) => ({
    field: dotted(x.path),
    reason: "FieldValueChanged",
    message: `expected ${show(x.expected)}, now ${show(x.actual)}`,
  }));
  return stale(message, dotted(f.path), causes, latest, shape);
}

/** Refusals before anything is sent: a Kruise Rollout owns the field, or the previewed pods no longer hold. */
async function refusal(
  actor: Actor,
  t: WriteTarget,
  shape: StrategyShape,
  intent: UpdateIntent,
): Promise<WriteFailure | null> {
  const home = KINDS.get(t.resource);
  // One read of the workload serves the Rollout-ownership check and the preview check.
  const current = writesKruiseRolloutField(intent) ? await actor.client.get(home, t.namespace, t.name) : undefined;
  const kind = home.kind === "CloneSet" || home.kind === "StatefulSet" ? home.kind : undefined;
  const owned = current && kind && (await kruiseRolloutOwner(actor, t, intent, current as RolloutWorkload, kind));
  if (owned) return owned;
  if (intent.action !== "partition" || !intent.moves || intent.preview) return null;
  const latest = current ?? (await actor.client.get(home, t.namespace, t.name));
  const drift = await checkPreview(actor, t, latest, intent.base.generation, intent.value, intent.moves);
  if (!drift) return null;
  const causes = drift.unseen.map((n) => ({ field: "moves.pods", reason: "PodNotPreviewed", message: n }));
  return stale(drift.message, "moves", causes, latest, shape);
}

/**
 * What the body asks of a kind that cannot take it, before anything is read: a percentage for a whole-number
 * partition (an Advanced StatefulSet's ordinal, an Advanced DaemonSet's nodes), a limit the kind has not
 * (apis/apps/v1beta1/statefulset_types.go has no maxSurge). A 400 naming the field.
 */
function kindRefusal(home: KindHome, shape: StrategyShape, intent: UpdateIntent): HttpError | null {
  const title = home.lens?.title ?? home.kind;
  if (intent.action === "partition" && shape.partition === "int" && typeof intent.value !== "number")
    return httpErrors.badRequest(
      `an ${title}'s partition is ${shape.partitionIs ?? "a whole number"}, not a percentage (got ${JSON.stringify(intent.value)})`,
      "value",
    );
  if (intent.action === "replicas" && !shape.replicas)
    return httpErrors.badRequest(`an ${title} has no replicas: it runs one pod on each node it places`, "action");
  if (intent.action === "limits")
    for (const k of ["maxUnavailable", "maxSurge"] as const)
      if (intent.value[k] !== undefined && !shape.limits.includes(k))
        return httpErrors.badRequest(
          `an ${title} has no ${k}: it keeps only ${shape.limits.join(" and ")}`,
          `value.${k}`,
        );
  return null;
}

/**
 * POST …/<resource>/<name>/update: a workload's update intent (partition, pause, resume, limits, rollback, replicas) → a
 * guarded JSON patch (lib/patch) of the fields where its home says they are. `preview: true` answers the exact
 * request; otherwise it is sent with the user's field manager and an Event on the workload records who changed what.
 */
export async function applyUpdate(actor: Actor, t: WriteTarget, body: unknown): Promise<IntentOutcome> {
  const home = KINDS.get(t.resource);
  const shape = home.strategy;
  if (!shape) throw httpErrors.notFound(`${home.kind} has no update strategy to change`);
  const intent = parseBody(updateBody, body, "{ action, base, value?, preview? }");
  const wrong = kindRefusal(home, shape, intent);
  if (wrong) throw wrong;
  // 413 past lib/patch's bounds, before anything walks the template the page sent
  if (intent.base.template) assertWithinLimits(intent.base.template, "base.template");
  const refused = await refusal(actor, t, shape, intent);
  if (refused) return refused;
  const { request, event } = await buildUpdate(actor, t, shape, intent);
  const shown: WireRequest = { ...request, path: patchPath(t, { manager: fieldManagerFor(actor) }) };
  if (intent.preview) return { kind: "preview", request: shown };
  let object;
  try {
    object = await sendPatch(actor, t, request);
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 422) return explain422(actor, t, shape, request, e);
    throw e;
  }
  await recordEvent(actor, object, { ...event, message: `${event.message} by ${actor.user}` });
  if (object.metadata && "managedFields" in object.metadata) delete object.metadata.managedFields;
  return { kind: "saved", request: shown, object: asJsonObject(object), kept: [] };
}
