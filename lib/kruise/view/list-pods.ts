/**
 * What the list needs from pods: the list watches the pods of a few namespaces (those whose CloneSets have hooks,
 * or whose status shows pods not ready), so a failing rollout says "stuck" on the list as on its page.
 */
import { hasHooks, hookWaitViews } from "./hooks";
import type { RowPodFacts } from "./list";
import { byController } from "../core/owner";
import { cachedPodView } from "./row-cache";
import { stuckPods } from "./update";
import { podCounts } from "./snapshot";
import type { ViewCloneSet, ViewPod } from "./types";

/**
 * The status shows pods not ready or missing (only the pods can say whether that is slow or stuck), or pods off the
 * update revision (only the pods say what they run: after a rollback at a partition, some may still run the image
 * rolled back from, ./pods-run.ts).
 */
export function needsPods(cs: ViewCloneSet): boolean {
  const st = cs.status ?? {};
  const replicas = cs.spec?.replicas ?? 1;
  return (
    hasHooks(cs) ||
    (st.updatedReplicas ?? 0) > (st.updatedReadyReplicas ?? 0) ||
    (st.updatedReplicas ?? 0) < (st.replicas ?? 0) ||
    (st.readyReplicas ?? 0) < (st.replicas ?? 0) ||
    (st.replicas ?? 0) !== replicas
  );
}

// A CloneSet's facts while neither it, its own pods nor the clock changed: the list's row for it is then reused too
// (./list-cache.ts), so a pod event re-renders the row of the CloneSet that owns the pod, not its whole namespace's.
const factsCache = new WeakMap<ViewCloneSet, { owned: ViewPod[]; now: Date; facts: RowPodFacts }>();
const NONE: ViewPod[] = [];

// The stream replaces only the pods that changed, so an unchanged CloneSet's pods are the same objects in order.
const samePods = (a: ViewPod[], b: ViewPod[]) => a.length === b.length && a.every((p, i) => p === b[i]);

function podFacts(cs: ViewCloneSet, owned: ViewPod[], now: Date): RowPodFacts {
  const hit = factsCache.get(cs);
  if (hit && hit.now === now && samePods(hit.owned, owned)) return hit.facts;
  const rows = owned.map((p) => cachedPodView(p, now));
  const facts = {
    counts: podCounts(cs, rows, now),
    pods: rows,
    failing: stuckPods(rows),
    waits: hookWaitViews(cs, owned),
  };
  factsCache.set(cs, { owned, now, facts });
  return facts;
}

/** Per CloneSet key (`namespace/name`): counts, failing pods and hook holds from one pods snapshot. */
export function podFactsByCloneSet(cloneSets: ViewCloneSet[], pods: ViewPod[], now: Date): Map<string, RowPodFacts> {
  const owners = byController(pods);
  const out = new Map<string, RowPodFacts>();
  for (const cs of cloneSets) {
    const uid = cs.metadata?.uid;
    const owned = (uid && owners.get(uid)) || NONE;
    out.set(`${cs.metadata?.namespace ?? ""}/${cs.metadata?.name ?? ""}`, podFacts(cs, owned, now));
  }
  return out;
}
