"use client";
import { useMemo } from "react";
import type { ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject } from "@/lib/k8s/wire";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { RollbackMoves } from "./RollbackMoves";

/** The object with partition 0 where its kind keeps the partition (`at`): what "every pod" rolls back under. */
function withPartition0(o: K8sObject, at: readonly string[]): K8sObject {
  const copy = structuredClone(o) as unknown as Record<string, unknown>;
  let cur = copy;
  for (const k of at) cur = (cur[k] ??= {}) as Record<string, unknown>;
  cur.partition = 0;
  return copy as unknown as K8sObject;
}

export interface RollbackScopeProps {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kind's lens reads its own object type
  lens: WorkloadLens<any>;
  object: K8sObject;
  pods: Pod[];
  nodes?: readonly Node[];
  /** where the kind keeps its partition in the object (its strategy path) */
  at: readonly string[];
  /** the partition now, as the object says it ("0" when there is none) */
  partition: string;
  target: ControllerRevision;
  revisions: ControllerRevision[];
  everyPod: boolean;
  /** absent when the partition is not the user's to lift (a Kruise Rollout owns it): the template goes alone */
  onChoose?: (everyPod: boolean) => void;
}

/**
 * A rollback through the update write, for a kind without a rollback write of its own: every pod (the template and
 * partition 0 in one request, the default) or the template alone, keeping the partition; each with the kind's
 * prediction, pod by pod, and the pods a kept partition leaves off the revision named (docs/kruise-rules.md §13.10,
 * §14.10). The action bar and the revision compare both offer it.
 */
export function RollbackScope(p: RollbackScopeProps) {
  const { lens, object, pods, nodes, at, partition, target, revisions } = p;
  const keep = useMemo(
    () => lens.rollback?.(object, { nodes, pods }, revisions, target) ?? null,
    [lens, object, nodes, pods, target, revisions],
  );
  const choosable = !!p.onChoose && partition !== "0";
  const every = useMemo(
    () =>
      !choosable ? keep : (lens.rollback?.(withPartition0(object, at), { nodes, pods }, revisions, target) ?? null),
    [lens, object, nodes, pods, at, choosable, keep, target, revisions],
  );
  const everyPod = choosable && p.everyPod;
  const chosen = everyPod ? every : keep;
  if (!chosen) return null;
  const stay = keep?.kept ?? [];
  return (
    <div data-testid="rollback-choice" data-every-pod={String(everyPod)}>
      {choosable ? (
        <fieldset style={{ border: 0, padding: 0, margin: "6px 0" }}>
          <legend className="small muted">Which pods go back</legend>
          <label style={{ display: "block" }}>
            <input type="radio" name="rollback-scope" checked={p.everyPod} onChange={() => p.onChoose?.(true)} /> Roll
            back every pod: the template and partition {partition} → 0 in one request
          </label>
          <label style={{ display: "block" }}>
            <input type="radio" name="rollback-scope" checked={!p.everyPod} onChange={() => p.onChoose?.(false)} /> Keep
            partition {partition}:{" "}
            {stay.length === 0
              ? "no pod stays behind"
              : `${stay.length} ${stay.length === 1 ? "pod stays" : "pods stay"} off ${target.metadata.name}`}
          </label>
        </fieldset>
      ) : null}
      {!everyPod && stay.length ? (
        <div className="callout bad" data-testid="rollback-stays" data-pods={stay.join(",")}>
          <strong>
            {stay.length === 1 ? "1 pod stays" : `${stay.length} pods stay`} off {target.metadata.name}:
          </strong>{" "}
          <span className="mono">{stay.join(", ")}</span>
        </div>
      ) : null}
      <RollbackMoves p={chosen} />
    </div>
  );
}
