"use client";
import { useMemo, type ReactNode } from "react";
import { useResourceList } from "@/lib/client";
import type { CloneSet } from "@/lib/k8s/objects";
import { kruiseRolloutFacts, type KruiseRolloutFacts } from "@/lib/kruise/view/state-kruise-rollout";
import { pages } from "@/lib/urls";
import { KRUISE_ROLLOUT_ANCHOR } from "./anchor";
import { KruiseRolloutBadge } from "./KruiseRolloutBadge";

/**
 * For the CloneSet list, keyed by `namespace/name`: the Kruise Rollout each CloneSet is under (its row's state
 * defers to it) and a "Rollout <name>: step 2/3, paused" badge from the same facts, linking to the Rollout
 * section of its page. The page's stream must include `rollouts`.
 */
export function useKruiseRolloutBadges(
  cluster: string,
  cloneSets: readonly CloneSet[],
  now: Date,
): { facts: Map<string, KruiseRolloutFacts>; badges: Map<string, ReactNode> } {
  const rollouts = useResourceList(cluster, "rollouts");
  return useMemo(() => {
    const facts = new Map<string, KruiseRolloutFacts>();
    const badges = new Map<string, ReactNode>();
    for (const cs of cloneSets) {
      const f = kruiseRolloutFacts(cs, rollouts.items, [], now);
      if (!f) continue;
      const ns = cs.metadata.namespace ?? "";
      const href = `${pages.cloneSet(cluster, ns, cs.metadata.name)}#${KRUISE_ROLLOUT_ANCHOR}`;
      facts.set(`${ns}/${cs.metadata.name}`, f);
      badges.set(`${ns}/${cs.metadata.name}`, <KruiseRolloutBadge name={f.name} state={f.state} href={href} />);
    }
    return { facts, badges };
  }, [cluster, cloneSets, rollouts.items, now]);
}
