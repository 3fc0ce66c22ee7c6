// The Rollout's stable and canary revisions mapped onto the CloneSet's ControllerRevisions and pods, and the
// pods of each batch by their batch labels (docs/kruise-rollouts.md §3, §4.1, §7.5).
import type { BatchRelease, Pod, Rollout } from "../../k8s/objects";
import type { RolloutWorkload } from "./detect";
import { LABEL_POD_TEMPLATE_HASH, LABEL_REVISION_HASH } from "../core/names";
import { LABEL_BATCH_ID, LABEL_ROLLOUT_ID } from "./names";

export interface MappedRevision {
  /** what the Rollout stores: a CloneSet's hash (the name after its last "-"), an Advanced StatefulSet's whole name */
  hash: string;
  /** the CloneSet's ControllerRevision name, `<cloneset>-<hash>` when the hash is known */
  revision?: string;
  pods: string[];
}

export interface BatchPods {
  /** 1-based, the `rollouts.kruise.io/rollout-batch-id` label */
  batch: number;
  pods: string[];
  ready: number;
}

export interface RevisionMap {
  stable?: MappedRevision;
  canary?: MappedRevision;
  /** the release's rolloutID: the BatchRelease's, else the Rollout's observed one */
  rolloutId?: string;
  batches: BatchPods[];
}

/** A revision name's hash: what follows its last "-" (openkruise/rollouts pkg/util/controller_finder.go). */
export function revisionHash(revision: string | undefined): string {
  if (!revision) return "";
  const i = revision.lastIndexOf("-");
  return i < 0 ? revision : revision.slice(i + 1);
}

function podHash(p: Pod): string {
  const l = p.metadata.labels ?? {};
  return revisionHash(l[LABEL_REVISION_HASH]) || l[LABEL_POD_TEMPLATE_HASH] || "";
}

const isReady = (p: Pod) => (p.status?.conditions ?? []).some((c) => c.type === "Ready" && c.status === "True");

/**
 * A stored revision matched by its hash, so a CloneSet's hash and an Advanced StatefulSet's whole revision name
 * (docs/kruise-rollouts.md §15.1) both find their ControllerRevision and pods.
 */
function mapRevision(
  stored: string | undefined,
  cs: RolloutWorkload,
  revisions: readonly string[],
  pods: readonly Pod[],
) {
  if (!stored) return undefined;
  const hash = revisionHash(stored);
  const full = [cs.status?.currentRevision, cs.status?.updateRevision, ...revisions].find(
    (n) => !!n && (n === stored || revisionHash(n) === stored),
  );
  return {
    hash: stored,
    ...(full ? { revision: full } : {}),
    pods: pods.filter((p) => podHash(p) === hash).map((p) => p.metadata.name),
  };
}

/**
 * Stable = `canaryStatus.stableRevision`, canary = `canaryStatus.canaryRevision`, each found among the
 * CloneSet's revisions and pods by hash; batches = the CloneSet's pods labelled with this release's rolloutID,
 * grouped by `rollout-batch-id`. Upstream: openkruise/rollouts pkg/controller/batchrelease/labelpatch/patcher.go.
 */
export function revisionMap(
  r: Rollout,
  cs: RolloutWorkload,
  pods: readonly Pod[],
  revisions: readonly string[],
  br?: BatchRelease,
): RevisionMap {
  const cst = r.status?.canaryStatus;
  const stable = mapRevision(cst?.stableRevision, cs, revisions, pods);
  const canary = mapRevision(cst?.canaryRevision || cst?.podTemplateHash, cs, revisions, pods);
  const rolloutId = br?.spec.releasePlan.rolloutID || cst?.observedRolloutID || undefined;
  const byBatch = new Map<number, Pod[]>();
  for (const p of pods) {
    const l = p.metadata.labels ?? {};
    if (!rolloutId || l[LABEL_ROLLOUT_ID] !== rolloutId) continue;
    const b = Number(l[LABEL_BATCH_ID]);
    if (!Number.isInteger(b) || b < 1) continue;
    byBatch.set(b, [...(byBatch.get(b) ?? []), p]);
  }
  const batches = [...byBatch.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([batch, ps]) => ({ batch, pods: ps.map((p) => p.metadata.name).sort(), ready: ps.filter(isReady).length }));
  return { ...(stable ? { stable } : {}), ...(canary ? { canary } : {}), ...(rolloutId ? { rolloutId } : {}), batches };
}
