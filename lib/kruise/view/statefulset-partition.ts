/**
 * An Advanced StatefulSet's partition slider (docs/kruise-rules.md §13.4, §13.9): ordered, an ordinal — pods at it
 * and above update, the highest first; with unorderedUpdate, the number of pods kept, priority choosing which.
 */
import type { IntOrString, Pod, StatefulSet } from "../../k8s/objects";
import { desiredOrdinals, replicasRange } from "../statefulset/ordinals";
import { previewStatefulPartition } from "../statefulset/preview";
import { statefulMaxUnavailable } from "../statefulset/update";
import { parseWholePartition, type LimitsInput, type LimitsNotes, type PartitionModel } from "./partition";

const num = (v: IntOrString) => (typeof v === "number" ? v : Number(v));

/** The slider over the set's ordinals (or its pods, unordered), previewed by lib/kruise/statefulset/preview.ts. */
export function statefulPartitionModel(set: StatefulSet, pods: readonly Pod[]): PartitionModel {
  const ru = set.spec.updateStrategy?.rollingUpdate ?? {};
  const current = ru.partition ?? 0;
  const replicas = set.spec.replicas ?? 1;
  const { replicaCount, reserved } = replicasRange(set.spec);
  const ordinals = desiredOrdinals(set.spec);
  const unordered = !!ru.unorderedUpdate;
  const max = unordered ? replicas : replicaCount;
  const what = unordered ? "a number of pods to keep (0, 1, 2, …)" : "an ordinal (0, 1, 2, …)";
  const skipped = [...reserved].filter((o) => o < replicaCount).sort((a, b) => a - b);
  const range = `ordinals 0–${Math.max(replicaCount - 1, 0)}${skipped.length ? `, ${skipped.join(", ")} reserved` : ""}`;
  return {
    current: String(current),
    max,
    position: (v) => Math.min(Math.max(num(v), 0), max),
    parse: (t) => {
      const p = parseWholePartition(t, what);
      if (!p.ok || num(p.value) <= max) return p;
      return { ...p, note: `above ${unordered ? "the number of pods" : "the highest ordinal"}: no pod is updated` };
    },
    preview: (v, now) => previewStatefulPartition(set, [...pods], num(v), now),
    presets: unordered
      ? [
          { label: "One canary pod", value: Math.max(replicas - 1, 0) },
          { label: "Half", value: Math.floor(replicas / 2) },
          { label: "All", value: 0 },
        ]
      : [
          { label: "Highest ordinal only", value: ordinals.at(-1) ?? 0 },
          { label: "Upper half", value: ordinals[Math.floor(ordinals.length / 2)] ?? 0 },
          { label: "All", value: 0 },
        ],
    sliderLabel: unordered ? `Partition (pods kept, 0 to ${max})` : `Partition (ordinal, 0 to ${max})`,
    textLabel: unordered ? "Partition value (pods kept)" : "Partition value (ordinal)",
    meaning: unordered
      ? `with unorderedUpdate, the number of pods kept on old revisions; now ${current} of ${replicas}`
      : `pods at ordinals below it keep their revision; now ${current}, of ${range}`,
    unit: "pod",
    updateRevision: set.status?.updateRevision ?? "",
  };
}

/**
 * What maxUnavailable does to an Advanced StatefulSet: the webhook takes only the integer 1 unless Parallel, and
 * nothing below 1; the controller counts a percentage of spec.replicas rounded down, at least 1, and OrderedReady
 * moves one pod at a time whatever it says (docs/kruise-rules.md §13.5, §13.11; kruise
 * pkg/webhook/statefulset/validating/statefulset_validation.go validateMaxUnavailableField).
 */
export function statefulLimitsNotes(set: StatefulSet, v: LimitsInput): LimitsNotes {
  const errors: string[] = [];
  const notes: string[] = [];
  const mu = v.maxUnavailable ?? 1;
  const parallel = set.spec.podManagementPolicy === "Parallel";
  if (v.maxSurge !== null) errors.push("an Advanced StatefulSet has no maxSurge");
  if (!parallel && mu !== 1)
    errors.push("maxUnavailable must be 1 unless podManagementPolicy is Parallel (the webhook refuses it)");
  const next = {
    spec: { ...set.spec, updateStrategy: { ...set.spec.updateStrategy, rollingUpdate: { maxUnavailable: mu } } },
  };
  const n = statefulMaxUnavailable(next);
  const replicas = set.spec.replicas ?? 1;
  notes.push(
    `maxUnavailable ${String(mu)}${v.maxUnavailable === null ? " (default)" : ""} of ${replicas} → ${n} pod${n === 1 ? "" : "s"} at a time (a percentage rounds down, at least 1)`,
  );
  if (!parallel) notes.push("OrderedReady: one pod at a time, and none while any pod of the set is unavailable");
  return { errors, notes };
}
