// Update phase step 1: refresh every pod (docs/kruise-rules.md §3.5 step 2, §7.3-7.6, §8.2).
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { checkInPlaceUpdateCompleted, finishGracePeriod, nextBatch } from "@/lib/kruise/inplace/refresh";
import {
  hasReadinessGate,
  isPodAllHooked,
  kruisePodReadyConditions,
  withLifecycleState,
  type LifecycleState,
} from "@/lib/kruise/lifecycle/lifecycle";
import { getCondition, isPodOnRevision, lifecycleState, revisionHashPart } from "@/lib/kruise/core/pod-state";
import type { CloneSet, Pod } from "@/lib/k8s/objects";
import {
  CONDITION_INPLACE_READY,
  CONDITION_KRUISE_POD_READY,
  LABEL_POD_TEMPLATE_HASH,
  LABEL_REVISION_HASH,
} from "@/lib/kruise/core/names";
import type { Action } from "./types";

export interface RefreshResult {
  actions: Action[];
  modified: boolean;
  delayMs?: number;
}

/** Conditions Kruise sets on its own: InPlaceUpdateReady=True when complete, KruisePodReady=True once. */
function conditionActions(pod: Pod, now: number): Action[] {
  const out: Action[] = [];
  const conds = [];
  if (
    hasReadinessGate(pod, CONDITION_INPLACE_READY) &&
    getCondition(pod, CONDITION_INPLACE_READY)?.status !== "True" &&
    checkInPlaceUpdateCompleted(pod) === null
  ) {
    conds.push({ type: CONDITION_INPLACE_READY, status: "True", lastTransitionTime: rfc3339(now) });
  }
  if (hasReadinessGate(pod, CONDITION_KRUISE_POD_READY) && !getCondition(pod, CONDITION_KRUISE_POD_READY)) {
    conds.push({ type: CONDITION_KRUISE_POD_READY, status: "True", lastTransitionTime: rfc3339(now) });
  }
  if (conds.length) out.push({ kind: "podConditions", pod, conditions: conds });
  return out;
}

function nextLifecycle(cs: CloneSet, pod: Pod, updateRevision: string): LifecycleState | undefined {
  const lc = cs.spec.lifecycle;
  switch (lifecycleState(pod)) {
    case "PreparingNormal":
      if (lc?.preNormal) return isPodAllHooked(lc.preNormal, pod) ? "Normal" : undefined;
      return pod.spec.nodeName ? "Normal" : undefined;
    case "PreparingUpdate":
      if (!isPodOnRevision(pod, updateRevision)) return undefined;
      return lc && !isPodAllHooked(lc.inPlaceUpdate, pod) ? "Updated" : "Normal";
    case "Updating":
      if (checkInPlaceUpdateCompleted(pod) !== null) return undefined;
      return lc && lc.inPlaceUpdate && !isPodAllHooked(lc.inPlaceUpdate, pod) ? "Updated" : "Normal";
    case "Updated":
      return !lc?.inPlaceUpdate || isPodAllHooked(lc.inPlaceUpdate, pod) ? "Normal" : undefined;
  }
  return undefined;
}

/**
 * Per-pod refresh: condition flips, grace-period completion, next container batch, lifecycle
 * transitions and the pod-template-hash back-fill. `modified` = a lifecycle/label write happened,
 * which ends the reconcile. Upstream: kruise sync/cloneset_update.go refreshPodState,
 * fixPodTemplateHashLabel; inplace_update.go Refresh.
 */
export function refreshPod(
  cs: CloneSet,
  pod: Pod,
  updateRevision: string,
  now: number,
  /** quietKey(cs, updateRevision), when the caller refreshes many pods */
  key = quietKey(cs, updateRevision),
): RefreshResult {
  if (quiet.get(pod) === key) return { actions: [], modified: false };
  const r = refreshOnce(cs, pod, updateRevision, now);
  if (!r.actions.length && !r.modified && r.delayMs === undefined) quiet.set(pod, key);
  return r;
}

/**
 * Pods whose refresh found nothing to do, with what that answer depended on besides the pod. Such an
 * answer does not depend on the time (time only enters through a grace period, which reports a delay, or
 * through timestamps of actions), and cached pods are never changed in place, so a pod object that
 * refreshed quietly stays quiet until its spec lifecycle or the update revision moves: a rollout's
 * reconciles then look again only at the pods that changed, not at all n of them.
 */
const quiet = new WeakMap<Pod, string>();
const lifecycleKeys = new WeakMap<object, string>();
export function quietKey(cs: CloneSet, updateRevision: string): string {
  const lc = cs.spec.lifecycle;
  let k = lc ? lifecycleKeys.get(lc) : "";
  if (k === undefined) lifecycleKeys.set(lc!, (k = JSON.stringify(lc)));
  return `${updateRevision}|${k}`;
}

function refreshOnce(cs: CloneSet, pod: Pod, updateRevision: string, now: number): RefreshResult {
  const actions = conditionActions(pod, now);
  const grace = finishGracePeriod(pod, now);
  if (grace.pod) return { actions: [...actions, { kind: "updatePod", pod: grace.pod }], modified: false };
  const delayMs = grace.delayMs;
  const batch = grace.delayMs === undefined ? nextBatch(pod, now) : undefined;
  if (batch) return { actions: [...actions, { kind: "updatePod", pod: batch }], modified: false };

  const state = nextLifecycle(cs, pod, updateRevision);
  let next = pod;
  if (state) {
    next = withLifecycleState(pod, state, rfc3339(now));
    const hook = cs.spec.lifecycle?.inPlaceUpdate;
    const conds =
      state !== "PreparingUpdate" && hook?.markPodNotReady
        ? kruisePodReadyConditions(pod, "preUpdateHook", false, rfc3339(now))
        : undefined;
    if (conds) actions.push({ kind: "podConditions", pod, conditions: conds });
  }
  const hashLabel = pod.metadata.labels?.[LABEL_REVISION_HASH];
  if (hashLabel && !pod.metadata.labels?.[LABEL_POD_TEMPLATE_HASH]) {
    next = {
      ...next,
      metadata: {
        ...next.metadata,
        labels: { ...next.metadata.labels, [LABEL_POD_TEMPLATE_HASH]: revisionHashPart(hashLabel) },
      },
    };
  }
  if (next !== pod) return { actions: [...actions, { kind: "updatePod", pod: next }], modified: true, delayMs };
  return { actions, modified: false, delayMs };
}
