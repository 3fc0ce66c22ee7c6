"use client";
import { useMemo } from "react";
import type { CloneSet, ControllerRevision, Pod, Rollout } from "@/lib/k8s/objects";
import { controlledBy } from "@/lib/kruise/core/owner";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { kruiseRolloutBase } from "@/lib/kruise/kruise-rollout/base";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import { movablePods, previewPartition } from "@/lib/kruise/order/preview";
import { actionBarView, type BarAction } from "@/lib/kruise/view/actions";
import { cloneSetActionFacts } from "@/lib/kruise/view/actions-cloneset";
import type { CloneSetRow } from "@/lib/kruise/view/list";
import { partitionPreviewModel } from "@/lib/kruise/view/partition-preview";
import { rollbackPreviewModel } from "@/lib/kruise/view/rollback-preview";
import { ActionBar, type BarAdapter, type BarChoice } from "@/components/actions/ActionBar";
import { Badge } from "@/components/ui/Badge";
import { PartitionPreviewView } from "@/components/update/PartitionPreviewView";
import { RollbackChoice, type RollbackOwner } from "@/components/update/RollbackChoice";
import { STATE_LOOK } from "@/components/workload/PhaseBadge";
import { KRUISE_ROLLOUT_ICON } from "@/components/kruise-rollout/KruiseRolloutBadge";
import { StateWords } from "@/components/kruise-rollout/StateWords";
import type { RolloutState } from "@/lib/kruise/kruise-rollout/state";

interface Snapshot {
  object: CloneSet;
  pods: Pod[];
  rollout?: Rollout;
  now: number;
}

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: CloneSet;
  /** the namespace's pods and revisions (the bar keeps the CloneSet's own) */
  pods: Pod[];
  revisions: ControllerRevision[];
  header: CloneSetRow;
  rollout?: KruiseRolloutView | null;
  rollbackOwner?: (revision: string) => RollbackOwner;
  /** read-only console: the state stays, the actions go (the server would refuse them) */
  readOnly?: boolean;
  now: Date;
}

const ROLLOUT_ACTION: Partial<Record<BarAction["id"], string>> = {
  approve: "approve",
  jump: "jump",
  "rollout-pause": "pause",
  "rollout-resume": "resume",
  disable: "disable",
};

function PartitionDetails({ s, value, revisions }: { s: Snapshot; value: number; revisions: ControllerRevision[] }) {
  const m = useMemo(() => partitionPreviewModel(s.object, s.pods, revisions, value, s.now), [s, value, revisions]);
  return <PartitionPreviewView m={m} targetField="expectedUpdatedReplicas" />;
}

function RollbackDetails(p: {
  s: Snapshot;
  revision: string;
  revisions: ControllerRevision[];
  choice: BarChoice;
  choose: (c: BarChoice) => void;
  owner?: RollbackOwner;
}) {
  const { s, revision, revisions } = p;
  const model = useMemo(() => {
    const target = revisions.find((r) => r.metadata.name === revision);
    return target ? rollbackPreviewModel(s.object, s.pods, revisions, target, s.now) : null;
  }, [s, revision, revisions]);
  if (!model) return <p className="callout bad">Revision {revision} is gone: look again.</p>;
  return (
    <RollbackChoice
      model={model}
      everyPod={p.choice.everyPod}
      onChoose={(everyPod) => p.choose({ everyPod })}
      owner={p.owner}
    />
  );
}

/**
 * The CloneSet's action bar: its facts for the generic bar (lib/kruise/view/actions-cloneset.ts), and how each action
 * is sent — the update and rollback writes on the CloneSet, the action write on its Kruise Rollout — with the
 * partition and rollback predictions in the dialogs.
 */
export function CloneSetActionBar({
  cluster,
  namespace,
  name,
  object,
  pods,
  revisions,
  header,
  rollout,
  rollbackOwner,
  readOnly,
  now,
}: Props) {
  const uid = object.metadata.uid;
  const own = useMemo(() => controlledBy(pods, uid), [pods, uid]);
  const revs = useMemo(() => controlledBy(revisions, uid), [revisions, uid]);
  const facts = useMemo(() => cloneSetActionFacts(object, header, revs, rollout), [object, header, revs, rollout]);
  const view = useMemo(
    () => (readOnly ? { state: facts.state, actions: [] } : actionBarView(facts)),
    [facts, readOnly],
  );
  const owned = !!facts.owner;
  const adapter: BarAdapter<Snapshot> = {
    cluster,
    namespace,
    target: (a) => {
      const verb = ROLLOUT_ACTION[a.id];
      if (verb)
        return {
          resource: "rollouts",
          name: rollout?.name ?? "",
          write: "action",
          need: a.id === "approve" || a.id === "jump" ? { verb: "patch", subresource: "status" } : { verb: "patch" },
        };
      const write = a.id === "rollback" || a.id === "abort" ? "rollback" : "update";
      return { resource: "clonesets", name, write, need: { verb: "patch" } };
    },
    snapshot: () => ({ object, pods: own, rollout: rollout?.rollout, now: now.getTime() }),
    request: (a, s, choice) => {
      const verb = ROLLOUT_ACTION[a.id];
      if (verb && s.rollout)
        return {
          resource: "rollouts",
          name: s.rollout.metadata.name,
          write: "action",
          body: { action: verb, cloneSet: name, base: kruiseRolloutBase(s.rollout), ...(a.to ? { to: a.to } : {}) },
        };
      if (a.id === "rollback" || a.id === "abort")
        return {
          resource: "clonesets",
          name,
          write: "rollback",
          body: {
            revision: a.revision,
            everyPod: !owned && a.id === "rollback" && choice.everyPod,
            base: updateBaseOf(s.object, true),
          },
        };
      if (a.id === "partition-step") {
        const p = previewPartition(s.object, s.pods, a.partition!, s.now);
        const moves = { count: p.moveCount, pods: movablePods(p.willMove) };
        const body = { action: "partition", value: a.partition, moves, base: updateBaseOf(s.object) };
        return { resource: "clonesets", name, write: "update", body };
      }
      return { resource: "clonesets", name, write: "update", body: { action: a.id, base: updateBaseOf(s.object) } };
    },
    details: (a, s, choice, choose) => {
      if (a.id === "partition-step") return <PartitionDetails s={s} value={a.partition!} revisions={revs} />;
      if ((a.id === "rollback" || a.id === "abort") && a.revision)
        return (
          <RollbackDetails
            s={s}
            revision={a.revision}
            revisions={revs}
            choice={choice}
            choose={choose}
            owner={owned ? rollbackOwner?.(a.revision) : undefined}
          />
        );
      return null;
    },
    effect: (a, choice) =>
      a.id === "rollback" && !owned && !choice.everyPod
        ? `the pod template goes back to ${a.revision}; partition ${String(object.spec.updateStrategy?.partition ?? 0)} stays, and keeps its share of the pods where they are`
        : a.effect,
    doneText: (a, choice) =>
      a.id === "rollback"
        ? !owned && choice.everyPod
          ? `Rolled back every pod to ${a.revision}`
          : `Rolled back the template to ${a.revision}`
        : `${a.label}: sent`,
  };
  const look = header.state.rollout
    ? { tone: header.state.rollout.tone, icon: KRUISE_ROLLOUT_ICON[header.state.rollout.tone] }
    : STATE_LOOK[header.state.kind];
  const state = (
    <>
      <span data-testid="bar-state" data-state={header.state.kind}>
        <Badge tone={look.tone} icon={look.icon}>
          {header.state.word[0].toUpperCase() + header.state.word.slice(1)}
        </Badge>
      </span>
      <span className="small" style={{ color: "var(--muted)", overflowWrap: "anywhere" }}>
        <TickingReason reason={header.state.reason} rollout={rollout?.state} />
      </span>
    </>
  );
  return <ActionBar view={view} adapter={adapter} state={state} />;
}

/**
 * The state's reason; where it quotes a Rollout's timed pause ("paused 5 s of 60"), that part counts each second
 * (StateWords) instead of jumping with the page's 10-second clock.
 */
function TickingReason({ reason, rollout }: { reason: string; rollout?: RolloutState }) {
  const at = rollout?.timer ? reason.indexOf(rollout.words) : -1;
  if (!rollout || at < 0) return <>{reason}</>;
  return (
    <>
      {reason.slice(0, at)}
      <StateWords state={rollout} />
      {reason.slice(at + rollout.words.length)}
    </>
  );
}
