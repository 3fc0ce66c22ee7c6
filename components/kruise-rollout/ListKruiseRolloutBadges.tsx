"use client";
import { useMemo, type ReactNode } from "react";
import { useResourceList } from "@/lib/client";
import type { RolloutWorkload, RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import { kruiseRolloutFacts, type KruiseRolloutFacts } from "@/lib/kruise/view/state-kruise-rollout";
import { pages } from "@/lib/urls";
import { KRUISE_ROLLOUT_ANCHOR } from "./anchor";
import { KruiseRolloutBadge } from "./KruiseRolloutBadge";

/** The workloads of one kind a Rollout may drive, as the list shows them. */
export interface RolloutTargets {
  resource: "clonesets" | "statefulsets";
  kind: RolloutWorkloadKind;
  objects: readonly RolloutWorkload[];
}

/**
 * For the workload list, keyed by `key(resource, "namespace/name")`: the Kruise Rollout each CloneSet or Advanced
 * StatefulSet is under (its row's state defers to it) and a "Rollout <name>: step 2/3, paused" badge from the same
 * facts, linking to the Rollout section of its page. The page's stream must include `rollouts`.
 */
export function useKruiseRolloutBadges(
  cluster: string,
  targets: readonly RolloutTargets[],
  now: Date,
  key: (resource: string, nsName: string) => string,
): { facts: Map<string, KruiseRolloutFacts>; badges: Map<string, ReactNode> } {
  const rollouts = useResourceList(cluster, "rollouts");
  return useMemo(() => {
    const facts = new Map<string, KruiseRolloutFacts>();
    const badges = new Map<string, ReactNode>();
    for (const t of targets)
      for (const o of t.objects) {
        const f = kruiseRolloutFacts(o, rollouts.items, [], now, t.kind);
        if (!f) continue;
        const ns = o.metadata.namespace ?? "";
        const href = `${pages.workload(cluster, ns, t.resource, o.metadata.name)}#${KRUISE_ROLLOUT_ANCHOR}`;
        const k = key(t.resource, `${ns}/${o.metadata.name}`);
        facts.set(k, f);
        badges.set(k, <KruiseRolloutBadge name={f.name} state={f.state} href={href} />);
      }
    return { facts, badges };
  }, [cluster, targets, rollouts.items, now, key]);
}
