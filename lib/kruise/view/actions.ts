/**
 * The action bar's view model: what a release manager can do to a workload right now, in the page's one state
 * vocabulary (./state.ts), each action with what it will do, whether it asks first, and why it is unavailable. Kind
 * generic: a workload kind's page maps its object to `ActionFacts` (a CloneSet's: `cloneSetActionFacts`), and a Kruise
 * Rollout that drives it adds its own actions (docs/kruise-rollouts.md §5). Destructive actions — roll back, abort,
 * disable, jump — ask once; approve is the primary action and never looks like disable.
 */
import { partitionReplicas } from "../core/partition";
import { plural } from "../core/plural";
import { templateFromRevision } from "../inplace/spec";
import type { Precondition } from "../kruise-rollout/actions";
import type { ControllerRevision, IntOrString } from "../../k8s/objects";

export type BarActionId =
  | "pause"
  | "resume"
  | "partition-step"
  | "rollback"
  | "approve"
  | "jump"
  | "rollout-pause"
  | "rollout-resume"
  | "disable"
  | "abort";

export type BarTone = "primary" | "neutral" | "destructive";

export interface BarAction {
  id: BarActionId;
  label: string;
  tone: BarTone;
  /** asks once, saying what it will do, before it sends */
  confirm: boolean;
  /** what it will do, in one sentence */
  effect: string;
  /** why it cannot be used now (the button is disabled with this reason) */
  unavailable?: string;
  /** partition-step: the partition it sets */
  partition?: number;
  /** rollback, abort: the revision the template goes back to */
  revision?: string;
  /** rollback: what it does when the user keeps the partition (the template alone) instead of every pod */
  keepEffect?: string;
  /** jump: the 1-based step */
  to?: number;
}

/** A revision as the bar names it: `#3 cart-7d9f… (cart:1.4.0)`. */
export interface RevisionFacts {
  name: string;
  number: number;
  images: string[];
}

/** A revision's number and the images of its pod template, as the bar names it (every kind's revision data). */
export function revisionFacts(r: ControllerRevision): RevisionFacts {
  const images = (templateFromRevision(r)?.spec?.containers ?? []).map((c) => c.image ?? "").filter(Boolean);
  return { name: r.metadata.name ?? "", number: Number(r.revision ?? 0), images };
}

/**
 * The next partition step by a kind's own partition model (an ordinal, a count of nodes), where it is not the
 * CloneSet's pods-kept count: the value it sets, and what that moves, in one clause.
 */
export interface PartitionStepFacts {
  /** the partition value the step sets */
  to: number;
  /** "1 more pod on the update revision (4 of 4): ordinal 4" */
  effect: string;
}

/** What a workload's page knows that the bar needs; the same shape for every kind with a partition and revisions. */
export interface ActionFacts {
  kind: string;
  /** the page's one state (./state.ts), in its words */
  state: { kind: string; word: string; reason: string };
  replicas: number;
  paused: boolean;
  /** the partition as set; null for a kind without one */
  partition: IntOrString | undefined | null;
  currentRevision: string;
  updateRevision: string;
  revisions: RevisionFacts[];
  /** pods not on the update revision */
  offUpdate: number;
  /** a Kruise Rollout owns partition and paused (docs/kruise-rollouts.md §5.6) */
  owner?: string;
  /**
   * The next partition step by the kind's own model; null when there is none (nothing kept, OnDelete). Absent: the
   * CloneSet's (`nextPartitionStep` over the pods its partition keeps).
   */
  step?: PartitionStepFacts | null;
  /**
   * What the partition keeps where it is when the template alone goes back, in the kind's words ("ordinals 0, 1 and 2
   * keep the revision they run"); the rollback's other choice, every pod, sends partition 0 with it.
   */
  rollbackKeeps?: string;
  rollout?: RolloutFacts;
}

export interface RolloutFacts {
  name: string;
  /** a release is in flight: approve, jump and abort apply */
  inFlight: boolean;
  paused: boolean;
  step: number;
  total: number;
  approve: Precondition;
  pause: Precondition;
  resume: Precondition;
  disable: Precondition;
  /** jump to the last step (promote in full), when it is not the next one */
  jumpToLast?: Precondition;
  /** the stable revision's full name, where it is known: abort rolls the template back to it */
  stableRevision?: string;
  /** what the Rollout does once the template goes back to the stable revision */
  abortEffect?: string;
}

export interface ActionBarView {
  state: ActionFacts["state"];
  actions: BarAction[];
}

const why = (p: Precondition) => (p.ok ? undefined : p.reason);
const effectOf = (p: Precondition, fallback: string) => (p.ok ? p.effect : fallback);

/**
 * The next partition step a release manager takes from `kept` pods on old revisions: one canary pod, then a quarter,
 * half, all (the partition control's presets, docs/kruise-rules.md §3.2), whichever first moves more pods; null once
 * the partition keeps none.
 */
export function nextPartitionStep(kept: number, replicas: number): number | null {
  if (kept <= 0 || replicas <= 0) return null;
  const steps = [replicas - 1, Math.ceil(replicas * 0.75), Math.ceil(replicas * 0.5), 0];
  return steps.find((s) => s < kept && s >= 0) ?? 0;
}

/**
 * The last good revision: while a rollout is under way the current one (the revision pods came from); once it is
 * done, the newest revision before the update revision. Upstream: kruise cloneset_status.go (currentRevision),
 * docs/kruise-rules.md §6.4.
 */
export function lastGoodRevision(f: Pick<ActionFacts, "currentRevision" | "updateRevision" | "revisions">) {
  if (f.currentRevision && f.currentRevision !== f.updateRevision)
    return f.revisions.find((r) => r.name === f.currentRevision);
  return [...f.revisions].filter((r) => r.name !== f.updateRevision).sort((a, b) => b.number - a.number)[0];
}

const revisionLabel = (r: RevisionFacts) =>
  `#${r.number} ${r.name}${r.images.length ? ` (${r.images.join(", ")})` : ""}`;

/** "#1 cart:1.4.0": the revision's number and its images' last path segments, short enough for a button. */
const shortLabel = (r: RevisionFacts) =>
  r.images.length ? `#${r.number} ${r.images.map((i) => i.slice(i.lastIndexOf("/") + 1)).join(", ")}` : r.name;

/** The kind's own next step, or the CloneSet's: the pods its partition keeps, stepped by `nextPartitionStep`. */
function partitionStep(f: ActionFacts): PartitionStepFacts | null {
  if (f.step !== undefined) return f.step;
  if (f.partition === null) return null;
  const kept = partitionReplicas(f.partition, f.replicas).value;
  const next = nextPartitionStep(kept, f.replicas);
  if (next === null) return null;
  return {
    to: next,
    effect: `${plural(kept - next, "more pod")} on the update revision (${f.replicas - next} of ${f.replicas})`,
  };
}

/** The partition keeps no pod where it is: unset, 0 or 0 %. */
const keepsNone = (f: ActionFacts) => f.partition === null || ["0", "0%"].includes(String(f.partition ?? 0));

/** A paused workload takes the new template but moves no pod until resumed: the rollback says so. */
const whilePaused = (f: ActionFacts) => (f.paused ? "; the rollout is paused: pods move once it is resumed" : "");

function workloadActions(f: ActionFacts): BarAction[] {
  const out: BarAction[] = [];
  if (!f.owner) {
    out.push(
      f.paused
        ? {
            id: "resume",
            label: "Resume",
            tone: "primary",
            confirm: false,
            effect: "pods move again as the partition allows",
          }
        : {
            id: "pause",
            label: "Pause",
            tone: "neutral",
            confirm: false,
            effect: "no further pod is updated until resumed; pods already being updated finish",
          },
    );
    const step = partitionStep(f);
    if (step)
      out.push({
        id: "partition-step",
        label: `Next step: partition ${String(f.partition ?? 0)} → ${step.to}`,
        tone: "neutral",
        confirm: true,
        effect: step.effect,
        partition: step.to,
        ...(f.paused ? { unavailable: "the rollout is paused: resume it first" } : {}),
      });
  }
  const good = lastGoodRevision(f);
  const rolloutAborts = f.rollout?.inFlight && f.rollout.stableRevision;
  if (good && !rolloutAborts)
    out.push({
      id: "rollback",
      label: `Roll back to ${shortLabel(good)}`,
      tone: "destructive",
      confirm: true,
      effect: f.owner
        ? `the pod template goes back to ${revisionLabel(good)}; Kruise Rollout ${f.owner} then decides the partition`
        : keepsNone(f)
          ? `every pod goes back to ${revisionLabel(good)}: partition 0 keeps none${whilePaused(f)}`
          : `every pod goes back to ${revisionLabel(good)}: the template and partition 0 in one request${whilePaused(f)}`,
      revision: good.name,
      ...(!f.owner && f.rollbackKeeps
        ? {
            keepEffect: `the pod template goes back to ${revisionLabel(good)}; partition ${String(f.partition ?? 0)} stays: ${f.rollbackKeeps}${whilePaused(f)}`,
          }
        : {}),
    });
  return out;
}

function rolloutActions(r: RolloutFacts): BarAction[] {
  const out: BarAction[] = [];
  if (r.inFlight)
    out.push({
      id: "approve",
      label: `Approve step ${r.step}`,
      tone: "primary",
      confirm: false,
      effect: effectOf(r.approve, `approve step ${r.step}`),
      unavailable: why(r.approve),
    });
  if (r.inFlight && r.jumpToLast)
    out.push({
      id: "jump",
      label: `Jump to step ${r.total}`,
      tone: "destructive",
      confirm: true,
      effect: effectOf(r.jumpToLast, `skips to step ${r.total}`),
      unavailable: why(r.jumpToLast),
      to: r.total,
    });
  out.push(
    r.paused
      ? {
          id: "rollout-resume",
          label: "Resume Rollout",
          tone: "primary",
          confirm: false,
          effect: effectOf(r.resume, "steps move again"),
          unavailable: why(r.resume),
        }
      : {
          id: "rollout-pause",
          label: "Pause Rollout",
          tone: "neutral",
          confirm: false,
          effect: effectOf(r.pause, "no step moves until resumed"),
          unavailable: why(r.pause),
        },
  );
  if (r.inFlight && r.stableRevision)
    out.push({
      id: "abort",
      label: "Abort release",
      tone: "destructive",
      confirm: true,
      effect: `the CloneSet's template goes back to the stable revision ${r.stableRevision}; then ${r.abortEffect ?? "the Rollout cancels the release"}`,
      revision: r.stableRevision,
    });
  out.push({
    id: "disable",
    label: "Disable Rollout",
    tone: "destructive",
    confirm: true,
    effect: effectOf(r.disable, "disables the Rollout"),
    unavailable: why(r.disable),
  });
  return out;
}

/** Every action the bar offers for these facts, in the order it shows them: the Rollout's first when one drives. */
export function actionBarView(f: ActionFacts): ActionBarView {
  const own = workloadActions(f);
  const rollout = f.rollout ? rolloutActions(f.rollout) : [];
  return { state: f.state, actions: f.rollout ? [...rollout, ...own] : own };
}
