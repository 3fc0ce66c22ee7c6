// Current and update revisions of a workload, and history cleanup (docs/kruise-rules.md §13.7, §14.8; the same
// choice as the CloneSet's, §6.2).
import { equalRevisionData, sortRevisions } from "@/lib/kruise/revision/revision";
import type { ControllerRevision } from "@/lib/k8s/objects";
import type { WorkloadAction } from "./types";

export interface ChosenRevisions {
  current: ControllerRevision;
  update: ControllerRevision;
  actions: WorkloadAction[];
  all: ControllerRevision[];
}

/**
 * The update revision is the newest if its data equals the template's; else an older equal one, reused with the next
 * `.revision`; else a new one. The current revision is the one named `currentName` if it exists, else the update
 * revision. Upstream: kruise pkg/controller/statefulset/stateful_set_control.go getStatefulSetRevisions,
 * pkg/controller/daemonset/daemonset_history.go constructHistory.
 */
export function chooseRevisions(
  revisions: ControllerRevision[],
  candidate: (revision: number) => ControllerRevision,
  currentName: string | undefined,
): ChosenRevisions {
  const sorted = sortRevisions(revisions);
  const next = (sorted.at(-1)?.revision ?? 0) + 1;
  const fresh = candidate(next);
  const equal = sorted.filter((r) => equalRevisionData(r.data, fresh.data));
  const actions: WorkloadAction[] = [];
  let update: ControllerRevision;
  let all = sorted;
  if (equal.length && sorted.at(-1) === equal.at(-1)) update = sorted.at(-1)!;
  else if (equal.length) {
    const reused = equal.at(-1)!;
    update = { ...reused, revision: next };
    actions.push({ kind: "bumpRevision", name: reused.metadata.name, revision: next });
    all = sortRevisions(sorted.map((r) => (r === reused ? update : r)));
  } else {
    update = fresh;
    actions.push({ kind: "createRevision", revision: fresh });
    all = [...sorted, fresh];
  }
  const current = all.find((r) => r.metadata.name === currentName) ?? update;
  return { current, update, actions, all };
}

/**
 * Deletes the oldest revisions that are not live (live: `live` names and revisions a pod carries, by `podRevision`)
 * beyond `limit`. Upstream: stateful_set_control.go truncateHistory, daemonset_controller.go cleanupHistory.
 */
export function truncateHistory(all: ControllerRevision[], live: Set<string>, limit: number): WorkloadAction[] {
  const history = sortRevisions(all).filter((r) => !live.has(r.metadata.name));
  const excess = history.length - limit;
  return excess > 0 ? history.slice(0, excess).map((r) => ({ kind: "deleteRevision", name: r.metadata.name })) : [];
}
