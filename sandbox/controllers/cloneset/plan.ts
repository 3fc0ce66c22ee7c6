// The pure CloneSet reconcile: plan(cs, pods, revisions, now) → actions (docs/kruise-rules.md §5).
import { calculateDiffsWithExpectation } from "@/lib/kruise/core/expectations";
import { matchesSelector } from "@/lib/kruise/core/labels";
import { isPodActive, isPodAvailable, isPodReady } from "@/lib/kruise/core/pod-state";
import { activeRevisions, truncateHistory } from "./revisions";
import { planScale } from "./scale";
import { calculateStatus, statusNeedsWrite, withFailure } from "./status";
import type { Action, Plan, PlanInput } from "./types";
import { planUpdate } from "./update";

/** Why Kruise would refuse to act on this spec (its webhook normally rejects these). */
export function specProblem(input: PlanInput): string | undefined {
  const { cs } = input;
  const sel = cs.spec.selector;
  if (!sel || (!Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length))
    return "empty selector is invalid for cloneset";
  if (!matchesSelector(sel, cs.spec.template.metadata?.labels)) return "selector does not match template labels";
  if (!cs.spec.template.spec?.containers?.length) return "spec.template.spec.containers: Required value";
  return undefined;
}

/**
 * One reconcile: revisions, then scale OR update, then status, podsToDelete clean-up and history
 * truncation. Upstream: kruise pkg/controller/cloneset/cloneset_controller.go doReconcile/syncCloneSet.
 */
export function plan(input: PlanInput): Plan {
  const { cs, now } = input;
  const problem = specProblem(input);
  const revs = activeRevisions(cs, input.revisions);
  const current = revs.current.metadata.name!,
    update = revs.update.metadata.name!;
  const actions: Action[] = [...revs.actions];
  const kept = input.keptCounts?.(update);
  // The kept counts are over the same pods: when they count every pod active, there is nothing to filter out.
  const active = kept?.status.replicas === input.pods.length ? input.pods : input.pods.filter(isPodActive);
  const counts = kept?.status;
  let error: Plan["error"];
  let requeueAfterMs: number | undefined;

  if (problem) {
    error = { type: "FailedScale", message: problem };
  } else if (!cs.metadata.deletionTimestamp) {
    const scaleDiff = calculateDiffsWithExpectation(cs, active, current, update, { now, counts: kept?.diff });
    const scale = planScale({ input, pods: active, current: revs.current, update: revs.update, diff: scaleDiff, kept });
    actions.push(...scale);
    if (!scale.some((a) => a.kind !== "event")) {
      const u = planUpdate(input, active, revs.current, revs.update, revs.all, scaleDiff, counts);
      actions.push(...u.actions);
      requeueAfterMs = u.delayMs;
      if (u.error) error = { type: "FailedUpdate", message: u.error };
    }
  }

  const status = calculateStatus(cs, active, current, update, now, counts);
  if (error) status.conditions = withFailure(status.conditions, error.type, error.message, now);
  if (statusNeedsWrite(cs.status, status) || (error && !cs.status?.conditions?.some((c) => c.type === error!.type))) {
    actions.push({ kind: "status", status });
  }
  const toDelete = cs.spec.scaleStrategy?.podsToDelete ?? [];
  const names = toDelete.length ? new Set(input.pods.map((p) => p.metadata.name)) : new Set<string | undefined>();
  if (toDelete.some((n) => !names.has(n)))
    actions.push({ kind: "removePodsToDelete", names: toDelete.filter((n) => names.has(n)) });
  actions.push(...truncateHistory(cs, revs.all, input.pods, [current, update]));

  const minReady = cs.spec.minReadySeconds ?? 0;
  if (minReady > 0 && active.some((p) => isPodReady(p, now) && !isPodAvailable(p, minReady, now))) {
    requeueAfterMs = Math.min(requeueAfterMs ?? Infinity, minReady * 1000 + 100);
  }
  if (cs.spec.progressDeadlineSeconds && status.updatedAvailableReplicas !== cs.spec.replicas) {
    requeueAfterMs = Math.min(requeueAfterMs ?? Infinity, cs.spec.progressDeadlineSeconds * 1000 + 100);
  }
  return { actions, requeueAfterMs, error, updateRevision: update, currentRevision: current };
}
