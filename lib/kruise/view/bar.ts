/**
 * The list row's stacked revision bar: where the CloneSet's pods stand, with the partition's target marked
 * (docs/kruise-rules.md §10: expectedUpdatedReplicas is the target the partition sets).
 */
import { plural } from "../core/plural";
import type { UpdateProgress } from "./list";
import type { ViewWorkload } from "./types";

export interface RevisionBar {
  /** The bar's full width in pods: the larger of the pods that exist and spec.replicas. */
  scale: number;
  /** On the update revision and ready. */
  ready: number;
  /** On the update revision, not ready yet and not failing (starting, updating in place). */
  updating: number;
  /** On the update revision and failing (a kubelet reason; known only where pods are watched). */
  failing: number;
  /** On older revisions. */
  old: number;
  /** Pods the partition wants on the update revision: the marker's position. */
  target: number;
  /** The bar in words (its accessible name and tooltip). */
  text: string;
  /** The figure beside the bar: pods on the update revision / the partition's target ("5/5"). */
  count: string;
  /** That figure in words: "5 of 5 on the update revision, 5 ready". */
  countText: string;
}

/** Segments from the counts; `pods` is how many exist, `failingUpdated` how many updated ones fail. */
export function revisionBar(cs: ViewWorkload, p: UpdateProgress, pods: number, failingUpdated: number): RevisionBar {
  const desired = cs.spec?.replicas ?? 1;
  const updated = Math.min(p.updated, pods);
  const ready = Math.min(p.updatedReady, updated);
  const failing = Math.min(failingUpdated, updated - ready);
  const updating = updated - ready - failing;
  const old = Math.max(pods - updated, 0);
  const parts = [
    `${ready} updated and ready`,
    updating ? `${updating} updating` : "",
    failing ? `${failing} failing` : "",
    `${old} on older revisions`,
  ].filter(Boolean);
  return {
    scale: Math.max(pods, desired, 1),
    ready,
    updating,
    failing,
    old,
    target: p.target,
    text: `${parts.join(", ")}; target ${plural(p.target, "pod")} of ${desired} on the update revision`,
    count: `${updated}/${p.target}`,
    countText: `${updated} of ${p.target} on the update revision, ${ready} ready`,
  };
}
