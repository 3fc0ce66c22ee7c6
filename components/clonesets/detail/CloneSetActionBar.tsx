"use client";
import { useMemo } from "react";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { controlledBy } from "@/lib/kruise/core/owner";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import { cloneSetActionFacts } from "@/lib/kruise/view/actions-cloneset";
import type { CloneSetRow } from "@/lib/kruise/view/list";
import { cloneSetLens } from "@/lib/kruise/view/workload";
import type { RollbackOwner } from "@/components/update/RollbackChoice";
import { WorkloadActionBar } from "@/components/actions/WorkloadActionBar";
import { rolloutDelegate } from "@/components/kruise-rollout/rolloutDelegate";

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
