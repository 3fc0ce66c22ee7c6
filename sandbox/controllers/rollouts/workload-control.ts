// How a BatchRelease drives its workload partition-style: Initialize, UpgradeBatch (partition only lowered), pod
// batch labels, the ready check and Finalize (docs/kruise-rollouts.md §7; an Advanced StatefulSet's ordinal
// partition §15.3). Pure: returns merge patches. Upstream: openkruise/rollouts v0.6.2
// pkg/controller/batchrelease/control/partitionstyle/cloneset/control.go, partitionstyle/statefulset/control.go,
// control/partitionstyle/control_plane.go, labelpatch/patcher.go, context/context.go `IsBatchReady`.
import type { BatchRelease, Pod } from "@/lib/k8s/objects";
import {
  batchIncrements,
  batchReady,
  plannedReplicas,
  rolloutScaled,
  stepPartition,
} from "@/lib/kruise/kruise-rollout/steps";
import {
  CONTROL_INFO_ANNOTATION,
  ROLLOUT_API_VERSION,
  ROLLOUT_BATCH_ID_LABEL,
  ROLLOUT_ID_LABEL,
  STATEFULSET_HOLD_PARTITION,
} from "./keys";
import { onRevision, type RolloutTarget, type TargetStatus } from "./target";

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

/**
 * Initialize: claim the workload unless this BatchRelease already controls it (undefined = nothing to patch).
 * A CloneSet gets `partition: "100%"`, `paused: false`; an Advanced StatefulSet `rollingUpdate.partition: 32767`,
 * `rollingUpdate.paused: false`.
 */
export function initializePatch(br: BatchRelease, t: RolloutTarget): object | undefined {
  const info = t.object.metadata.annotations?.[CONTROL_INFO_ANNOTATION];
  try {
    if (info && (JSON.parse(info) as { uid?: string }).uid === br.metadata.uid) return undefined;
  } catch {
    // An unreadable annotation is overwritten, as upstream's decode failure leads to a re-claim.
  }
  const updateStrategy =
    t.kind === "CloneSet"
      ? { paused: false, partition: "100%" }
      : { rollingUpdate: { partition: STATEFULSET_HOLD_PARTITION, paused: false } };
  return { metadata: { annotations: { [CONTROL_INFO_ANNOTATION]: controlInfo(br) } }, spec: { updateStrategy } };
}

/**
 * Finalize: release control; promote only when batchPartition is nil: a CloneSet's partition null (→ 0) and
 * `paused: false`, an Advanced StatefulSet's `rollingUpdate.partition` null (→ 0), its `paused` left alone.
 */
export function finalizePatch(br: BatchRelease, kind: RolloutTarget["kind"]): object {
  const bp = br.spec.releasePlan.batchPartition;
  const meta = { annotations: { [CONTROL_INFO_ANNOTATION]: null } };
  if (bp !== undefined && bp !== null) return { metadata: meta };
  const updateStrategy =
    kind === "CloneSet" ? { partition: null, paused: false } : { rollingUpdate: { partition: null } };
  return { metadata: meta, spec: { updateStrategy } };
}

const batchesOf = (br: BatchRelease) =>
  (br.spec.releasePlan.batches ?? []).map((b) => ({ replicas: b.canaryReplicas }));

/** Pods the current batch wants on the update revision. */
export function plannedForBatch(br: BatchRelease, replicas: number): number {
  const b = br.status?.canaryStatus?.currentBatch ?? 0;
  return plannedReplicas(br.spec.releasePlan.batches?.[b]?.canaryReplicas, replicas);
}

/**
 * UpgradeBatch: the partition patch for the current batch, only when it lowers the partition. A CloneSet's
 * partition follows the step's type (§7.2); an Advanced StatefulSet's is the ordinal `replicas − planned`, an
 * integer always, so ordinals at or above it update (partitionstyle/statefulset/control.go `CalculateBatchContext`).
 */
export function upgradePatch(br: BatchRelease, t: RolloutTarget): object | undefined {
  const R = t.object.spec.replicas ?? 1;
  if (R === 0) return undefined;
  const b = br.status?.canaryStatus?.currentBatch ?? 0;
  const step = br.spec.releasePlan.batches?.[b]?.canaryReplicas;
  if (t.kind === "StatefulSet") {
    const desired = R - plannedReplicas(step, R);
    const current = t.object.spec.updateStrategy?.rollingUpdate?.partition ?? 0;
    return current <= desired ? undefined : { spec: { updateStrategy: { rollingUpdate: { partition: desired } } } };
  }
  const desired = stepPartition(step, R);
  const current = t.object.spec.updateStrategy?.partition ?? 0;
  if (rolloutScaled(current, R, true).value <= rolloutScaled(desired, R, true).value) return undefined;
  return { spec: { updateStrategy: { partition: desired } } };
}

const alive = (p: Pod) => !p.metadata.deletionTimestamp;

/**
 * `patchPodBatchLabel`: updated pods already labelled with this rollout ID use up their batch's share; unlabelled
 * ones fill the current batch first, then earlier ones. Returns the label patches per pod name.
 */
export function batchLabelPatches(br: BatchRelease, replicas: number, pods: Pod[]): { name: string; patch: object }[] {
  const id = br.spec.releasePlan.rolloutID ?? "";
  const rev = br.status?.updateRevision ?? "";
  if (!id || !rev) return [];
  const current = br.status?.canaryStatus?.currentBatch ?? 0;
  const free = batchIncrements(batchesOf(br), replicas).slice(0, current + 1);
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

/** The batch ready check (§7.4) on the cached workload and pods; undefined when ready, else why not. */
export function batchNotReady(br: BatchRelease, R: number, st: TargetStatus, pods: Pod[]): string | undefined {
  if (R === 0) return undefined;
  const id = br.spec.releasePlan.rolloutID ?? "";
  const live = pods.filter(alive);
  const r = batchReady({
    planned: plannedForBatch(br, R),
    updated: st.updatedReplicas,
    updatedReady: st.updatedReadyReplicas,
    failureThreshold: br.spec.releasePlan.failureThreshold,
    labelledPods:
      id && live.length ? live.filter((p) => p.metadata.labels?.[ROLLOUT_ID_LABEL] === id).length : undefined,
  });
  return r.ready ? undefined : r.reason;
}
