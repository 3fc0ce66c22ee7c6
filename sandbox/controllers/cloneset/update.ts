// The update half of a reconcile (docs/kruise-rules.md §3.5 step 2, §3.6, §7, §8.2).
import { calculateDiffsWithExpectation, type ExpectationDiffs } from "@/lib/kruise/core/expectations";
import { calculateInPlaceUpdateSpec } from "@/lib/kruise/inplace/spec";
import { rfc3339, startInPlaceUpdate } from "@/lib/kruise/inplace/inplace";
import {
  isPodHooked,
  kruisePodReadyConditions,
  withHookHandlers,
  withLifecycleState,
} from "@/lib/kruise/lifecycle/lifecycle";
import { getCondition, isPodAvailable, isPodOnRevision, lifecycleState } from "@/lib/kruise/core/pod-state";
import { limitUpdateIndexes, sortUpdateIndexes, updateCandidates } from "@/lib/kruise/order/update-order";
import type { CloneSet, ControllerRevision, Pod, PodCondition } from "@/lib/k8s/objects";
import { CONDITION_INPLACE_READY, LABEL_SPECIFIED_DELETE } from "@/lib/kruise/core/names";
import { quietKey, refreshPod } from "./refresh";
import type { StatusCounts } from "@/lib/kruise/core/pod-state";
import type { Action, PlanInput } from "./types";

export interface UpdateResult {
  actions: Action[];
  delayMs?: number;
  error?: string;
}

/** Status write of §7.3 step 1: InPlaceUpdateReady False (StartInPlaceUpdate) and, if containers are ready, Ready False. */
function startConditions(pod: Pod, now: number): PodCondition[] {
  const conds: PodCondition[] = [
    { type: CONDITION_INPLACE_READY, status: "False", reason: "StartInPlaceUpdate", lastTransitionTime: rfc3339(now) },
  ];
  if (getCondition(pod, "ContainersReady")?.status === "True") {
    conds.push({
      type: "Ready",
      status: "False",
      reason: "ReadinessGatesNotReady",
      message: `the status of pod readiness gate "${CONDITION_INPLACE_READY}" is not "True", but False`,
      lastTransitionTime: null,
    });
  }
  return conds;
}

function recreate(pod: Pod, target: ControllerRevision): Action {
  const name = pod.metadata.name,
    rev = target.metadata.name;
  return {
    kind: "patchPod",
    pod,
    patch: { metadata: { labels: { [LABEL_SPECIFIED_DELETE]: "true" } } },
    event: {
      type: "Normal",
      reason: "SuccessfulUpdatePodReCreate",
      message: `successfully patch pod ${name} specified-delete for update(revision ${rev})`,
    },
    failEvent: {
      type: "Warning",
      reason: "FailedUpdatePodReCreate",
      message: `failed to patch pod specified-delete ${name} for update(revision ${rev})`,
    },
  };
}

/**
 * One pod's update: in place when the revision diff allows (with inPlaceUpdate hook states),
 * else recreate via the specified-delete label; InPlaceOnly that cannot go in place is an error.
 * Upstream: kruise sync/cloneset_update.go updatePod.
 */
function updatePod(
  cs: CloneSet,
  pod: Pod,
  target: ControllerRevision,
  revisions: ControllerRevision[],
  now: number,
): { actions: Action[]; error?: string } {
  const type = cs.spec.updateStrategy?.type ?? "ReCreate";
  if (type === "InPlaceIfPossible" || type === "InPlaceOnly") {
    const oldRev = revisions.find((r) => isPodOnRevision(pod, r.metadata.name!));
    const grace = cs.spec.updateStrategy?.inPlaceUpdateStrategy?.gracePeriodSeconds ?? 0;
    const spec = calculateInPlaceUpdateSpec(oldRev, target, grace);
    if (spec) return inPlace(cs, pod, spec, now);
    if (type === "InPlaceOnly")
      return {
        actions: [],
        error: `find Pod ${pod.metadata.name} update strategy is InPlaceOnly but can not update in-place`,
      };
  }
  return { actions: [recreate(pod, target)] };
}

function inPlace(
  cs: CloneSet,
  pod: Pod,
  spec: NonNullable<ReturnType<typeof calculateInPlaceUpdateSpec>>,
  now: number,
): { actions: Action[]; error?: string } {
  const hook = cs.spec.lifecycle?.inPlaceUpdate;
  const state = lifecycleState(pod);
  const ts = rfc3339(now);
  const prepare = (p: Pod): Action[] => {
    const conds = hook?.markPodNotReady ? kruisePodReadyConditions(pod, "preUpdateHook", true, ts) : undefined;
    return [
      ...(conds ? [{ kind: "podConditions", pod, conditions: conds } as Action] : []),
      { kind: "updatePod", pod: withLifecycleState(p, "PreparingUpdate", ts) },
    ];
  };
  if (state === "" || state === "PreparingNormal" || state === "Normal") {
    if (cs.spec.lifecycle && hook && isPodHooked(hook, pod)) return { actions: prepare(pod) };
  } else if (state === "Updated") {
    return { actions: prepare(withHookHandlers(pod, hook)) };
  } else if (state === "PreparingUpdate") {
    if (cs.spec.lifecycle && hook && isPodHooked(hook, pod)) return { actions: [] };
  } else if (state !== "Updating") {
    return { actions: [], error: `not allowed to in-place update pod ${pod.metadata.name} in state ${state}` };
  }
  const updated = startInPlaceUpdate(pod, spec, now, (p) => withLifecycleState(p, "Updating", ts));
  const name = pod.metadata.name,
    rev = spec.revision;
  return {
    actions: [
      { kind: "podConditions", pod, conditions: startConditions(pod, now) },
      {
        kind: "updatePod",
        pod: updated,
        event: {
          type: "Normal",
          reason: "SuccessfulUpdatePodInPlace",
          message: `successfully update pod ${name} in-place(revision ${rev})`,
        },
        failEvent: {
          type: "Warning",
          reason: "FailedUpdatePodInPlace",
          message: `failed to update pod ${name} in-place(revision ${rev})`,
        },
      },
    ],
  };
}

interface Unavailability {
  /** active pods not available */
  all: number;
  /** of those, pods on the target revision */
  target: number;
}

/** From the kept status counts when the target is the update revision (a rollout), else by a pass over the pods. */
function unavailability(
  cs: CloneSet,
  pods: Pod[],
  target: string,
  update: string,
  now: number,
  counts?: StatusCounts,
): Unavailability {
  if (counts && target === update)
    return { all: counts.replicas - counts.available, target: counts.updated - counts.updatedAvailable };
  const minReady = cs.spec.minReadySeconds ?? 0;
  const u = { all: 0, target: 0 };
  for (const p of pods) {
    if (isPodAvailable(p, minReady, now)) continue;
    u.all++;
    if (isPodOnRevision(p, target)) u.target++;
  }
  return u;
}

/**
 * False when limitUpdateIndexes would accept no candidate whatever their order: the target revision's
 * unavailable pods already fill updateMaxUnavailable, or all pods' unavailability does and every candidate is
 * available. Most reconciles of a large rollout are such (the budget is in flight), so they skip the sort.
 */
function canAcceptAny(
  cs: CloneSet,
  pods: Pod[],
  candidates: number[],
  maxUnavailable: number,
  u: Unavailability,
  now: number,
): boolean {
  const minReady = cs.spec.minReadySeconds ?? 0;
  if (!candidates.length || u.target >= maxUnavailable) return false;
  return u.all < maxUnavailable || candidates.some((i) => !isPodAvailable(pods[i], minReady, now));
}

/** Update phase. Upstream: kruise pkg/controller/cloneset/sync/cloneset_update.go Update. */
export function planUpdate(
  input: PlanInput,
  pods: Pod[],
  current: ControllerRevision,
  update: ControllerRevision,
  revisions: ControllerRevision[],
  /** The same diffs the scale phase computed from these pods, if it did. */
  scaleDiff?: ExpectationDiffs,
  /** The pods' status counts against `update`, when kept as pods change. */
  counts?: StatusCounts,
): UpdateResult {
  const { cs, now } = input;
  const actions: Action[] = [];
  let delayMs: number | undefined;
  let modified = false;
  const quiet = quietKey(cs, update.metadata.name!);
  for (const pod of pods) {
    const r = refreshPod(cs, pod, update.metadata.name!, now, quiet);
    actions.push(...r.actions);
    if (r.delayMs !== undefined) delayMs = Math.min(delayMs ?? Infinity, r.delayMs);
    modified ||= r.modified;
  }
  if (modified || cs.spec.updateStrategy?.paused) return { actions, delayMs };
  const diff =
    scaleDiff ?? calculateDiffsWithExpectation(cs, pods, current.metadata.name!, update.metadata.name!, { now });
  if (diff.updateNum === 0) return { actions, delayMs };
  const target = diff.updateNum < 0 ? current : update;
  const u = unavailability(cs, pods, target.metadata.name!, update.metadata.name!, now, counts);
  if (u.target >= diff.updateMaxUnavailable) return { actions, delayMs }; // no candidate could be accepted
  const busy = new Set(actions.map((a) => ("pod" in a ? a.pod.metadata.name : undefined)));
  let idx = updateCandidates(pods, update.metadata.name!, diff.updateNum > 0).filter(
    (i) => !busy.has(pods[i].metadata.name),
  );
  if (!canAcceptAny(cs, pods, idx, diff.updateMaxUnavailable, u, now)) return { actions, delayMs };
  idx = sortUpdateIndexes(cs.spec.updateStrategy, pods, idx, input.rand);
  idx = limitUpdateIndexes(cs, pods, idx, diff.updateNum, diff.updateMaxUnavailable, target.metadata.name!, now);
  for (const i of idx) {
    const r = updatePod(cs, pods[i], target, revisions, now);
    actions.push(...r.actions);
    if (r.error) return { actions, delayMs, error: r.error };
    const g = cs.spec.updateStrategy?.inPlaceUpdateStrategy?.gracePeriodSeconds;
    if (g && r.actions.some((a) => a.kind === "updatePod")) delayMs = Math.min(delayMs ?? Infinity, g * 1000);
  }
  return { actions, delayMs };
}
