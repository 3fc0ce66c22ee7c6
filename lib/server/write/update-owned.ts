import "server-only";
import type { UpdateIntent } from "@/lib/contract/bodies";
import type { Rollout } from "@/lib/k8s/objects";
import type { WriteFailure } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { rolloutOf, type RolloutWorkload, type RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import type { Actor } from "../auth/actor";
import { toApiErrorBody } from "../errors";
import type { WriteTarget } from "./patch";

/** Intents that write what a Kruise Rollout owns on its CloneSet: partition and paused (docs/kruise-rollouts.md §5.6). */
const ROLLOUT_FIELDS: ReadonlySet<UpdateIntent["action"]> = new Set(["partition", "pause", "resume"]);

/** Whether the intent writes a field a Rollout owns (a rollback of every pod sets partition 0), so the route reads the
 * CloneSet first. */
export const writesKruiseRolloutField = (intent: UpdateIntent) =>
  ROLLOUT_FIELDS.has(intent.action) || (intent.action === "rollback" && !!intent.everyPod);

/** The Rollouts of a namespace as this user may see them; none when the CRD is absent or the user may not list. */
export async function rolloutsIn(actor: Actor, namespace: string): Promise<Rollout[]> {
  try {
    return (await actor.client.listPage(KINDS.get("rollouts"), namespace)).items;
  } catch (e) {
    const code = toApiErrorBody(e).code;
    // The CloneSet's own annotations still say when a release is in flight (rolloutOf reads them).
    if (code === 404 || code === 403) return [];
    throw e;
  }
}

/**
 * While a Kruise Rollout owns the CloneSet or Advanced StatefulSet, its controller sets partition and paused on
 * every step (openkruise/rollouts pkg/controller/batchrelease/control/partitionstyle/cloneset/control.go,
 * partitionstyle/statefulset/control.go; docs/kruise-rollouts.md §15.3): a write of
 * ours would be undone at its next reconcile, or would move pods outside the Rollout's step. The page offers
 * the Rollout's controls instead; this refuses a request that comes here directly, with what to do.
 */
export async function kruiseRolloutOwner(
  actor: Actor,
  t: WriteTarget,
  intent: UpdateIntent,
  cs: RolloutWorkload,
  kind: RolloutWorkloadKind = "CloneSet",
): Promise<WriteFailure | null> {
  if (!writesKruiseRolloutField(intent)) return null;
  const link = rolloutOf(cs, await rolloutsIn(actor, t.namespace), kind);
  if (!link) return null;
  const who = link.name ? `Rollout "${link.name}"` : "a Kruise Rollout";
  const message =
    `${kind} ${t.namespace}/${t.name} is driven by ${who}, which sets its partition and pause at every step: ` +
    `approve, pause or resume the Rollout instead of changing ${intent.action === "partition" || intent.action === "rollback" ? "the partition" : "paused"} here`;
  return {
    kind: "owned",
    code: 409,
    reason: "Conflict",
    message,
    details: {
      field: "spec.updateStrategy",
      causes: [{ field: "spec.updateStrategy", reason: "OwnedByRollout", message: link.name }],
    },
  };
}
