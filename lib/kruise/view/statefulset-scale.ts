/**
 * An Advanced StatefulSet's replicas preview (its lens's `scale`, ./workload.ts): a scale-in names the ordinals that
 * go, highest first; a scale-out the lowest free ordinals it creates and their revision; both say whether
 * podManagementPolicy makes them go at once or one by one (docs/kruise-rules.md §13.2, §13.12).
 */
import { plural } from "../core/plural";
import type { PreviewPod } from "../order/preview";
import { predictStatefulScale, type StatefulScalePrediction } from "../statefulset/scale-preview";
import type { Pod, StatefulSet } from "../../k8s/objects";
import { listPhrase } from "./format";
import type { ScalePreviewModel } from "./scale-preview";

const ref = (p: Pod): PreviewPod =>
  p.metadata.uid ? { name: p.metadata.name ?? "", uid: p.metadata.uid } : { name: p.metadata.name ?? "" };

function paceIn(p: StatefulScalePrediction): string {
  return p.parallel
    ? "Parallel: the pods are deleted back to back, none waiting for another to terminate"
    : "OrderedReady: one pod at a time, highest ordinal first, each once the one before has terminated and every lower pod is Running and Ready";
}

function paceOut(p: StatefulScalePrediction): string {
  if (!p.parallel)
    return "OrderedReady: one pod at a time, lowest ordinal first, each once the one before is Running and Ready";
  return p.budget !== undefined
    ? `Parallel: created at once, at most ${plural(p.budget, "new or unavailable pod")} at a time (scaleStrategy.maxUnavailable)`
    : "Parallel: created at once";
}

/** The replicas control's model for an Advanced StatefulSet, from its own pods. */
export function statefulScalePreviewModel(set: StatefulSet, pods: Pod[], replicas: number): ScalePreviewModel {
  const from = set.spec.replicas ?? 1;
  const base = { from, to: replicas };
  if (replicas === from) return { ...base, direction: "none", text: `Replicas stay at ${from}.` };
  const p = predictStatefulScale(set, pods, replicas);
  const hooked = p.hooked.length
    ? [
        `${listPhrase(p.hooked.map((x) => x.metadata.name ?? ""))}: the preDelete hook holds them (PreparingDelete first)`,
      ]
    : [];
  const gone = p.leaving.length + p.deleted.length;
  if (replicas < from) {
    const text =
      gone === 0
        ? `Scaling in to ${replicas}: no pod is deleted (no pod is past the new range).`
        : `Scaling in to ${replicas} deletes ${plural(gone, "pod")}, highest ordinal first:`;
    return {
      ...base,
      direction: "in",
      scaleIn: {
        from,
        to: replicas,
        specified: [],
        leaving: p.leaving.map(ref),
        chosen: { exact: p.deleted.map(ref), ties: [] },
        deleteCount: gone,
        replacements: 0,
        notes: [...(gone ? [paceIn(p)] : []), ...hooked],
      },
      ...(p.created.length ? { createdPods: p.created } : {}),
      text,
    };
  }
  const update = set.status?.updateRevision ?? "";
  const onUpdate = p.created.filter((c) => c.revision === update).length;
  const created = { update: onUpdate, current: p.created.length - onUpdate };
  const names = listPhrase(p.created.map((c) => c.name));
  const text = p.created.length
    ? `Scaling out to ${replicas} creates ${names}, the lowest free ordinals:`
    : `Scaling out to ${replicas}: the pods are already there.`;
  const notes = [
    ...(p.created.length ? [paceOut(p)] : []),
    ...(gone
      ? [`${plural(gone, "pod")} past the range or at a reserved ordinal still ${gone === 1 ? "goes" : "go"}`]
      : []),
  ];
  return { ...base, direction: "out", created, createdPods: p.created, notes, text };
}
