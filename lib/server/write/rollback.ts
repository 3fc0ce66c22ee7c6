import "server-only";
import { rollbackBody, type RollbackIntent } from "@/lib/contract/bodies";
import type { IntentOutcome, WireRequest, WriteFailure } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { rolloutOf } from "@/lib/kruise/kruise-rollout/detect";
import { guardObject } from "@/lib/kruise/core/update-base";
import { asJsonObject, assertWithinLimits, rollbackEveryPodPatch, rollbackPatch } from "@/lib/patch";
import type { Actor } from "../auth/actor";
import { HttpError } from "../errors";
import { parseBody } from "./body";
import { recordEvent } from "./events";
import { fieldManagerFor, patchPath, sendPatch, type WriteTarget } from "./patch";
import { explain422 } from "./update";
import { readRevision, show } from "./update-build";
import { rolloutsIn } from "./update-owned";

// The rollback write is a CloneSet's (lib/kinds/cloneset.ts offers it); the other kinds roll back through the update
// write's "rollback" action.
const CLONESET_SHAPE = KINDS.get("clonesets").strategy!;

/**
 * Every pod is the partition's business while a Kruise Rollout drives the CloneSet (docs/kruise-rollouts.md §5.6):
 * partition 0 here would fight it. The template alone is what the Rollout answers (§8.2: back to the stable
 * revision cancels the release and it sets partition 0 itself), so that is what to send.
 */
async function ownedPartition(actor: Actor, t: WriteTarget, intent: RollbackIntent): Promise<WriteFailure | null> {
  if (!intent.everyPod) return null;
  const cs = await actor.client.get(KINDS.get("clonesets"), t.namespace, t.name);
  const link = rolloutOf(cs, await rolloutsIn(actor, t.namespace));
  if (!link) return null;
  const who = link.name ? `Rollout "${link.name}"` : "a Kruise Rollout";
  return {
    kind: "owned",
    code: 409,
    reason: "Conflict",
    message:
      `CloneSet ${t.namespace}/${t.name} is driven by ${who}, which sets its partition: roll back the template alone ` +
      `(everyPod: false); back to the stable revision, the Rollout cancels its release and sets the partition to 0 itself`,
    details: {
      field: "spec.updateStrategy.partition",
      causes: [{ field: "spec.updateStrategy.partition", reason: "OwnedByRollout", message: link.name }],
    },
  };
}

/**
 * POST …/clonesets/<name>/rollback: the pod template back to one of the CloneSet's own revisions, guarded by the
 * template and generation the page showed; with `everyPod`, partition 0 in the same request (and guarded by the
 * partition as shown), so no pod stays on the revision rolled back from (docs/kruise-rules.md §6.6). `preview: true`
 * answers the exact request; otherwise it is sent as the user and an Event on the CloneSet records it.
 */
export async function applyRollback(actor: Actor, t: WriteTarget, body: unknown): Promise<IntentOutcome> {
  const intent = parseBody(rollbackBody, body, "{ revision, everyPod, base, preview? }");
  // 413 past lib/patch's bounds, before anything walks the template the page sent
  if (intent.base.template) assertWithinLimits(intent.base.template, "base.template");
  const owned = await ownedPartition(actor, t, intent);
  if (owned) return owned;
  const rev = await readRevision(actor, t, intent.revision, "revision");
  const base = guardObject(intent.base);
  const request = intent.everyPod ? rollbackEveryPodPatch(base, rev) : rollbackPatch(base, rev);
  const shown: WireRequest = { ...request, path: patchPath(t, { manager: fieldManagerFor(actor) }) };
  if (intent.preview) return { kind: "preview", request: shown };
  let object;
  try {
    object = await sendPatch(actor, t, request);
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 422) return explain422(actor, t, CLONESET_SHAPE, request, e);
    throw e;
  }
  const n = typeof rev.revision === "number" ? ` (revision ${rev.revision})` : "";
  const partition = intent.everyPod ? ` and partition ${show(intent.base.partition ?? 0)} → 0` : "";
  await recordEvent(actor, object, {
    reason: "RolledBack",
    message: `pod template rolled back to ${intent.revision}${n}${partition} by ${actor.user}`,
  });
  if (object.metadata && "managedFields" in object.metadata) delete object.metadata.managedFields;
  return { kind: "saved", request: shown, object: asJsonObject(object), kept: [] };
}
