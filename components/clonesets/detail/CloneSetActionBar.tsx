"use client";
import { useMemo } from "react";
import type { CloneSet, ControllerRevision, Pod, Rollout } from "@/lib/k8s/objects";
import { controlledBy } from "@/lib/kruise/core/owner";
import { kruiseRolloutBase } from "@/lib/kruise/kruise-rollout/base";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import { cloneSetActionFacts } from "@/lib/kruise/view/actions-cloneset";
import type { CloneSetRow } from "@/lib/kruise/view/list";
import { cloneSetLens } from "@/lib/kruise/view/workload";
import type { RollbackOwner } from "@/components/update/RollbackChoice";
import type { BarAction } from "@/lib/kruise/view/actions";
import { WorkloadActionBar, type BarDelegate } from "@/components/actions/WorkloadActionBar";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: CloneSet;
  /** the namespace's pods and revisions (the bar keeps the CloneSet's own) */
  pods: Pod[];
  revisions: ControllerRevision[];
  header: CloneSetRow;
  rollout?: KruiseRolloutView | null;
  rollbackOwner?: (revision: string) => RollbackOwner;
  /** read-only console: the state stays, the actions go (the server would refuse them) */
  readOnly?: boolean;
  now: Date;
}

const ROLLOUT_ACTION: Partial<Record<BarAction["id"], string>> = {
  approve: "approve",
  jump: "jump",
  "rollout-pause": "pause",
  "rollout-resume": "resume",
  disable: "disable",
};

/** The Kruise Rollout's actions on the bar: sent through the Rollout's action write, guarded by what was shown. */
function rolloutDelegate(
  cloneSet: string,
  rollout: Rollout,
  rollbackOwner?: (revision: string) => RollbackOwner,
): BarDelegate {
  return {
    target: (a) =>
      ROLLOUT_ACTION[a.id]
        ? {
            resource: "rollouts",
            name: rollout.metadata.name,
            write: "action",
            need: a.id === "approve" || a.id === "jump" ? { verb: "patch", subresource: "status" } : { verb: "patch" },
          }
        : null,
    snapshot: () => rollout,
    request: (a, shown) => {
      const verb = ROLLOUT_ACTION[a.id];
      if (!verb) return null;
      const r = shown as Rollout;
      const body = { action: verb, cloneSet, base: kruiseRolloutBase(r), ...(a.to ? { to: a.to } : {}) };
      return { resource: "rollouts", name: r.metadata.name, write: "action", body };
    },
    rollbackOwner,
  };
}

/**
 * The CloneSet's action bar: its facts (lib/kruise/view/actions-cloneset.ts) and the Kruise Rollout that drives it,
 * on the kind-generic bar (components/actions/WorkloadActionBar.tsx).
 */
export function CloneSetActionBar(p: Props) {
  const { object, pods, revisions, header, rollout } = p;
  const uid = object.metadata.uid;
  const own = useMemo(() => controlledBy(pods, uid), [pods, uid]);
  const revs = useMemo(() => controlledBy(revisions, uid), [revisions, uid]);
  const facts = useMemo(() => cloneSetActionFacts(object, header, revs, rollout), [object, header, revs, rollout]);
  const r = rollout?.rollout;
  const delegate = useMemo(
    () => (r ? rolloutDelegate(p.name, r, p.rollbackOwner) : undefined),
    [r, p.name, p.rollbackOwner],
  );
  return (
    <WorkloadActionBar
      cluster={p.cluster}
      namespace={p.namespace}
      resource="clonesets"
      name={p.name}
      object={object}
      lens={cloneSetLens}
      pods={own}
      revisions={revs}
      facts={facts}
      header={header}
      delegate={delegate}
      readOnly={p.readOnly}
      now={p.now}
    />
  );
}
