"use client";
import { useMemo } from "react";
import type { CloneSet, ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject } from "@/lib/k8s/wire";
import { rollbackPreviewModel } from "@/lib/kruise/view/rollback-preview";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { PartitionPreviewView } from "@/components/update/PartitionPreviewView";
import { RollbackChoice, type RollbackOwner } from "@/components/update/RollbackChoice";
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
