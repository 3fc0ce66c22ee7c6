"use client";
import { useMemo } from "react";
import type { ControllerRevision, Pod, StatefulSet } from "@/lib/k8s/objects";
import { controlledBy } from "@/lib/kruise/core/owner";
import { statefulSetActionFacts } from "@/lib/kruise/view/actions-statefulset";
import type { WorkloadRow } from "@/lib/kruise/view/list";
import { statefulSetLens } from "@/lib/kruise/view/statefulset";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import { WorkloadActionBar } from "@/components/actions/WorkloadActionBar";
import { rolloutDelegate } from "@/components/kruise-rollout/rolloutDelegate";
import type { RollbackOwner } from "@/components/update/RollbackChoice";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: StatefulSet;
  /** the namespace's pods and revisions (the bar keeps the set's own) */
  pods: Pod[];
  revisions: ControllerRevision[];
  header: WorkloadRow;
  /** the Kruise Rollout that drives the set, if any: its actions join the bar */
  rollout?: KruiseRolloutView | null;
  rollbackOwner?: (revision: string) => RollbackOwner;
  readOnly?: boolean;
  now: Date;
}

/**
 * The Advanced StatefulSet's action bar: its facts (lib/kruise/view/actions-statefulset.ts) and the Kruise Rollout
 * that drives it, on the generic bar.
 */
export function StatefulSetActionBar(p: Props) {
  const { object, header } = p;
  const uid = object.metadata.uid;
  const own = useMemo(() => controlledBy(p.pods, uid), [p.pods, uid]);
  const revs = useMemo(() => controlledBy(p.revisions, uid), [p.revisions, uid]);
  const facts = useMemo(
    () => statefulSetActionFacts(object, header, revs, p.rollout),
    [object, header, revs, p.rollout],
  );
  const r = p.rollout?.rollout;
  const delegate = useMemo(
    () => (r ? rolloutDelegate(p.name, r, p.rollbackOwner, "StatefulSet") : undefined),
    [r, p.name, p.rollbackOwner],
  );
  return (
    <WorkloadActionBar
      cluster={p.cluster}
      namespace={p.namespace}
      resource="statefulsets"
      name={p.name}
      object={object}
      lens={statefulSetLens}
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
