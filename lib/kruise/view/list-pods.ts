/**
 * What the list needs from pods: the list watches the pods of a few namespaces (those whose CloneSets have hooks,
 * or whose status shows pods not ready), so a failing rollout says "stuck" on the list as on its page.
 */
import { hasHooks, hookWaitViews } from "./hooks";
import type { RowPodFacts } from "./list";
import { ownedBy } from "./pods";
import { cachedPodView } from "./row-cache";
import { stuckPods } from "./rollout";
import { podCounts } from "./snapshot";
import type { ViewCloneSet, ViewPod } from "./types";

/** The status shows pods not ready or missing: only the pods can say whether that is slow or stuck. */
export function needsPods(cs: ViewCloneSet): boolean {
  const st = cs.status ?? {};
  const replicas = cs.spec?.replicas ?? 1;
  return (
    hasHooks(cs) ||
    (st.updatedReplicas ?? 0) > (st.updatedReadyReplicas ?? 0) ||
    (st.readyReplicas ?? 0) < (st.replicas ?? 0) ||
    (st.replicas ?? 0) !== replicas
  );
}

/** Per CloneSet key (`namespace/name`): counts, failing pods and hook holds from one pods snapshot. */
export function podFactsByCloneSet(cloneSets: ViewCloneSet[], pods: ViewPod[], now: Date): Map<string, RowPodFacts> {
  const out = new Map<string, RowPodFacts>();
  for (const cs of cloneSets) {
    const owned = ownedBy(pods, cs);
    const rows = owned.map((p) => cachedPodView(p, now));
    out.set(`${cs.metadata?.namespace ?? ""}/${cs.metadata?.name ?? ""}`, {
      counts: podCounts(cs, rows, now),
      pods: rows,
      failing: stuckPods(rows),
      waits: hookWaitViews(cs, owned),
    });
  }
  return out;
}
