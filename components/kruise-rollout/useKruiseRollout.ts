"use client";
import { useMemo } from "react";
import { useResourceList } from "@/lib/client";
import type { ControllerRevision, Event, Pod } from "@/lib/k8s/objects";
import { rollbackUnderRollout } from "@/lib/kruise/kruise-rollout/actions";
import { templateFromRevision } from "@/lib/kruise/inplace/spec";
import { rolloutOf, type RolloutWorkload, type RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import { kruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";

/** Where the Rollout writes the partition on each kind (docs/kruise-rollouts.md §7.2, §15.3). */
const PARTITION_FIELD: Record<RolloutWorkloadKind, string> = {
  CloneSet: "updateStrategy.partition",
  StatefulSet: "updateStrategy.rollingUpdate.partition (an ordinal)",
};

/**
 * The live Rollouts and BatchReleases of the namespace (in the page's one stream), reduced to this workload's: a
 * CloneSet's, or an Advanced StatefulSet's when `kind` says so.
 */
export function useKruiseRollout(
  cluster: string,
  namespace: string,
  cs: RolloutWorkload | undefined,
  pods: Pod[],
  revisions: ControllerRevision[],
  events: Event[],
  now: Date,
  kind: RolloutWorkloadKind = "CloneSet",
) {
  const rollouts = useResourceList(cluster, "rollouts", namespace);
  const batchReleases = useResourceList(cluster, "batchreleases", namespace);
  return useMemo(() => {
    const link = cs ? rolloutOf(cs, rollouts.items, kind) : null;
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
    const field = PARTITION_FIELD[kind];
    const why = link.releasing
      ? `A release is in flight: the Rollout sets ${field} step by step and clears paused.`
      : `The Rollout names this ${kind}: the next template change starts a release, and the Rollout sets the partition.`;
    const owner = {
      name: link.name,
      reason: `${why} Changing partition or paused here would fight it; use the Rollout controls instead.`,
      /** what the Rollout does once the template goes back to `revision` (the rollback previews say it) */
      rollback: (revision: string) => {
        const rev = revisions.find((r) => r.metadata.name === revision);
        const u = rollbackUnderRollout(link.rollout, cs, revision, rev ? templateFromRevision(rev) : undefined, kind);
        return { name: link.name, ...u };
      },
    };
    return { link, view, owner, watchError: rollouts.connection.error };
  }, [cs, kind, rollouts.items, rollouts.connection.error, batchReleases.items, pods, revisions, events, now]);
}
