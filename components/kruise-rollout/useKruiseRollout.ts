"use client";
import { useMemo } from "react";
import { useResourceList } from "@/lib/client";
import type { CloneSet, ControllerRevision, Event, Pod } from "@/lib/k8s/objects";
import { rollbackUnderRollout } from "@/lib/kruise/kruise-rollout/actions";
import { templateFromRevision } from "@/lib/kruise/inplace/spec";
import { rolloutOf } from "@/lib/kruise/kruise-rollout/detect";
import { kruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";

/** The live Rollouts and BatchReleases of the namespace (in the page's one stream), reduced to this CloneSet's. */
export function useKruiseRollout(
  cluster: string,
  namespace: string,
  cs: CloneSet | undefined,
  pods: Pod[],
  revisions: ControllerRevision[],
  events: Event[],
  now: Date,
) {
  const rollouts = useResourceList(cluster, "rollouts", namespace);
  const batchReleases = useResourceList(cluster, "batchreleases", namespace);
  return useMemo(() => {
    const link = cs ? rolloutOf(cs, rollouts.items) : null;
    if (!cs || !link) return { link: null, view: null, owner: undefined, watchError: rollouts.connection.error };
    const view = kruiseRolloutView(
      link,
      cs,
      pods,
      revisions.map((r) => r.metadata.name),
      batchReleases.items,
      events,
      now,
    );
    const why = link.releasing
      ? "A release is in flight: the Rollout sets updateStrategy.partition step by step and clears paused."
      : "The Rollout names this CloneSet: the next template change starts a release, and the Rollout sets the partition.";
    const owner = {
      name: link.name,
      reason: `${why} Changing partition or paused here would fight it; use the Rollout controls instead.`,
      /** what the Rollout does once the template goes back to `revision` (the rollback previews say it) */
      rollback: (revision: string) => {
        const rev = revisions.find((r) => r.metadata.name === revision);
        const u = rollbackUnderRollout(link.rollout, cs, revision, rev ? templateFromRevision(rev) : undefined);
        return { name: link.name, ...u };
      },
    };
    return { link, view, owner, watchError: rollouts.connection.error };
  }, [cs, rollouts.items, rollouts.connection.error, batchReleases.items, pods, revisions, events, now]);
}
