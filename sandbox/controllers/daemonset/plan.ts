// The pure Advanced DaemonSet reconcile: plan(ds, pods, revisions, nodes, now) → actions (docs/kruise-rules.md §14).
import { k8sScaledValue } from "@/lib/kruise/core/intorstr";
import { LABEL_DS_HASH } from "@/lib/kruise/daemonset/daemon-pods";
import { manage } from "@/lib/kruise/daemonset/manage";
import { newDaemonSetRevision } from "@/lib/kruise/daemonset/revision";
import { daemonCounts, nextDaemonStatus } from "@/lib/kruise/daemonset/status";
import { rollingUpdateRound, surgeCount } from "@/lib/kruise/daemonset/update";
import { shuffled } from "@/lib/kruise/order/ties";
import { sortRevisions } from "@/lib/kruise/revision/revision";
import type { ControllerRevision, DaemonSet, Pod } from "@/lib/k8s/objects";
import type { PlanInput } from "../workload/controller";
import { inPlaceRefresh } from "../workload/refresh";
import { chooseRevisions } from "../workload/revisions";
import type { WorkloadAction, WorkloadPlan } from "../workload/types";
import { inPlaceOrDelete, syncNodes } from "./sync";

/** Old revisions beyond revisionHistoryLimit that no pod carries, oldest first (cleanupHistory). */
function cleanupHistory(ds: DaemonSet, old: ControllerRevision[], pods: Pod[]): WorkloadAction[] {
  let toKill = old.length - (ds.spec.revisionHistoryLimit ?? 10);
  const live = new Set(pods.map((p) => p.metadata.labels?.[LABEL_DS_HASH]).filter(Boolean));
  const out: WorkloadAction[] = [];
  for (const r of sortRevisions(old)) {
    if (toKill <= 0) break;
    if (live.has(r.metadata.labels?.[LABEL_DS_HASH])) continue;
    out.push({ kind: "deleteRevision", name: r.metadata.name });
    toKill--;
  }
  return out;
}

/**
 * One reconcile: revisions; the core loop (nodes needing pods, pods to go) — any write there ends the reconcile with
 * a status that leaves observedGeneration alone; the in-place refresh of every pod; unless paused, one rolling update
 * round, its nodes visited in a seeded random order (Kruise walks a Go map); history cleanup; status.
 * Upstream: kruise pkg/controller/daemonset/daemonset_controller.go syncDaemonSet.
 */
export function planDaemonSet(input: PlanInput<DaemonSet>): WorkloadPlan {
  const { obj: ds, pods, nodes, now } = input;
  if (ds.metadata.deletionTimestamp) return { actions: [] };
  const sel = ds.spec.selector;
  if (!sel || (!Object.keys(sel.matchLabels ?? {}).length && !(sel.matchExpressions ?? []).length))
    return {
      actions: [
        {
          kind: "event",
          event: {
            type: "Warning",
            reason: "SelectingAll",
            message: "This DaemonSet is selecting all pods. A non-empty selector is required.",
          },
        },
      ],
    };
  const revs = chooseRevisions(input.revisions, (n) => newDaemonSetRevision(ds, n), undefined);
  const hash = revs.update.metadata.labels?.[LABEL_DS_HASH] ?? "";
  const actions: WorkloadAction[] = [...revs.actions];
  let requeueAfterMs: number | undefined;
  const requeue = (ms?: number) => {
    if (ms !== undefined && ms > 0) requeueAfterMs = Math.min(requeueAfterMs ?? Infinity, ms);
  };
  const status = (observed: boolean) => {
    const s = nextDaemonStatus(ds, daemonCounts(ds, nodes, pods, hash, now), hash, observed);
    if (s) actions.push({ kind: "status", status: s });
    const minReady = ds.spec.minReadySeconds ?? 0;
    if (minReady > 0) requeue(minReady * 1000);
  };
  const burst = k8sScaledValue(ds.spec.burstReplicas ?? 250, ds.status?.desiredNumberScheduled ?? 0, false).value;
  const m = manage(ds, nodes, pods, hash, now);
  requeue(m.requeueMs);
  for (const f of m.failed)
    actions.push({
      kind: "event",
      event: {
        type: "Warning",
        reason: "FailedDaemonPod",
        message: `Found failed daemon pod ${f.pod.metadata.namespace}/${f.pod.metadata.name} on node ${f.node}, will try to kill it`,
      },
    });
  const core = syncNodes(ds, m.podsToDelete, m.nodesNeedingPods, hash, now, burst);
  if (core.length) {
    actions.push(...core);
    status(false);
    return { actions, requeueAfterMs };
  }
  for (const p of pods) {
    if (p.metadata.deletionTimestamp) continue;
    const r = inPlaceRefresh(p, now);
    actions.push(...r.actions);
    requeue(r.delayMs);
  }
  const ru = ds.spec.updateStrategy?.rollingUpdate;
  if (!ru?.paused && (ds.spec.updateStrategy?.type ?? "RollingUpdate") === "RollingUpdate") {
    const round = rollingUpdateRound(ds, nodes, pods, hash, now, (names) => shuffled(names, input.rand));
    let toDelete = round.oldPodsToDelete;
    if (surgeCount(ds, nodes.length) === 0 && ru?.rollingUpdateType === "InPlaceIfPossible") {
      const r = inPlaceOrDelete(ds, toDelete, revs.update, revs.all, hash, now, burst);
      actions.push(...r.actions);
      toDelete = r.toDelete;
    }
    actions.push(...syncNodes(ds, toDelete, round.newNodesToCreate, hash, now, burst));
  }
  actions.push(
    ...cleanupHistory(
      ds,
      revs.all.filter((r) => r !== revs.update),
      pods,
    ),
  );
  status(true);
  return { actions, requeueAfterMs };
}
