/**
 * The CloneSet detail page's view model, computed once per render from one snapshot of the live lists, so no two
 * panels can describe different moments: the header, the rollout panel and the step all read the counts this
 * function derives from the same CloneSet and pods.
 */
import { revisionBar } from "./bar";
import { cloneSetView, type CloneSetRow } from "./list";
import { eventsView, type EventRow } from "./events";
import { hookWaitViews } from "./hooks";
import { ownedBy, podsByRevision, type PodGroup, type PodRow } from "./pods";
import { revisionsView, type RevisionRow } from "./revisions";
import { cachedPodView } from "./row-cache";
import { inPlaceBatches, type UpdateView } from "./update";
import { podCounts, type PodCounts } from "./snapshot";
import { podsRun, podsSynced } from "./pods-run";
import type { KruiseRolloutFacts } from "./state-kruise-rollout";
import type { ViewWorkload, ViewEvent, ViewPod, ViewRevision } from "./types";

export interface CloneSetDetail {
  header: CloneSetRow;
  revisions: RevisionRow[];
  groups: PodGroup[];
  pods: PodRow[];
  update: UpdateView;
  events: EventRow[];
}

export interface DetailOptions {
  /** The pod list has arrived (false while it loads: counts then come from the CloneSet's status). */
  podsLoaded?: boolean;
  /** The Kruise Rollout that names the CloneSet, as its section shows it (lib/kruise/kruise-rollout/view.ts). */
  kruiseRollout?: KruiseRolloutFacts;
  /** The workload's kind as its events name it (default "CloneSet"). */
  kind?: string;
  /**
   * The pods' counts by the kind's own controller rules (./statefulset.ts, ./daemonset.ts); default the CloneSet's
   * (./snapshot.ts podCounts).
   */
  counts?: (rows: PodRow[]) => PodCounts;
}

/** The CloneSet's own pods as rows, its revisions, and the pods grouped by revision: the first half of the view. */
export interface DetailPods {
  owned: ViewPod[];
  rows: PodRow[];
  revisions: RevisionRow[];
  groups: PodGroup[];
}

/**
 * Pods and revisions are those the CloneSet controls (ownerReference UID, cloneset_controller.go), revisions in
 * `.revision` order, pods grouped by revision label (§6.3).
 */
export function detailPods(cs: ViewWorkload, pods: ViewPod[], revisions: ViewRevision[], now: Date): DetailPods {
  const owned = ownedBy(pods, cs);
  const rows = owned.map((p) => cachedPodView(p, now));
  const revRows = revisionsView(cs, revisions, rows, now);
  return { owned, rows, revisions: revRows, groups: podsByRevision(cs, rows, revRows) };
}

/**
 * The rest of the view from `detailPods`' half: counts, the rollout and its state, the header and the events. Split
 * so a page can compute the halves in two renders' work units (React yields between them).
 */
export function detailView(
  cs: ViewWorkload,
  p: DetailPods,
  events: ViewEvent[],
  now: Date,
  opts: DetailOptions = {},
): CloneSetDetail {
  const podRows = p.rows;
  const counts = opts.podsLoaded === false ? undefined : (opts.counts?.(podRows) ?? podCounts(cs, podRows, now));
  const update = inPlaceBatches(cs, podRows, {
    counts,
    waits: hookWaitViews(cs, p.owned),
    now,
    kruiseRollout: opts.kruiseRollout,
  });
  const header = cloneSetView(cs, now, opts.kruiseRollout);
  if (counts) {
    const running = podsRun(cs, podRows);
    Object.assign(header, {
      running,
      offUpdate: running.offUpdate,
      revisionsSynced: podsSynced(cs, running).synced,
      total: counts.replicas,
      ready: counts.ready,
      updated: counts.updated,
      updatedReady: counts.updatedReady,
      updatedAvailable: counts.updatedAvailable,
      progress: update.progress,
    });
  }
  // One state for the whole page (./state.ts): the header's word is the update's.
  header.phase = update.state;
  header.state = update.status;
  const failingUpdated = update.stuck.filter((x) => x.revision === header.updateRevision).length;
  header.bar = revisionBar(cs, header.progress, header.total, failingUpdated);
  return {
    header,
    revisions: p.revisions,
    groups: p.groups,
    pods: podRows,
    update,
    events: eventsView(cs, opts.kind ?? "CloneSet", ...referencedPods(podRows, events), events, now),
  };
}

/** Everything the detail shows, from one snapshot of the live lists (detailPods, then detailView). */
export function cloneSetDetailView(
  cs: ViewWorkload,
  pods: ViewPod[],
  revisions: ViewRevision[],
  events: ViewEvent[],
  now: Date,
  opts: DetailOptions = {},
): CloneSetDetail {
  return detailView(cs, detailPods(cs, pods, revisions, now), events, now, opts);
}

/**
 * The names and uids of the CloneSet's pods that some Pod event names: all eventsView needs to know of the pods
 * (sets of 5,000 names and uids built on every render would be most of its cost).
 */
function referencedPods(pods: PodRow[], events: ViewEvent[]): [Set<string>, Set<string>] {
  const names = new Set<string>();
  const uids = new Set<string>();
  for (const e of events) {
    const io = e.involvedObject;
    if (io?.kind !== "Pod") continue;
    if (io.name) names.add(io.name);
    if (io.uid) uids.add(io.uid);
  }
  const podNames = new Set<string>();
  const podUids = new Set<string>();
  if (names.size || uids.size)
    for (const p of pods) {
      if (names.has(p.name)) podNames.add(p.name);
      if (p.uid && uids.has(p.uid)) podUids.add(p.uid);
    }
  return [podNames, podUids];
}
