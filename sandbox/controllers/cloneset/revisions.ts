// Choosing current/update revisions (docs/kruise-rules.md §6.2, §6.4, §6.5).
import { isPodOnRevision } from "@/lib/kruise/core/pod-state";
import { equalRevisionData, newControllerRevision, sortRevisions } from "@/lib/kruise/revision/revision";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import type { Action } from "./types";

export interface ActiveRevisions {
  current: ControllerRevision;
  update: ControllerRevision;
  actions: Action[];
  /** All revisions after this reconcile's changes (sorted). */
  all: ControllerRevision[];
}

/**
 * Update revision = newest if identical, else an older identical one with `.revision` bumped
 * (rollback reuses the old name), else a new one. Current = status.currentRevision if it still
 * exists, else update. Upstream: kruise cloneset_controller.go getActiveRevisions.
 */
export function activeRevisions(cs: CloneSet, revisions: ControllerRevision[]): ActiveRevisions {
  const m = chosen.get(cs);
  if (m && m.revisions.length === revisions.length && m.revisions.every((r, i) => r === revisions[i])) return m.result;
  const result = choose(cs, revisions);
  chosen.set(cs, { revisions: [...revisions], result });
  return result;
}

/**
 * The last choice per CloneSet object and the revision objects it was made from: cached objects are never changed
 * in place, so while both are the same the answer is too, and a rollout's reconciles do not hash the template anew
 * each time.
 */
const chosen = new WeakMap<CloneSet, { revisions: ControllerRevision[]; result: ActiveRevisions }>();

function choose(cs: CloneSet, revisions: ControllerRevision[]): ActiveRevisions {
  const sorted = sortRevisions(revisions);
  const next = (sorted.at(-1)?.revision ?? 0) + 1;
  const candidate = newControllerRevision(cs, next, cs.status?.collisionCount ?? 0);
  const equal = sorted.filter((r) => equalRevisionData(r.data, candidate.data));
  const actions: Action[] = [];
  let update: ControllerRevision;
  let all = sorted;
  if (equal.length && sorted.at(-1) === equal.at(-1)) {
    update = sorted.at(-1)!;
  } else if (equal.length) {
    const reused = equal.at(-1)!;
    update = { ...reused, revision: next };
    actions.push({ kind: "bumpRevision", name: reused.metadata.name!, revision: next });
    all = sortRevisions(sorted.map((r) => (r === reused ? update : r)));
  } else {
    update = candidate;
    actions.push({ kind: "createRevision", revision: candidate });
    all = [...sorted, candidate];
  }
  const current = all.find((r) => r.metadata.name === cs.status?.currentRevision) ?? update;
  return { current, update, actions, all };
}

/**
 * Deletes the oldest non-live revisions beyond revisionHistoryLimit (default 10). Live = current,
 * update, or carried by a pod. Upstream: kruise cloneset_controller.go truncateHistory.
 */
export function truncateHistory(cs: CloneSet, revs: ControllerRevision[], pods: Pod[], live: string[]): Action[] {
  const limit = cs.spec.revisionHistoryLimit ?? 10;
  // History is a subset of the revisions that are not live by name: when those fit, no pod needs looking at.
  if (revs.filter((r) => !live.includes(r.metadata.name!)).length <= limit) return [];
  const history = revs.filter(
    (r) => !live.includes(r.metadata.name!) && !pods.some((p) => isPodOnRevision(p, r.metadata.name!)),
  );
  const excess = history.length - limit;
  return excess > 0 ? history.slice(0, excess).map((r) => ({ kind: "deleteRevision", name: r.metadata.name! })) : [];
}
