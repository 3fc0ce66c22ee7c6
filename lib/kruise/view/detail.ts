/**
 * The CloneSet detail page's view model, computed once per render from the live lists.
 */
import { cloneSetView, type CloneSetRow } from "./list";
import { eventsView, type EventRow } from "./events";
import { ownedBy, podView, podsByRevision, type PodGroup, type PodRow } from "./pods";
import { revisionsView, type RevisionRow } from "./revisions";
import { inPlaceBatches, type RolloutView } from "./rollout";
import type { ViewCloneSet, ViewEvent, ViewPod, ViewRevision } from "./types";

export interface CloneSetDetail {
  header: CloneSetRow;
  revisions: RevisionRow[];
  groups: PodGroup[];
  pods: PodRow[];
  rollout: RolloutView;
  events: EventRow[];
}

/**
 * Everything the detail shows: pods and revisions are those the CloneSet controls (ownerReference UID,
 * cloneset_controller.go), revisions in `.revision` order, pods grouped by revision label (§6.3).
 */
export function cloneSetDetailView(
  cs: ViewCloneSet,
  pods: ViewPod[],
  revisions: ViewRevision[],
  events: ViewEvent[],
  now: Date,
): CloneSetDetail {
  const podRows = ownedBy(pods, cs).map((p) => podView(p, now));
  const revRows = revisionsView(cs, revisions, podRows, now);
  const rollout = inPlaceBatches(cs, podRows);
  const header = cloneSetView(cs, now);
  // The list sees only the CloneSet; here the pods are known, so a rolling step with failing pods is called stuck.
  if (header.phase === "rolling" && rollout.state === "stuck") header.phase = "stuck";
  return {
    header,
    revisions: revRows,
    groups: podsByRevision(cs, podRows, revRows),
    pods: podRows,
    rollout,
    events: eventsView(
      cs,
      new Set(podRows.map((p) => p.name)),
      new Set(podRows.map((p) => p.uid).filter(Boolean)),
      events,
      now,
    ),
  };
}
