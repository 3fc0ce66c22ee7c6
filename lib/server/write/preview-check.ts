import "server-only";
import type { LabelSelector, Node, Pod } from "@/lib/k8s/objects";
import { selectorString } from "@/lib/kruise/core/labels";
import { controlledBy } from "@/lib/kruise/core/owner";
import { plural } from "@/lib/kruise/core/plural";
import { movablePods } from "@/lib/kruise/order/preview";
import type { Actor } from "../auth/actor";
import { toApiErrorBody } from "../errors";
import { KINDS } from "@/lib/kinds";
import type { K8sObject, PreviewMoves, ResourceName } from "@/lib/k8s/wire";
import type { WriteTarget } from "./patch";

// A partition preview names the pods Kruise will move next (docs/kruise-rules.md §4.1). The page computes
// it from its live copy of the pods; between that and the click, a pod can restart, become Ready again or
// go away, and Kruise then orders the pods differently. Before writing, the server computes the preview
// again from the pods as the API server has them now and refuses the write when its pick is no longer
// within what the user was shown, so Apply never moves a pod the user did not see.

const PAGE = 500;

/** Every object of a kind in a scope, page by page. */
async function listAll<R extends ResourceName>(
  actor: Actor,
  resource: R,
  namespace: string | null,
  labelSelector?: string,
) {
  const out = [];
  let cont: string | undefined;
  do {
    const page = await actor.client.listPage(KINDS.get(resource), namespace, {
      limit: PAGE,
      continue: cont,
      labelSelector,
    });
    out.push(...page.items);
    cont = page.metadata.continue || undefined;
  } while (cont);
  return out;
}

/** The workload's own pods: its selector on the server, then the controller owner reference (as Kruise claims them). */
async function podsOf(actor: Actor, namespace: string, w: K8sObject): Promise<Pod[]> {
  const selector = selectorString((w.spec as { selector?: LabelSelector } | undefined)?.selector);
  return controlledBy(await listAll(actor, "pods", namespace, selector), w.metadata.uid);
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
 * The preview for `partition` made from the cluster's pods (and, for a kind laid out by node, its nodes) now, by the
 * kind's own rules (its lens's partition model), compared with what the user was shown. Skipped when the workload's
 * spec itself moved on: the guarded patch then answers with its own conflict.
 */
export async function checkPreview(
  actor: Actor,
  t: WriteTarget,
  w: K8sObject,
  generation: number,
  partition: number | string,
  shown: PreviewMoves,
): Promise<PreviewDrift | null> {
  const home = KINDS.get(t.resource);
  if (!home.lens || (w.metadata.generation ?? 0) !== generation) return null;
  let pods: Pod[];
  let nodes: Node[] | undefined;
  try {
    pods = await podsOf(actor, t.namespace, w);
    if (home.strategy?.previewReads?.includes("nodes")) nodes = await listAll(actor, "nodes", null);
  } catch (e) {
    // A user who may not list pods (or nodes) was shown no such preview to hold the write to; the patch's own
    // guards still apply.
    if (toApiErrorBody(e, `cluster "${actor.cluster}"`).code === 403) return null;
    throw e;
  }
  const p = home.lens.partitionModel(w, { pods, nodes }).preview(partition, Date.now());
  if (p.error) return null;
  return previewDrift(shown, { count: p.moveCount, pods: movablePods(p.willMove) });
}
