"use client";
import { useMemo } from "react";
import type { CloneSet, ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject } from "@/lib/k8s/wire";
import { rollbackPreviewModel } from "@/lib/kruise/view/rollback-preview";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { PartitionPreviewView } from "@/components/update/PartitionPreviewView";
import { RollbackChoice, type RollbackOwner } from "@/components/update/RollbackChoice";
import { RollbackMoves } from "@/components/update/RollbackMoves";
import type { BarChoice } from "./ActionBar";

// What the bar's dialogs show beyond the effect (components/actions/WorkloadActionBar.tsx): the partition step's
// preview by the kind's model, and the rollback's choice with its prediction.

/** What the page showed when the user opened the action. */
export interface Snapshot {
  object: K8sObject;
  pods: Pod[];
  nodes?: readonly Node[];
  /** the delegate's own snapshot (a Kruise Rollout as the page showed it) */
  other?: unknown;
  now: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kind's lens reads its own object type
export type AnyLens = WorkloadLens<any>;

export function PartitionDetails(p: { lens: AnyLens; s: Snapshot; value: number; revisions: ControllerRevision[] }) {
  const { lens, s, value, revisions } = p;
  const model = useMemo(
    () => lens.partitionModel(s.object, { nodes: s.nodes, pods: s.pods, revisions }),
    [lens, s, revisions],
  );
  const m = useMemo(
    () => (model.detail ? model.detail(value, s.now) : { preview: model.preview(value, s.now) }),
    [model, value, s.now],
  );
  return <PartitionPreviewView m={m} unit={model.unit} targetField={model.targetField} />;
}

/** A CloneSet's rollback through its own write: every pod (the default) or keep the partition (§6.6). */
export function EveryPodDetails(p: {
  s: Snapshot;
  target: ControllerRevision;
  revisions: ControllerRevision[];
  choice: BarChoice;
  choose: (c: BarChoice) => void;
  owner?: RollbackOwner;
}) {
  const { s, target, revisions } = p;
  const model = useMemo(
    () => rollbackPreviewModel(s.object as unknown as CloneSet, s.pods, revisions, target, s.now),
    [s, target, revisions],
  );
  return (
    <RollbackChoice
      model={model}
      everyPod={p.choice.everyPod}
      onChoose={(everyPod) => p.choose({ everyPod })}
      owner={p.owner}
    />
  );
}

/** The object with partition 0 where its kind keeps the partition (`at`): what "every pod" rolls back under. */
function withPartition0(o: K8sObject, at: readonly string[]): K8sObject {
  const copy = structuredClone(o) as unknown as Record<string, unknown>;
  let cur = copy;
  for (const k of at) cur = (cur[k] ??= {}) as Record<string, unknown>;
  cur.partition = 0;
  return copy as unknown as K8sObject;
}

/**
 * Another kind's rollback through the update write: every pod (the template and partition 0 in one request, the
 * default) or the template alone, keeping the partition; each with its lens's prediction, pod by pod — the pods a
 * kept partition leaves off the revision named (§13.10, §14.10).
 */
export function TemplateDetails(p: {
  lens: AnyLens;
  s: Snapshot;
  at: readonly string[];
  partition: string;
  target: ControllerRevision;
  revisions: ControllerRevision[];
  choice: BarChoice;
  choose: (c: BarChoice) => void;
}) {
  const { lens, s, at, target, revisions } = p;
  const keep = useMemo(
    () => lens.rollback?.(s.object, { nodes: s.nodes, pods: s.pods }, revisions, target) ?? null,
    [lens, s, target, revisions],
  );
  const every = useMemo(
    () =>
      p.partition === "0"
        ? keep
        : (lens.rollback?.(withPartition0(s.object, at), { nodes: s.nodes, pods: s.pods }, revisions, target) ?? null),
    [lens, s, at, p.partition, keep, target, revisions],
  );
  const chosen = p.choice.everyPod ? every : keep;
  if (!chosen) return null;
  const stay = keep?.kept ?? [];
  return (
    <div data-testid="rollback-choice" data-every-pod={String(p.choice.everyPod)}>
      {p.partition !== "0" ? (
        <fieldset style={{ border: 0, padding: 0, margin: "6px 0" }}>
          <legend className="small muted">Which pods go back</legend>
          <label style={{ display: "block" }}>
            <input
              type="radio"
              name="rollback-scope"
              checked={p.choice.everyPod}
              onChange={() => p.choose({ everyPod: true })}
            />{" "}
            Roll back every pod: the template and partition {p.partition} → 0 in one request
          </label>
          <label style={{ display: "block" }}>
            <input
              type="radio"
              name="rollback-scope"
              checked={!p.choice.everyPod}
              onChange={() => p.choose({ everyPod: false })}
            />{" "}
            Keep partition {p.partition}:{" "}
            {stay.length === 0
              ? "no pod stays behind"
              : `${stay.length} ${stay.length === 1 ? "pod stays" : "pods stay"} off ${target.metadata.name}`}
          </label>
        </fieldset>
      ) : null}
      {!p.choice.everyPod && stay.length ? (
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
