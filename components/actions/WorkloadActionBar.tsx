"use client";
import { useMemo, type ReactNode } from "react";
import type { ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { movablePods } from "@/lib/kruise/order/preview";
import { actionBarView, type ActionFacts, type BarAction } from "@/lib/kruise/view/actions";
import type { WorkloadRow } from "@/lib/kruise/view/list";
import { Badge } from "@/components/ui/Badge";
import type { RollbackOwner } from "@/components/update/RollbackChoice";
import { STATE_LOOK } from "@/components/workload/PhaseBadge";
import { KRUISE_ROLLOUT_ICON } from "@/components/kruise-rollout/KruiseRolloutBadge";
import { TickingReason } from "@/components/kruise-rollout/TickingReason";
import { ActionBar, type BarAdapter, type BarRequest } from "./ActionBar";
import { RollbackScope } from "@/components/update/RollbackScope";
import { EveryPodDetails, PartitionDetails, type AnyLens, type Snapshot } from "./BarDetails";

/**
 * Actions another object takes (a Kruise Rollout that drives the workload, docs/kruise-rollouts.md §5): their
 * target and request, from the delegate's own snapshot; null for the workload's own actions.
 */
export interface BarDelegate {
  target(a: BarAction): ReturnType<BarAdapter["target"]> | null;
  snapshot(): unknown;
  request(a: BarAction, snapshot: unknown): BarRequest | null;
  /** what the owner does after a rollback to this revision */
  rollbackOwner?: (revision: string) => RollbackOwner;
}

export interface WorkloadActionBarProps {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
  object: K8sObject;
  lens: AnyLens;
  /** the workload's own pods and revisions, and the cluster's nodes for a kind laid out by node */
  pods: Pod[];
  revisions: ControllerRevision[];
  nodes?: readonly Node[];
  /** the kind's facts (lib/kruise/view/actions-<kind>.ts) */
  facts: ActionFacts;
  /** the detail view's row: its state is the page's one state */
  header: Pick<WorkloadRow, "state">;
  delegate?: BarDelegate;
  /** read-only console: the state stays, the actions go (the server would refuse them) */
  readOnly?: boolean;
  now: Date;
}

const rollsBack = (a: BarAction) => a.id === "rollback" || a.id === "abort";

function BarState({ header }: { header: Pick<WorkloadRow, "state"> }): ReactNode {
  const st = header.state;
  const look = st.rollout ? { tone: st.rollout.tone, icon: KRUISE_ROLLOUT_ICON[st.rollout.tone] } : STATE_LOOK[st.kind];
  return (
    <>
      <span data-testid="bar-state" data-state={st.kind}>
        <Badge tone={look.tone} icon={look.icon}>
          {st.word[0].toUpperCase() + st.word.slice(1)}
        </Badge>
      </span>
      <span className="small" style={{ color: "var(--muted)", overflowWrap: "anywhere" }}>
        <TickingReason reason={st.reason} rollout={st.rollout} />
      </span>
    </>
  );
}

/**
 * The action bar of any workload kind: its facts for the generic bar (lib/kruise/view/actions.ts), and how each
 * action is sent — pause, resume and the partition step through the update write, with the kind's own partition
 * preview (its lens's partition model) and the pods it names as the write's guard; a rollback through the kind's own
 * rollback write where its home has one (a CloneSet's: every pod, or keep the partition), else through the update
 * write's rollback action with its lens's prediction; another object's actions (a Kruise Rollout's) through its
 * delegate.
 */
export function WorkloadActionBar(p: WorkloadActionBarProps) {
  const { cluster, namespace, resource, name, object, lens, pods, revisions, nodes, facts, delegate, now } = p;
  const home = KINDS.get(resource);
  const view = useMemo(
    () => (p.readOnly ? { state: facts.state, actions: [] } : actionBarView(facts)),
    [facts, p.readOnly],
  );
  const owned = !!facts.owner;
  // A kind without a rollback write of its own sends the template alone: its partition stays.
  const everyPodWrite = !!home.writes.rollback;
  const path = home.strategy?.path;
  const byName = (r: string | undefined) => revisions.find((x) => x.metadata.name === r);
  const adapter: BarAdapter<Snapshot> = {
    cluster,
    namespace,
    target: (a) => {
      const other = delegate?.target(a);
      if (other) return other;
      const write = rollsBack(a) && everyPodWrite ? "rollback" : "update";
      return { resource, name, write, need: { verb: "patch" } };
    },
    snapshot: () => ({ object, pods, nodes, other: delegate?.snapshot(), now: now.getTime() }),
    request: (a, s, choice) => {
      const other = delegate?.request(a, s.other);
      if (other) return other;
      if (rollsBack(a) && everyPodWrite)
        return {
          resource,
          name,
          write: "rollback",
          body: {
            revision: a.revision,
            everyPod: !owned && a.id === "rollback" && choice.everyPod,
            base: updateBaseOf(s.object, true, path),
          },
        };
      if (rollsBack(a)) {
        const base = updateBaseOf(s.object, true, path);
        // Partition 0 with the template, unless the user keeps the partition (or there is none to lift).
        const everyPod = !owned && choice.everyPod && String(base.partition ?? 0) !== "0";
        const body = { action: "rollback", value: a.revision, base, ...(everyPod ? { everyPod } : {}) };
        return { resource, name, write: "update", body };
      }
      if (a.id === "partition-step") {
        const pv = lens
          .partitionModel(s.object, { nodes: s.nodes, pods: s.pods, revisions })
          .preview(a.partition!, s.now);
        const moves = { count: pv.moveCount, pods: movablePods(pv.willMove) };
        const body = { action: "partition", value: a.partition, moves, base: updateBaseOf(s.object, false, path) };
        return { resource, name, write: "update", body };
      }
      return { resource, name, write: "update", body: { action: a.id, base: updateBaseOf(s.object, false, path) } };
    },
    details: (a, s, choice, choose) => {
      if (a.id === "partition-step")
        return <PartitionDetails lens={lens} s={s} value={a.partition!} revisions={revisions} />;
      if (!rollsBack(a) || !a.revision) return null;
      const target = byName(a.revision);
      if (!target) return <p className="callout bad">Revision {a.revision} is gone: look again.</p>;
      if (!everyPodWrite)
        return (
          <RollbackScope
            lens={lens}
            object={s.object}
            pods={s.pods}
            nodes={s.nodes}
            at={path ?? []}
            partition={String(facts.partition ?? 0)}
            target={target}
            revisions={revisions}
            everyPod={choice.everyPod}
            onChoose={owned ? undefined : (everyPod) => choose({ everyPod })}
          />
        );
      return (
        <EveryPodDetails
          s={s}
          target={target}
          revisions={revisions}
          choice={choice}
          choose={choose}
          owner={owned ? delegate?.rollbackOwner?.(a.revision) : undefined}
        />
      );
    },
    effect: (a, choice) => (a.id === "rollback" && !choice.everyPod && a.keepEffect ? a.keepEffect : a.effect),
    doneText: (a, choice) =>
      a.id === "rollback"
        ? !owned && choice.everyPod
          ? `Rolled back every pod to ${a.revision}`
          : `Rolled back the template to ${a.revision}`
        : `${a.label}: sent`,
  };
  return <ActionBar view={view} adapter={adapter} state={<BarState header={p.header} />} />;
}
