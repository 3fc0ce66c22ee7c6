// Refresh side of in-place updates: grace periods, next container batch, completion (§7.4–7.6).
import { patchSpecToPod, readGraceSpec, readInPlaceState, type InPlaceUpdateState } from "./inplace";
import type { Pod } from "../../k8s/objects";
import { ANNOTATION_INPLACE_GRACE, LABEL_REVISION_HASH } from "../core/names";

/**
 * Grace period over? Returns the pod with images applied and the grace annotation removed, or
 * the remaining delay. A grace spec for a revision the pod no longer carries is dropped.
 * Upstream: inplace_update.go finishGracePeriod.
 */
export function finishGracePeriod(pod: Pod, now: number): { pod?: Pod; delayMs?: number } {
  const spec = readGraceSpec(pod);
  if (!spec) return {};
  const state = readInPlaceState(pod);
  const drop = (p: Pod): Pod => {
    const annotations = { ...(p.metadata.annotations ?? {}) };
    delete annotations[ANNOTATION_INPLACE_GRACE];
    return { ...p, metadata: { ...p.metadata, annotations } };
  };
  if (pod.metadata.labels?.[LABEL_REVISION_HASH] !== spec.revision || !state) return { pod: drop(pod) };
  const elapsed = now - Date.parse(state.updateTimestamp);
  const grace = (spec.graceSeconds ?? 0) * 1000;
  if (elapsed < grace) return { delayMs: Math.ceil((grace - elapsed) / 1000) * 1000 };
  return { pod: drop(patchSpecToPod(pod, spec, state, now)) };
}

function imageWithTag(image: string): string {
  return image.split(":").length <= 1 ? `${image}:latest` : image;
}

/**
 * Completion: no grace annotation, no pending batch, and every container recorded in
 * lastContainerStatuses reports a different imageID (or already runs the spec image).
 * Returns null when complete, else the reason. Upstream: inplace_update_defaults.go
 * DefaultCheckInPlaceUpdateCompleted / defaultCheckContainersInPlaceUpdateCompleted.
 */
export function checkInPlaceUpdateCompleted(pod: Pod): string | null {
  const state = readInPlaceState(pod);
  if (!state) return null;
  if (pod.metadata.annotations?.[ANNOTATION_INPLACE_GRACE]) return "still in grace period of in-place update";
  if (state.nextContainerImages && Object.keys(state.nextContainerImages).length)
    return "existing containers to in-place update in next batches";
  return containersCompleted(pod, state);
}

function containersCompleted(pod: Pod, state: InPlaceUpdateState): string | null {
  if (state.revision !== pod.metadata.labels?.[LABEL_REVISION_HASH]) {
    return `currently revision ${pod.metadata.labels?.[LABEL_REVISION_HASH]} not equal to in-place update revision ${state.revision}`;
  }
  const images = new Map(pod.spec.containers.map((c) => [c.name, imageWithTag(c.image ?? "")]));
  const pending = new Set(Object.keys(state.lastContainerStatuses ?? {}));
  for (const cs of pod.status?.containerStatuses ?? []) {
    const old = state.lastContainerStatuses?.[cs.name];
    if (!old) continue;
    if (old.imageID === cs.imageID && images.get(cs.name) !== cs.image)
      return `container ${cs.name} imageID not changed`;
    pending.delete(cs.name);
  }
  return pending.size ? `not found statuses of containers ${[...pending].join(",")}` : null;
}

/**
 * Next container batch: when a batch is pending and every container of preCheckBeforeNext is
 * updated and Ready, patch the next priority group. Upstream: inplace_update.go Refresh
 * (updateNextBatch) with containersRequiredReady.
 */
export function nextBatch(pod: Pod, now: number): Pod | undefined {
  const state = readInPlaceState(pod);
  if (!state?.nextContainerImages || !Object.keys(state.nextContainerImages).length) return undefined;
  if (pod.metadata.annotations?.[ANNOTATION_INPLACE_GRACE]) return undefined;
  if (containersCompleted(pod, state) !== null) return undefined;
  const required = state.preCheckBeforeNext?.containersRequiredReady ?? [];
  const statuses = new Map((pod.status?.containerStatuses ?? []).map((c) => [c.name, c]));
  if (!required.every((n) => statuses.get(n)?.ready)) return undefined;
  const spec = { revision: state.revision, containerImages: state.nextContainerImages };
  return patchSpecToPod(pod, spec, { ...state, nextContainerImages: undefined, preCheckBeforeNext: undefined }, now);
}
