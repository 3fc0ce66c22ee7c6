import "server-only";
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import { selectorString } from "@/lib/kruise/core/labels";
import { controlledBy } from "@/lib/kruise/core/owner";
import { plural } from "@/lib/kruise/core/plural";
import { movablePods, previewPartition } from "@/lib/kruise/order/preview";
import type { Actor } from "../auth/actor";
import { toApiErrorBody } from "../errors";
import { KINDS } from "@/lib/kinds";
import type { PreviewMoves } from "@/lib/k8s/wire";
import type { WriteTarget } from "./patch";

// A partition preview names the pods Kruise will move next (docs/kruise-rules.md §4.1). The page computes
// it from its live copy of the pods; between that and the click, a pod can restart, become Ready again or
// go away, and Kruise then orders the pods differently. Before writing, the server computes the preview
// again from the pods as the API server has them now and refuses the write when its pick is no longer
// within what the user was shown, so Apply never moves a pod the user did not see.

const PAGE = 500;

/** The CloneSet's own pods: its selector on the server, then the controller owner reference (as Kruise claims them). */
async function podsOf(actor: Actor, namespace: string, cs: CloneSet): Promise<Pod[]> {
  const selector = selectorString(cs.spec.selector);
  const out: Pod[] = [];
  let cont: string | undefined;
  do {
    const page = await actor.client.listPage(KINDS.get("pods"), namespace, {
      limit: PAGE,
      continue: cont,
      labelSelector: selector,
    });
    out.push(...controlledBy(page.items, cs.metadata.uid));
    cont = page.metadata.continue || undefined;
  } while (cont);
  return out;
}

export interface PreviewDrift {
  message: string;
  /** pods Kruise could move now that the preview did not show */
  unseen: string[];
  count: number;
}

/** Where the preview made now differs from what was shown; null when what was shown still holds. */
export function previewDrift(shown: PreviewMoves, now: { count: number; pods: string[] }): PreviewDrift | null {
  const seen = new Set(shown.pods);
  const unseen = now.pods.filter((n) => !seen.has(n));
  if (unseen.length === 0 && now.count === shown.count) return null;
  const what =
    unseen.length > 0
      ? `Kruise could now move ${unseen.join(", ")}, which the preview did not show`
      : `Kruise would now move ${plural(now.count, "pod")}, not ${shown.count}`;
  return {
    message: `the pods changed since you previewed: ${what}. Nothing was sent; look at the new preview and apply again`,
    unseen,
    count: now.count,
  };
}

/**
 * The preview for `partition` made from the cluster's pods now, compared with what the user was shown.
 * Skipped when the CloneSet spec itself moved on: the guarded patch then answers with its own conflict.
 */
export async function checkPreview(
  actor: Actor,
  t: WriteTarget,
  cs: CloneSet,
  generation: number,
  partition: number | string,
  shown: PreviewMoves,
): Promise<PreviewDrift | null> {
  if ((cs.metadata.generation ?? 0) !== generation) return null;
  let pods: Pod[];
  try {
    pods = await podsOf(actor, t.namespace, cs);
  } catch (e) {
    // A user who may not list pods was shown no pods to hold the write to; the patch's own guards still apply.
    if (toApiErrorBody(e, `cluster "${actor.cluster}"`).code === 403) return null;
    throw e;
  }
  const p = previewPartition(cs, pods, partition, Date.now());
  if (p.error) return null;
  return previewDrift(shown, { count: p.moveCount, pods: movablePods(p.willMove) });
}
