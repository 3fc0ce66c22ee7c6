// The two changes a release manager previews before sending: a new partition (with the CloneSet's maxSurge and
// maxUnavailable) and a rollback to an earlier revision (docs/kruise-rules.md §3.2, §3.8, §6.2, §6.6).
import { isPodActive, isPodOnRevision } from "../core/pod-state";
import { templateFromRevision } from "../inplace/spec";
import { predictRollout, type RolloutPrediction } from "./rollout-prediction";
import type { PreviewPod } from "./preview";
import type { CloneSet, ControllerRevision, IntOrString, Pod } from "../../k8s/objects";

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

export interface ChangeOptions {
  nodeLabels?: Map<string, Record<string, string>>;
  runs?: number;
}

/**
 * Every pod's fate when spec.updateStrategy.partition becomes `partition`, with the CloneSet's maxSurge and
 * maxUnavailable: surge pods created, pods updated in place or recreated, old pods deleted rather than updated.
 * Upstream: sync/cloneset_sync_utils.go calculateDiffsWithExpectation, sync/cloneset_update.go, cloneset_scale.go.
 */
export function predictPartition(
  cs: CloneSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  partition: IntOrString,
  now: number,
  o: ChangeOptions = {},
): RolloutPrediction {
  const update = cs.status?.updateRevision ?? "";
  const next = { ...cs, spec: { ...cs.spec, updateStrategy: { ...cs.spec.updateStrategy, partition } } };
  return predictRollout({
    cs: next,
    pods,
    revisions,
    currentRevision: cs.status?.currentRevision ?? update,
    updateRevision: update,
    now,
    ...o,
  });
}

export interface RollbackPrediction extends RolloutPrediction {
  /** the revision rolled back to: it becomes the update revision again (the same name, §6.2) */
  target: string;
  /** pods already on it: Kruise leaves them alone */
  alreadyOn: PreviewPod[];
  /** pods on another revision */
  offTarget: PreviewPod[];
}

/**
 * A rollback of the template to `target`: the revision is reused as the update revision, so only the pods off it
 * move (in place where the change from their own revision allows, else recreated), and the partition may keep some
 * of them where they are. Upstream: cloneset_controller.go getActiveRevisions (an equal revision is reused),
 * sync/cloneset_update.go.
 */
export function predictRollback(
  cs: CloneSet,
  pods: Pod[],
  revisions: ControllerRevision[],
  target: ControllerRevision,
  now: number,
  o: ChangeOptions = {},
): RollbackPrediction {
  const name = target.metadata.name ?? "";
  const template = templateFromRevision(target) ?? cs.spec.template;
  const current = cs.status?.currentRevision;
  const currentExists = !!current && revisions.some((r) => r.metadata.name === current);
  const next = { ...cs, spec: { ...cs.spec, template } };
  const active = pods.filter(isPodActive);
  const prediction = predictRollout({
    cs: next,
    pods: active,
    revisions,
    currentRevision: currentExists ? current! : name,
    updateRevision: name,
    now,
    ...o,
  });
  return {
    ...prediction,
    target: name,
    alreadyOn: active.filter((p) => isPodOnRevision(p, name)).map(ref),
    offTarget: active.filter((p) => !isPodOnRevision(p, name)).map(ref),
  };
}
