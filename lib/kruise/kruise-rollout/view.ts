// One view model for the Kruise Rollout section of the CloneSet and Advanced StatefulSet pages
// (docs/architecture.md §3.4): the Rollout's state in words, its steps, its revisions and batches, conditions,
// message and events.
import type { BatchRelease, Event, Pod, Rollout } from "../../k8s/objects";
import { age, timeOf } from "../view/format";
import { canApprove, canDisable, canJump, canPause, type Precondition } from "./actions";
import type { RolloutLink, RolloutWorkload } from "./detect";
import { revisionHash, revisionMap, type RevisionMap } from "./mapping";
import { controlledBy } from "../core/owner";
import { rolloutState, type RolloutState } from "./state";
import { stepStrip, type StepStrip } from "./strip";

export interface RolloutEventRow {
  key: string;
  type: string;
  reason: string;
  message: string;
  object: string;
  age: string;
  last: string;
}

export interface RolloutConditionRow {
  type: string;
  status: string;
  reason: string;
  message: string;
}

export interface KruiseRolloutView {
  name: string;
  /** the Rollout object is visible (not only named by the CloneSet's annotations) */
  rollout?: Rollout;
  /** the release annotations are on the CloneSet: the Rollout system owns partition and paused */
  releasing: boolean;
  state?: RolloutState;
  strip?: StepStrip;
  /** stable and canary revisions and the batches: only while a release is in flight */
  map?: RevisionMap;
  /**
   * No release in flight: where the pods are (the Rollout's last stable/canary hashes describe a finished release,
   * so "stable: 0 pods, canary: 6 pods" would read as a release still going)
   */
  settled?: { revision: string; pods: number; offRevision: number };
  /** a release is in flight: approve and jump apply */
  inFlight: boolean;
  message?: string;
  conditions: RolloutConditionRow[];
  events: RolloutEventRow[];
  batchRelease?: { phase: string; batch: string; state: string };
  actions?: { approve: Precondition; pause: Precondition; resume: Precondition; disable: Precondition };
  /** steps a jump may target, each with its precondition */
  jumps: { step: number; check: Precondition }[];
}

function eventRows(events: readonly Event[], name: string, ns: string | undefined, now: Date): RolloutEventRow[] {
  return events
    .filter((e) => {
      const io = e.involvedObject ?? {};
      return (
        (io.kind === "Rollout" || io.kind === "BatchRelease") &&
        io.name === name &&
        (!io.namespace || io.namespace === ns)
      );
    })
    .map((e) => {
      const last = e.lastTimestamp || e.eventTime || e.firstTimestamp || e.metadata.creationTimestamp || "";
      return {
        key: e.metadata.name,
        type: e.type ?? "Normal",
        reason: e.reason ?? "",
        message: e.message ?? "",
        object: `${(e.involvedObject.kind ?? "").toLowerCase()}/${e.involvedObject.name ?? ""}`,
        age: age(last, now),
        last,
      };
    })
    .sort((a, b) => timeOf(b.last) - timeOf(a.last) || a.key.localeCompare(b.key));
}

/** Where the CloneSet's pods are when no release is in flight: its update revision, and how many are off it. */
function settledOn(cs: RolloutWorkload, pods: readonly Pod[]): NonNullable<KruiseRolloutView["settled"]> {
  const revision = cs.status?.updateRevision ?? "";
  const hash = revisionHash(revision);
  const active = controlledBy([...pods], cs.metadata.uid).filter((p) => !p.metadata.deletionTimestamp);
  const on = active.filter((p) => revisionHash(p.metadata.labels?.["controller-revision-hash"]) === hash).length;
  return { revision, pods: on, offRevision: active.length - on };
}

/** Everything the Rollout section shows, computed once per render from the live lists. */
export function kruiseRolloutView(
  link: RolloutLink,
  cs: RolloutWorkload,
  pods: readonly Pod[],
  revisions: readonly string[],
  batchReleases: readonly BatchRelease[],
  events: readonly Event[],
  now: Date,
): KruiseRolloutView {
  const r = link.rollout;
  const ns = cs.metadata.namespace;
  const base = { name: link.name, releasing: link.releasing, events: eventRows(events, link.name, ns, now) };
  if (!r) return { ...base, conditions: [], jumps: [], inFlight: link.releasing };
  const br = batchReleases.find((b) => b.metadata.name === r.metadata.name && b.metadata.namespace === ns);
  const strip = stepStrip(r, cs.spec.replicas ?? 1);
  const bst = br?.status?.canaryStatus;
  const inFlight = link.releasing || r.status?.phase === "Progressing";
  return {
    ...base,
    rollout: r,
    state: rolloutState(r, cs, br, now),
    strip,
    inFlight,
    ...(inFlight ? { map: revisionMap(r, cs, pods, revisions, br) } : { settled: settledOn(cs, pods) }),
    ...(r.status?.message ? { message: r.status.message } : {}),
    conditions: (r.status?.conditions ?? []).map((c) => ({
      type: c.type,
      status: c.status,
      reason: c.reason,
      message: c.message,
    })),
    ...(br
      ? {
          batchRelease: {
            phase: br.status?.phase ?? "",
            // currentBatch is 0-based; the Rollout's steps and the pod labels are 1-based
            batch: bst ? String(bst.currentBatch + 1) : "",
            state: bst?.batchState ?? "",
          },
        }
      : {}),
    actions: {
      approve: canApprove(r),
      pause: canPause(r, true),
      resume: canPause(r, false),
      disable: canDisable(r),
    },
    jumps: strip.steps.map((s) => ({ step: s.index, check: canJump(r, s.index) })),
  };
}
