// How a BatchRelease drives a CloneSet partition-style: Initialize, UpgradeBatch (partition only lowered), pod
// batch labels, the ready check and Finalize (docs/kruise-rollouts.md §7). Pure: returns merge patches.
// Upstream: openkruise/rollouts v0.6.2 pkg/controller/batchrelease/control/partitionstyle/cloneset/control.go,
// control/partitionstyle/control_plane.go, labelpatch/patcher.go, context/context.go `IsBatchReady`.
import type { BatchRelease, CloneSet, Pod } from "@/lib/k8s/objects";
import { LABEL_POD_TEMPLATE_HASH, LABEL_REVISION_HASH } from "@/lib/kruise/core/names";
import {
  batchIncrements,
  batchReady,
  plannedReplicas,
  rolloutScaled,
  stepPartition,
} from "@/lib/kruise/kruise-rollout/steps";
import { CONTROL_INFO_ANNOTATION, ROLLOUT_API_VERSION, ROLLOUT_BATCH_ID_LABEL, ROLLOUT_ID_LABEL } from "./keys";

/** The control-info annotation: the BatchRelease's controller owner reference as JSON. */
export function controlInfo(br: BatchRelease): string {
  return JSON.stringify({
    apiVersion: ROLLOUT_API_VERSION,
    kind: "BatchRelease",
    name: br.metadata.name,
    uid: br.metadata.uid,
    controller: true,
    blockOwnerDeletion: true,
  });
}

/** Initialize: claim the CloneSet unless this BatchRelease already controls it (undefined = nothing to patch). */
export function initializePatch(br: BatchRelease, cs: CloneSet): object | undefined {
  const info = cs.metadata.annotations?.[CONTROL_INFO_ANNOTATION];
  try {
    if (info && (JSON.parse(info) as { uid?: string }).uid === br.metadata.uid) return undefined;
  } catch {
    // An unreadable annotation is overwritten, as upstream's decode failure leads to a re-claim.
  }
  return {
    metadata: { annotations: { [CONTROL_INFO_ANNOTATION]: controlInfo(br) } },
    spec: { updateStrategy: { paused: false, partition: "100%" } },
  };
}

/** Finalize: release control; promote (partition null → 0, paused false) only when batchPartition is nil. */
export function finalizePatch(br: BatchRelease): object {
  const bp = br.spec.releasePlan.batchPartition;
  const meta = { annotations: { [CONTROL_INFO_ANNOTATION]: null } };
  return bp === undefined || bp === null
    ? { metadata: meta, spec: { updateStrategy: { partition: null, paused: false } } }
    : { metadata: meta };
}

const batchesOf = (br: BatchRelease) =>
  (br.spec.releasePlan.batches ?? []).map((b) => ({ replicas: b.canaryReplicas }));

/** Pods the current batch wants on the update revision. */
export function plannedForBatch(br: BatchRelease, replicas: number): number {
  const b = br.status?.canaryStatus?.currentBatch ?? 0;
  return plannedReplicas(br.spec.releasePlan.batches?.[b]?.canaryReplicas, replicas);
}

/** UpgradeBatch: the partition patch for the current batch, only when it lowers the partition. */
export function upgradePatch(br: BatchRelease, cs: CloneSet): object | undefined {
  const R = cs.spec.replicas ?? 1;
  if (R === 0) return undefined;
  const b = br.status?.canaryStatus?.currentBatch ?? 0;
  const desired = stepPartition(br.spec.releasePlan.batches?.[b]?.canaryReplicas, R);
  const current = cs.spec.updateStrategy?.partition ?? 0;
  if (rolloutScaled(current, R, true).value <= rolloutScaled(desired, R, true).value) return undefined;
  return { spec: { updateStrategy: { partition: desired } } };
}

/** A pod on `revision` (full name): its pod-template-hash or controller-revision-hash is a suffix of it. */
export function onRevision(pod: Pod, revision: string): boolean {
  const l = pod.metadata.labels ?? {};
  const t = l[LABEL_POD_TEMPLATE_HASH],
    c = l[LABEL_REVISION_HASH];
  return (!!t && revision.endsWith(t)) || (!!c && revision.endsWith(c));
}

const alive = (p: Pod) => !p.metadata.deletionTimestamp;

/**
 * `patchPodBatchLabel`: updated pods already labelled with this rollout ID use up their batch's share; unlabelled
 * ones fill the current batch first, then earlier ones. Returns the label patches per pod name.
 */
export function batchLabelPatches(br: BatchRelease, cs: CloneSet, pods: Pod[]): { name: string; patch: object }[] {
  const id = br.spec.releasePlan.rolloutID ?? "";
  const rev = br.status?.updateRevision ?? "";
  if (!id || !rev) return [];
  const current = br.status?.canaryStatus?.currentBatch ?? 0;
  const free = batchIncrements(batchesOf(br), cs.spec.replicas ?? 1).slice(0, current + 1);
  const candidates: Pod[] = [];
  for (const p of pods.filter((x) => alive(x) && onRevision(x, rev))) {
    const l = p.metadata.labels ?? {};
    if (l[ROLLOUT_ID_LABEL] === id) {
      const b = Number(l[ROLLOUT_BATCH_ID_LABEL]) - 1;
      if (b >= 0 && b < free.length) free[b]--;
    } else candidates.push(p);
  }
  const out: { name: string; patch: object }[] = [];
  for (let b = current; b >= 0; b--) {
    while (free[b] > 0 && candidates.length) {
      const p = candidates.shift()!;
      free[b]--;
      out.push({
        name: p.metadata.name,
        patch: { metadata: { labels: { [ROLLOUT_ID_LABEL]: id, [ROLLOUT_BATCH_ID_LABEL]: String(b + 1) } } },
      });
    }
  }
  return out;
}

/** The batch ready check (§7.4) on the cached CloneSet and pods; undefined when ready, else why not. */
export function batchNotReady(br: BatchRelease, cs: CloneSet, pods: Pod[]): string | undefined {
  const R = cs.spec.replicas ?? 1;
  if (R === 0) return undefined;
  const id = br.spec.releasePlan.rolloutID ?? "";
  const live = pods.filter(alive);
  const r = batchReady({
    planned: plannedForBatch(br, R),
    updated: cs.status?.updatedReplicas ?? 0,
    updatedReady: cs.status?.updatedReadyReplicas ?? 0,
    failureThreshold: br.spec.releasePlan.failureThreshold,
    labelledPods:
      id && live.length ? live.filter((p) => p.metadata.labels?.[ROLLOUT_ID_LABEL] === id).length : undefined,
  });
  return r.ready ? undefined : r.reason;
}
