/**
 * An Advanced DaemonSet's partition slider (docs/kruise-rules.md §14.6, §14.9): the number of nodes kept on the old
 * revision, among the nodes rollingUpdate.selector picks, previewed node by node with surge and unavailability
 * counted per node.
 */
import type { DaemonSet, IntOrString, Node, Pod } from "../../k8s/objects";
import { previewDaemonPartition } from "../daemonset/preview";
import type { PartitionPreview } from "../order/preview";
import { updateRevisionName } from "../daemonset/revision";
import { daemonLimits } from "../daemonset/update";
import { parseWholePartition, type LimitsInput, type LimitsNotes, type PartitionModel } from "./partition";

const num = (v: IntOrString) => (typeof v === "number" ? v : Number(v));

/** The slider over the nodes the update considers; without the nodes it cannot preview, and says so. */
export function daemonPartitionModel(
  ds: DaemonSet,
  nodes: readonly Node[] | undefined,
  pods: readonly Pod[],
): PartitionModel {
  const ru = ds.spec.updateStrategy?.rollingUpdate ?? {};
  const current = ru.partition ?? 0;
  const at0 = nodes ? previewDaemonPartition(ds, [...nodes], [...pods], 0, Date.now()).nodes : undefined;
  const max = at0 ? at0.nodes.length + at0.kept.length + at0.excluded.length : (ds.status?.desiredNumberScheduled ?? 0);
  const what = "a number of nodes (0, 1, 2, …)";
  const picks = ru.selector ? ", among the nodes rollingUpdate.selector picks" : "";
  return {
    current: String(current),
    max,
    position: (v) => Math.min(Math.max(num(v), 0), max),
    parse: (t) => {
      const p = parseWholePartition(t, what);
      if (!p.ok || num(p.value) <= max) return p;
      return { ...p, note: `above the ${max} nodes the update considers: no pod is updated` };
    },
    preview: (v, now): PartitionPreview =>
      nodes
        ? previewDaemonPartition(ds, [...nodes], [...pods], num(v), now)
        : {
            ...previewDaemonPartition(ds, [], [...pods], num(v), now),
            error: "the cluster's nodes cannot be read here: the preview counts nodes",
          },
    presets: [
      { label: "One canary node", value: Math.max(max - 1, 0) },
      { label: "Half", value: Math.floor(max / 2) },
      { label: "All", value: 0 },
    ],
    sliderLabel: `Partition (nodes kept, 0 to ${max})`,
    textLabel: "Partition value (nodes)",
    meaning: `nodes kept on the old revision${picks}; now ${current} of ${max}`,
    unit: "node",
    updateRevision: updateRevisionName(ds),
  };
}

const percentAbove100 = (v: IntOrString | null) => typeof v === "string" && Number(v.replace("%", "")) > 100;
const zero = (v: IntOrString | null) => v === null || v === 0 || v === "0%";

/**
 * What maxUnavailable and maxSurge do to an Advanced DaemonSet: exactly one of them non-zero, at most 100 %, no surge
 * with InPlaceIfPossible (the webhook); both counted in nodes that should run a pod, rounding up
 * (docs/kruise-rules.md §14.5, §14.11; kruise pkg/webhook/daemonset/validating, daemonset_update.go
 * updatedDesiredNodeCounts).
 */
export function daemonLimitsNotes(ds: DaemonSet, nodes: readonly Node[] | undefined, v: LimitsInput): LimitsNotes {
  const errors: string[] = [];
  const notes: string[] = [];
  const both = zero(v.maxUnavailable) && zero(v.maxSurge);
  const type = ds.spec.updateStrategy?.rollingUpdate?.rollingUpdateType ?? "Standard";
  if (!zero(v.maxUnavailable) && !zero(v.maxSurge))
    errors.push("maxSurge may not be set when maxUnavailable is non-zero: set the other to 0");
  if (both && (v.maxUnavailable !== null || v.maxSurge !== null))
    errors.push("maxUnavailable cannot be 0 when maxSurge is 0: the update could never move a node");
  if (percentAbove100(v.maxUnavailable) || percentAbove100(v.maxSurge)) errors.push("a percentage cannot be over 100%");
  if (!zero(v.maxSurge) && type === "InPlaceIfPossible")
    errors.push("maxSurge cannot be used with rollingUpdateType InPlaceIfPossible");
  const next: DaemonSet = {
    ...ds,
    spec: {
      ...ds.spec,
      updateStrategy: {
        ...ds.spec.updateStrategy,
        rollingUpdate: {
          ...ds.spec.updateStrategy?.rollingUpdate,
          maxUnavailable: v.maxUnavailable ?? (v.maxSurge === null ? 1 : 0),
          maxSurge: v.maxSurge ?? 0,
        },
      },
    },
  };
  const l = daemonLimits(next, nodes ? [...nodes] : []);
  const of = nodes ? ` of ${l.desired} nodes` : "";
  if (l.maxSurge > 0)
    notes.push(
      `maxSurge${of} → ${l.maxSurge} node${l.maxSurge === 1 ? "" : "s"} at a time get the new pod before the old one goes`,
    );
  else
    notes.push(
      `maxUnavailable${of} → ${l.maxUnavailable} node${l.maxUnavailable === 1 ? "" : "s"} at a time without an available pod (a percentage rounds up)`,
    );
  return { errors, notes };
}
