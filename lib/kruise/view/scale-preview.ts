/**
 * The replicas control's view model: a scale-in names the pods Kruise deletes, in its deletion order with ties as
 * "k of these n" groups (predictScaleIn, lib/kruise/order/scale-in.ts; docs/kruise-rules.md §4.2, §4.3); a scale-out
 * says how many pods are created and on which revision, the partition deciding the share of the current one
 * (calculateDiffsWithExpectation, §3.4).
 */
import { calculateDiffsWithExpectation } from "../core/expectations";
import { isPodActive } from "../core/pod-state";
import { plural, verb } from "../core/plural";
import { predictScaleIn, type ScaleInPrediction } from "../order/scale-in";
import { tieGroupText } from "../order/preview-text";
import type { CloneSet, Pod } from "../../k8s/objects";

export interface ScalePreviewModel {
  from: number;
  to: number;
  direction: "in" | "out" | "none";
  scaleIn?: ScaleInPrediction;
  /** a scale-out: pods created on the update revision and on the current one */
  created?: { update: number; current: number };
  /** a scale-out, where the kind names them (an Advanced StatefulSet's ordinals): the pods created, in order */
  createdPods?: { name: string; revision: string }[];
  /** how the change proceeds (at once, one by one), where the kind says */
  notes?: string[];
  /** one sentence */
  text: string;
}

/** "cart-x, cart-y and 1 of these 3 pods (…): a, b, c" — the pods a scale-in deletes, in words. */
export function scaleInText(p: ScaleInPrediction): string {
  const names = (xs: { name: string }[]) => xs.map((x) => x.name).join(", ");
  const parts = [
    ...(p.leaving.length ? [`${names(p.leaving)} (already leaving)`] : []),
    ...(p.specified.length ? [`${names(p.specified)} (marked for deletion)`] : []),
    ...(p.chosen.exact.length ? [names(p.chosen.exact)] : []),
    ...p.chosen.ties.map((g) => `${tieGroupText(g)}: ${names(g.of)}`),
  ];
  return parts.join("; ");
}

/**
 * What setting spec.replicas to `replicas` does, from the CloneSet's own pods. Upstream: kruise
 * pkg/controller/cloneset/sync/cloneset_scale.go (Scale, choosePodsToDelete), sync/cloneset_sync_utils.go.
 */
export function scalePreviewModel(cs: CloneSet, pods: Pod[], replicas: number, now: number): ScalePreviewModel {
  const from = cs.spec.replicas ?? 1;
  const base = { from, to: replicas };
  if (replicas === from) return { ...base, direction: "none", text: `Replicas stay at ${from}.` };
  if (replicas < from) {
    const p = predictScaleIn(cs, pods, replicas, now);
    const text =
      p.deleteCount === 0
        ? `Scaling in to ${replicas}: no pod is deleted (${plural(from - replicas, "pod")} fewer than desired already).`
        : `Scaling in to ${replicas} deletes ${plural(p.deleteCount, "pod")}, in Kruise's order:`;
    return { ...base, direction: "in", scaleIn: p, text };
  }
  const next: CloneSet = { ...cs, spec: { ...cs.spec, replicas } };
  const update = cs.status?.updateRevision ?? "";
  const current = cs.status?.currentRevision ?? update;
  const d = calculateDiffsWithExpectation(next, pods.filter(isPodActive), current, update, { now });
  const created = { update: Math.max(d.scaleUpNum - d.scaleUpNumOldRevision, 0), current: d.scaleUpNumOldRevision };
  const where = [
    created.update ? `${plural(created.update, "pod")} on the update revision ${update}` : "",
    created.current
      ? `${plural(created.current, "pod")} on the current revision ${current} (the partition ${verb(created.current, "keeps it", "keeps them")} there)`
      : "",
  ].filter(Boolean);
  const text = d.scaleUpNum
    ? `Scaling out to ${replicas} creates ${where.join(" and ")}.`
    : `Scaling out to ${replicas}: the pods are already there.`;
  return { ...base, direction: "out", created, text };
}
