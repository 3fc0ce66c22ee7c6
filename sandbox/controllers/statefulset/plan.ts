// The pure Advanced StatefulSet reconcile: plan(set, pods, revisions, now) → actions (docs/kruise-rules.md §13).
import { slotPods } from "@/lib/kruise/statefulset/ordinals";
import { newStatefulSetRevision } from "@/lib/kruise/statefulset/revision";
import { scaleWalk, type ScaleStep } from "@/lib/kruise/statefulset/scale";
import { completeRollingUpdate, countStatus, statusNeedsWrite, wireStatus } from "@/lib/kruise/statefulset/status";
import { isCurrentRevisionNeeded, podRevision } from "@/lib/kruise/statefulset/update";
import type { Pod, StatefulSet } from "@/lib/k8s/objects";
import type { PlanInput } from "../workload/controller";
import { chooseRevisions, truncateHistory } from "../workload/revisions";
import type { WorkloadPlan } from "../workload/types";
import { newStatefulSetPod } from "./pod-factory";
import { deleteStatefulPod, podEvent, refresh, uncount, type StatefulRound } from "./round";
import { rollingUpdate } from "./update";

function scaleStep(r: StatefulRound, s: ScaleStep, replicas: (Pod | undefined)[]): void {
  const set = r.set;
  if (s.kind === "create") {
    const rev = isCurrentRevisionNeeded(set, r.update.metadata.name!, s.ordinal, replicas) ? r.current : r.update;
    const pod = newStatefulSetPod(set, rev, s.ordinal, r.now);
    const ev = podEvent("create", set, pod.metadata.name!);
    r.actions.push({
      kind: "createPods",
      pods: [pod],
      slowStart: false,
      created: () => ev.ok,
      failed: (_n, e) => ev.failed(e),
    });
    r.status.replicas++;
    if (rev === r.current) r.status.currentReplicas++;
    if (rev === r.update) r.status.updatedReplicas++;
    replicas[s.ordinal] = pod;
  } else if (s.kind === "recreateFailed") {
    const name = s.pod.metadata.name;
    const message = `StatefulSet ${set.metadata.namespace}/${set.metadata.name} is recreating failed Pod ${name}`;
    r.actions.push({ kind: "event", event: { type: "Warning", reason: "RecreatingFailedPod", message } });
    deleteStatefulPod(r, s.pod);
    uncount(r, s.pod);
    r.status.replicas--;
  } else if (s.kind === "preparingDelete") {
    deleteStatefulPod(r, s.pod);
  } else {
    deleteStatefulPod(r, s.pod);
    uncount(r, s.pod);
  }
}

/**
 * One reconcile: revisions; the scale walk over ordinals (creations, the condemned, with the in-place refresh of the
 * pods it looks at); then, when the walk lets it, the rolling update; then status and history.
 * Upstream: kruise pkg/controller/statefulset/stateful_set_control.go UpdateStatefulSet, updateStatefulSet.
 */
export function planStatefulSet(input: PlanInput<StatefulSet>): WorkloadPlan {
  const { obj: set, pods, now } = input;
  const collisionCount = set.status?.collisionCount ?? 0;
  const revs = chooseRevisions(
    input.revisions,
    (n) => newStatefulSetRevision(set, n, collisionCount),
    set.status?.currentRevision,
  );
  let requeueAfterMs: number | undefined;
  const r: StatefulRound = {
    set,
    current: revs.current,
    update: revs.update,
    revisions: revs.all,
    now,
    actions: [...revs.actions],
    status: countStatus({
      set,
      pods,
      currentRevision: revs.current.metadata.name!,
      updateRevision: revs.update.metadata.name!,
      collisionCount,
      now,
    }),
    refreshed: new Set(),
    requeue: (ms) => {
      if (ms !== undefined && ms > 0) requeueAfterMs = Math.min(requeueAfterMs ?? Infinity, ms);
    },
  };
  let error: string | undefined;
  const sel = set.spec.selector;
  const selectorOk = !!sel && Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions ?? []).length > 0;
  if (!set.metadata.deletionTimestamp && selectorOk) {
    const slots = slotPods(set.spec, pods);
    const walk = scaleWalk(set, slots, now);
    r.requeue(walk.requeueMs);
    for (let ord = 0; ord < walk.refreshedBelow; ord++) refresh(r, slots.replicas[ord]);
    const replicas = [...slots.replicas];
    for (const s of walk.steps) scaleStep(r, s, replicas);
    if (walk.proceed && (set.spec.updateStrategy?.type ?? "RollingUpdate") !== "OnDelete")
      error = rollingUpdate(r, pods, replicas);
  }
  const status = completeRollingUpdate(set, r.status);
  if (statusNeedsWrite(set.status, status)) r.actions.push({ kind: "status", status: wireStatus(status) });
  const live = new Set([r.current.metadata.name!, r.update.metadata.name!, ...pods.map(podRevision)]);
  r.actions.push(...truncateHistory(revs.all, live, set.spec.revisionHistoryLimit ?? 10));
  return { actions: r.actions, requeueAfterMs, error };
}
