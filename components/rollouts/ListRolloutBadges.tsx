"use client";
import { useMemo, type ReactNode } from "react";
import { useResourceList } from "@/lib/client";
import type { CloneSet } from "@/lib/k8s/objects";
import { rolloutOf } from "@/lib/kruise/rollouts/detect";
import { rolloutState } from "@/lib/kruise/rollouts/state";
import { pages } from "@/lib/urls";
import { ROLLOUT_ANCHOR } from "./anchor";
import { RolloutBadge } from "./RolloutBadge";

/**
 * For the CloneSet list: a "Rollout <name>: step 2/3, paused" badge per CloneSet under a Kruise Rollout, keyed by
 * `namespace/name`, linking to the Rollout section of its page. The page's stream must include `rollouts`.
 */
export function useRolloutBadges(cluster: string, cloneSets: readonly CloneSet[], now: Date): Map<string, ReactNode> {
  const rollouts = useResourceList(cluster, "rollouts");
  return useMemo(() => {
    const out = new Map<string, ReactNode>();
    for (const cs of cloneSets) {
      const link = rolloutOf(cs, rollouts.items);
      if (!link) continue;
      const ns = cs.metadata.namespace ?? "";
      const state = link.rollout ? rolloutState(link.rollout, cs, undefined, now) : undefined;
      const href = `${pages.cloneSet(cluster, ns, cs.metadata.name)}#${ROLLOUT_ANCHOR}`;
      out.set(`${ns}/${cs.metadata.name}`, <RolloutBadge name={link.name} state={state} href={href} />);
    }
    return out;
  }, [cluster, cloneSets, rollouts.items, now]);
}
