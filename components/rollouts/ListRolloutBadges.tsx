"use client";
import { useMemo, type ReactNode } from "react";
import { useResourceList } from "@/lib/client";
import type { CloneSet } from "@/lib/k8s/objects";
import { rolloutFacts, type RolloutFacts } from "@/lib/kruise/view/state-rollout";
import { pages } from "@/lib/urls";
import { ROLLOUT_ANCHOR } from "./anchor";
import { RolloutBadge } from "./RolloutBadge";

/**
 * For the CloneSet list, keyed by `namespace/name`: the Kruise Rollout each CloneSet is under (its row's state
 * defers to it) and a "Rollout <name>: step 2/3, paused" badge from the same facts, linking to the Rollout
 * section of its page. The page's stream must include `rollouts`.
 */
export function useRolloutBadges(
  cluster: string,
  cloneSets: readonly CloneSet[],
  now: Date,
): { facts: Map<string, RolloutFacts>; badges: Map<string, ReactNode> } {
  const rollouts = useResourceList(cluster, "rollouts");
  return useMemo(() => {
    const facts = new Map<string, RolloutFacts>();
    const badges = new Map<string, ReactNode>();
    for (const cs of cloneSets) {
      const f = rolloutFacts(cs, rollouts.items, [], now);
      if (!f) continue;
      const ns = cs.metadata.namespace ?? "";
      const href = `${pages.cloneSet(cluster, ns, cs.metadata.name)}#${ROLLOUT_ANCHOR}`;
      facts.set(`${ns}/${cs.metadata.name}`, f);
      badges.set(`${ns}/${cs.metadata.name}`, <RolloutBadge name={f.name} state={f.state} href={href} />);
    }
    return { facts, badges };
  }, [cluster, cloneSets, rollouts.items, now]);
}
