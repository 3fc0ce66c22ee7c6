// What a CloneSet edit does when a Rollout owns the CloneSet: whether a template change starts a release
// (the workload webhook's rules, docs/kruise-rollouts.md §9) and what a manual partition/paused change leads
// to during a release (§5.6).
import type { CloneSet, Rollout, StatefulSet } from "../../k8s/objects";
import { plural } from "../core/plural";
import { isEqualIgnoringHash } from "./template";
import { refersTo, type RolloutWorkload, type RolloutWorkloadKind } from "./detect";
import {
  ANNOTATION_CONTROL_INFO,
  ANNOTATION_IN_PROGRESSING,
  ANNOTATION_ROLLOUT_ID,
  LABEL_WORKLOAD_TYPE,
} from "./names";
import { rolloutSteps } from "./strip";
import { plannedReplicas } from "./steps";

export interface ReleaseStart {
  rollout: string;
  steps: number;
  firstStepPods: number;
  message: string;
}

/**
 * The release a workload update will start, or null when the webhook leaves it alone: no matching Rollout
 * (same namespace, not deleting, phase ≠ Disabled, workloadRef matching), `spec.replicas` 0, a non-empty
 * unchanged `rollouts.kruise.io/rollout-id` annotation, or no rollout-id and templates equal ignoring
 * `pod-template-hash`. An Advanced StatefulSet also needs the label value `statefulset` and a RollingUpdate
 * strategy (docs/kruise-rollouts.md §15.2). Upstream: openkruise/rollouts
 * pkg/webhook/workload/mutating/workload_update_handler.go `handleCloneSet`, unified_update_handler.go
 * `handleStatefulSetLikeWorkload`, `fetchMatchedRollout`.
 */
export function releaseStartedBy(
  before: RolloutWorkload,
  after: RolloutWorkload,
  rollouts: readonly Rollout[],
  kind: RolloutWorkloadKind = "CloneSet",
): ReleaseStart | null {
  const type = before.metadata.labels?.[LABEL_WORKLOAD_TYPE];
  if (type === undefined || (kind === "StatefulSet" && type.toLowerCase() !== "statefulset")) return null;
  if ((after.spec.replicas ?? 1) === 0) return null;
  const strategyType = kind === "StatefulSet" ? (after as StatefulSet).spec.updateStrategy?.type : undefined;
  if (strategyType && strategyType !== "RollingUpdate") return null;
  const idBefore = before.metadata.annotations?.[ANNOTATION_ROLLOUT_ID] ?? "";
  const idAfter = after.metadata.annotations?.[ANNOTATION_ROLLOUT_ID] ?? "";
  if (idAfter !== "" && idAfter === idBefore) return null;
  if (idAfter === "" && isEqualIgnoringHash(before.spec.template, after.spec.template)) return null;
  const r = rollouts.find(
    (x) => refersTo(x, before, kind) && !x.metadata.deletionTimestamp && x.status?.phase !== "Disabled",
  );
  if (!r || (!r.spec.strategy.canary && !r.spec.strategy.blueGreen)) return null;
  const steps = rolloutSteps(r);
  const first = plannedReplicas(steps[0]?.replicas, after.spec.replicas ?? 1);
  return {
    rollout: r.metadata.name,
    steps: steps.length,
    firstStepPods: first,
    message: `this change will start Rollout ${r.metadata.name}: step 1 of ${steps.length} will update ${plural(first, "pod")}`,
  };
}

/** Whether the Rollout system owns the CloneSet's partition and paused right now (a release in flight). */
export function releaseInFlight(cs: Pick<CloneSet, "metadata">): boolean {
  const a = cs.metadata.annotations ?? {};
  return a[ANNOTATION_IN_PROGRESSING] !== undefined || a[ANNOTATION_CONTROL_INFO] !== undefined;
}

const strategy = (cs: CloneSet) => cs.spec.updateStrategy ?? {};

/**
 * Warnings for a manual change to `updateStrategy.partition` or `paused` while a Rollout owns them (§5.6).
 * Upstream: openkruise/rollouts pkg/controller/batchrelease/control/partitionstyle/cloneset/control.go.
 */
export function ownedFieldWarnings(before: CloneSet, after: CloneSet, rolloutName: string | undefined): string[] {
  if (!releaseInFlight(before) && !rolloutName) return [];
  const who = rolloutName ? `Rollout ${rolloutName}` : "the Rollout";
  const out: string[] = [];
  const [pb, pa] = [strategy(before).partition, strategy(after).partition];
  if (JSON.stringify(pb) !== JSON.stringify(pa)) {
    out.push(
      `${who} owns updateStrategy.partition: lowering it updates more pods at once (never raised back; approvals are still needed); raising it is undone at the next batch; whatever you set, the release ends at partition 0`,
    );
  }
  if (!!strategy(before).paused !== !!strategy(after).paused && strategy(after).paused) {
    out.push(
      `${who} owns updateStrategy.paused: paused: true keeps the batch from ever becoming ready, so the Rollout stays in StepUpgrade until the release is finalised`,
    );
  }
  return out;
}
