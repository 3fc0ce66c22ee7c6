// Which pods a scale-in deletes, in Kruise's order (docs/kruise-rules.md §4.2, §8.4): the pods specified for
// deletion first (scaleStrategy.podsToDelete, the apps.kruise.io/specified-delete label), then old-revision pods
// before update-revision ones, each group least valuable first (unassigned, Pending, unavailable, not ready, lower
// deletion cost, crowded nodes, more recently Ready, more restarts, newer). Pods the order cannot tell apart are
// named as tie groups, as the partition preview does (./ties.ts). docs/kruise-rules.md §4.3.
import { calculateDiffsWithExpectation } from "../core/expectations";
import { isPodActive, isPodOnRevision, isSpecifiedDelete, lifecycleState } from "../core/pod-state";
import { isPodHooked } from "../lifecycle/lifecycle";
import { deletionTie, sortForDeletion, type DeletionSortOptions } from "./deletion-order";
import { sliceWithTies, tieClasses, type OrderSlice } from "./ties";
import type { PreviewPod } from "./preview";
import type { CloneSet, Pod } from "../../k8s/objects";

export interface ScaleInPrediction {
  from: number;
  to: number;
  /** pods already marked for deletion: they go first, whatever the order */
  specified: PreviewPod[];
  /** pods already in PreparingDelete (held by the preDelete hook): counted as leaving */
  leaving: PreviewPod[];
  /** the rest of the pods that go, in Kruise's order: exact ones and "k of these n" groups */
  chosen: OrderSlice<PreviewPod>;
  /** how many pods go in all (specified + chosen) */
  deleteCount: number;
  /** pods created to replace specified ones beyond the scale-in */
  replacements: number;
  notes: string[];
}

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

/** `k` pods of `group` in deletion order, ties named; ranks over the group alone, as upstream. */
function pick(group: Pod[], k: number, o: DeletionSortOptions): OrderSlice<PreviewPod> {
  if (k <= 0 || !group.length) return { exact: [], ties: [] };
  const sorted = sortForDeletion(group, { ...o, allPods: group });
  const cls = tieClasses(sorted, deletionTie({ ...o, allPods: group }, group), false);
  const s = sliceWithTies(sorted, cls, 0, Math.min(k, sorted.length));
  return { exact: s.exact.map(ref), ties: s.ties.map((g) => ({ ...g, of: g.of.map(ref) })) };
}

/**
 * The pods a scale from the current replicas to `replicas` deletes. Counts from calculateDiffsWithExpectation
 * (sync/cloneset_sync_utils.go: the pods beyond replicas plus the surge in use, specified ones first, old-revision
 * ones next); which ones from choosePodsToDelete (sync/cloneset_scale.go) with ActivePodsWithRanks
 * (utils/pod_sorter.go). The pods `nodeLabels` place are ranked by topology spread when the template asks for it.
 */
export function predictScaleIn(
  cs: CloneSet,
  pods: Pod[],
  replicas: number,
  now: number,
  nodeLabels?: Map<string, Record<string, string>>,
): ScaleInPrediction {
  const next: CloneSet = { ...cs, spec: { ...cs.spec, replicas } };
  const active = pods.filter(isPodActive);
  const update = cs.status?.updateRevision ?? "";
  const current = cs.status?.currentRevision ?? update;
  const leaving = active.filter((p) => lifecycleState(p) === "PreparingDelete");
  const specified = active.filter((p) => lifecycleState(p) !== "PreparingDelete" && isSpecifiedDelete(next, p));
  const rest = active.filter((p) => lifecycleState(p) !== "PreparingDelete" && !isSpecifiedDelete(next, p));
  const d = calculateDiffsWithExpectation(next, active, current, update, { now });
  const o: DeletionSortOptions = {
    minReadySeconds: cs.spec.minReadySeconds ?? 0,
    now,
    nodeLabels,
    topologyKeys: (cs.spec.template.spec?.topologySpreadConstraints ?? []).map((c) => c.topologyKey),
  };
  const isNew = (p: Pod) => !!update && isPodOnRevision(p, update);
  const old = rest.filter((p) => !isNew(p)),
    fresh = rest.filter(isNew);
  // Pods in PreparingDelete count in the diffs and go first (Scale step 4); the rest of the excess is chosen.
  const total = Math.max(d.scaleDownNum - leaving.length, 0);
  const leavingOld = leaving.filter((p) => !isNew(p)).length;
  const fromOld = Math.min(Math.max(d.scaleDownNumOldRevision - leavingOld, 0), total, old.length);
  const a = pick(old, fromOld, o),
    b = pick(fresh, total - fromOld, o);
  const chosen = { exact: [...a.exact, ...b.exact], ties: [...a.ties, ...b.ties] };
  const chosenCount = chosen.exact.length + chosen.ties.reduce((n, g) => n + g.count, 0);
  const beyond = Math.max(active.length - leaving.length - replicas - d.useSurge, 0);
  return {
    from: cs.spec.replicas ?? 1,
    to: replicas,
    specified: specified.map(ref),
    leaving: leaving.map(ref),
    chosen,
    deleteCount: specified.length + chosenCount,
    replacements: Math.max(specified.length - beyond, 0),
    notes: notesFor(cs, specified.length, chosenCount, d.deleteReadyLimit, [...specified, ...rest]),
  };
}

function notesFor(cs: CloneSet, specified: number, chosen: number, readyLimit: number, pods: Pod[]): string[] {
  const notes: string[] = [];
  if (specified)
    notes.push(
      `${specified} pod${specified === 1 ? " is" : "s are"} already marked for deletion (podsToDelete or the specified-delete label): ${specified === 1 ? "it goes" : "they go"} first`,
    );
  const hook = cs.spec.lifecycle?.preDelete;
  if (hook && pods.some((p) => isPodHooked(hook, p)))
    notes.push(
      "pods carrying the preDelete hook's label or finalizer wait in PreparingDelete for your hook controller",
    );
  if (specified + chosen > readyLimit && readyLimit > 0)
    notes.push(`ready pods go at most ${readyLimit} per pass (maxUnavailable plus the pods beyond replicas)`);
  return notes;
}
