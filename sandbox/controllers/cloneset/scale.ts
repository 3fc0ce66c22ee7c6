// The scale half of a reconcile (docs/kruise-rules.md §3.5 "Scale details", §4.2, §8.4).
import { sortForDeletion } from "@/lib/kruise/order/deletion-order";
import { shuffled } from "@/lib/kruise/order/ties";
import type { ExpectationDiffs } from "@/lib/kruise/core/expectations";
import { rfc3339 } from "@/lib/kruise/inplace/inplace";
import { isPodHooked, withLifecycleState, kruisePodReadyConditions } from "@/lib/kruise/lifecycle/lifecycle";
import {
  isPodAvailable,
  isPodOnRevision,
  isPodReady,
  isSpecifiedDelete,
  lifecycleState,
} from "@/lib/kruise/core/pod-state";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { newPod } from "./pod-factory";
import type { KeptCounts } from "./tally";
import type { Action, PlanInput } from "./types";

interface ScaleCtx {
  input: PlanInput;
  pods: Pod[];
  current: ControllerRevision;
  update: ControllerRevision;
  diff: ExpectationDiffs;
  /** The lists kept as pods change, when kept (then `pods` is not walked for them). */
  kept?: Pick<KeptCounts, "preparingDelete" | "specifiedDelete">;
}

/** Marks a pod for deletion: PreparingDelete if the preDelete hook holds it, else DELETE. Upstream: sync/cloneset_scale.go deletePods. */
function deleteOrPrepare(cs: CloneSet, pod: Pod, now: number): Action[] {
  const hook = cs.spec.lifecycle?.preDelete;
  if (hook && isPodHooked(hook, pod)) {
    if (lifecycleState(pod) === "PreparingDelete") return [];
    const out: Action[] = [{ kind: "updatePod", pod: withLifecycleState(pod, "PreparingDelete", rfc3339(now)) }];
    const conds = hook.markPodNotReady ? kruisePodReadyConditions(pod, "preDeleteHook", true, rfc3339(now)) : undefined;
    if (conds) out.unshift({ kind: "podConditions", pod, conditions: conds });
    return out;
  }
  return [{ kind: "deletePod", pod }];
}

function createActions(c: ScaleCtx): Action[] {
  const { input, diff } = c;
  const taken = new Set(input.pods.map((p) => p.metadata.name));
  const pods: Pod[] = [];
  const oldCount = Math.min(diff.scaleUpNumOldRevision, diff.scaleUpLimit);
  for (let i = 0; i < diff.scaleUpLimit; i++) {
    let id = input.randomId();
    while (taken.has(`${input.cs.metadata.name}-${id}`)) id = input.randomId();
    taken.add(`${input.cs.metadata.name}-${id}`);
    pods.push(newPod(input.cs, i < oldCount ? c.current : c.update, id, input.now));
  }
  return pods.length ? [{ kind: "createPods", pods }] : [];
}

/** Deletes unready pods freely and ready ones while deleteReadyLimit lasts. */
function limitedDeletes(cs: CloneSet, pods: Pod[], limit: number, now: number): Action[] {
  const out: Action[] = [];
  let ready = 0;
  for (const p of pods) {
    if (isPodReady(p, now)) {
      if (ready >= limit) continue;
      ready++;
    }
    out.push(...deleteOrPrepare(cs, p, now));
  }
  return out;
}

/**
 * Scale phase. Returns the actions (empty = nothing to scale, go on to update).
 * Upstream: kruise pkg/controller/cloneset/sync/cloneset_scale.go Scale.
 */
export function planScale(c: ScaleCtx): Action[] {
  const { input, diff, pods } = c;
  const { cs, now } = input;
  const out: Action[] = [];
  if (diff.scaleUpNum > diff.scaleUpLimit) {
    out.push({
      kind: "event",
      event: {
        type: "Warning",
        reason: "ScaleUpLimited",
        message: `scaleUp is limited because of scaleStrategy.maxUnavailable, limit: ${diff.scaleUpLimit}`,
      },
    });
  }
  const kept = c.kept;
  const preDelete = kept ? kept.preparingDelete : pods.filter((p) => lifecycleState(p) === "PreparingDelete");
  const rescue = rescuePreparingDelete(c, preDelete);
  if (rescue.length) return [...out, ...rescue];
  if (diff.scaleUpNum > 0 && diff.scaleUpLimit > 0) return [...out, ...createActions(c)];
  if (diff.scaleUpNum > 0) return out;

  const hook = cs.spec.lifecycle?.preDelete;
  const released = preDelete
    .filter((p) => !hook || !isPodHooked(hook, p))
    .map((p): Action => ({ kind: "deletePod", pod: p }));
  const specified = kept
    ? kept.specifiedDelete
    : pods.filter((p) => lifecycleState(p) !== "PreparingDelete" && isSpecifiedDelete(cs, p));
  if (released.length || specified.length) {
    const minReady = cs.spec.minReadySeconds ?? 0;
    // Upstream walks them in informer order: which ready ones fit the limit is not decided.
    const ordered = (input.rand ? shuffled(specified, input.rand) : [...specified]).sort(
      (a, b) => Number(isPodAvailable(a, minReady, now)) - Number(isPodAvailable(b, minReady, now)),
    );
    return [...out, ...released, ...limitedDeletes(cs, ordered, diff.deleteReadyLimit, now)];
  }
  // The ordinary scale-in waits while any pod is specified or in PreparingDelete (Scale step 6, numToDelete > 0):
  // a pod the preDelete hook holds is the one this scale-in already chose.
  if (diff.scaleDownNum > 0 && !preDelete.length) return [...out, ...scaleIn(c)];
  return out;
}

function scaleIn(c: ScaleCtx): Action[] {
  const { input, diff, pods, update } = c;
  const { cs, now } = input;
  const candidates = pods.filter((p) => lifecycleState(p) !== "PreparingDelete");
  // Ranks are computed within each revision group, not over all pods (choosePodsToDelete's choose).
  const opts = {
    minReadySeconds: cs.spec.minReadySeconds ?? 0,
    now,
    nodeLabels: input.nodeLabels,
    topologyKeys: (cs.spec.template.spec?.topologySpreadConstraints ?? []).map((t) => t.topologyKey),
    rand: input.rand,
  };
  const oldPods = sortForDeletion(
    candidates.filter((p) => !isPodOnRevision(p, update.metadata.name!)),
    opts,
  );
  const newPods = sortForDeletion(
    candidates.filter((p) => isPodOnRevision(p, update.metadata.name!)),
    opts,
  );
  const fromOld = oldPods.slice(0, Math.min(diff.scaleDownNumOldRevision, diff.scaleDownNum));
  const chosen = [...fromOld, ...newPods.slice(0, diff.scaleDownNum - fromOld.length)];
  if (chosen.length < diff.scaleDownNum)
    chosen.push(...oldPods.slice(fromOld.length, fromOld.length + diff.scaleDownNum - chosen.length));
  return limitedDeletes(cs, chosen, diff.deleteReadyLimit, now);
}

/**
 * Replicas went up: PreparingDelete pods that were not specified for deletion go back to
 * PreparingNormal (not when a hook uses markPodNotReady). Upstream: cloneset_scale.go managePreparingDelete.
 */
function rescuePreparingDelete(c: ScaleCtx, preDelete: Pod[]): Action[] {
  const { cs, now } = c.input;
  const lc = cs.spec.lifecycle;
  if (lc?.preDelete?.markPodNotReady || lc?.inPlaceUpdate?.markPodNotReady) return [];
  const notSpecified = preDelete.filter((p) => !isSpecifiedDelete(cs, p));
  const excess = c.pods.length - (cs.spec.replicas ?? 1);
  const keep = Math.max(0, Math.min(notSpecified.length, notSpecified.length - Math.max(excess, 0)));
  return notSpecified
    .slice(0, keep)
    .map((p): Action => ({ kind: "updatePod", pod: withLifecycleState(p, "PreparingNormal", rfc3339(now)) }));
}
