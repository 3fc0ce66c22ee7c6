"use client";
import { useMemo } from "react";
import type { ControllerRevision, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { controlledBy } from "@/lib/kruise/core/owner";
import type { RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import type { ActionFacts } from "@/lib/kruise/view/actions";
import type { WorkloadRow } from "@/lib/kruise/view/list";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { WorkloadActionBar } from "@/components/actions/WorkloadActionBar";
import type { RollbackOwner } from "@/components/update/RollbackChoice";
import { rolloutDelegate } from "./rolloutDelegate";

/** A kind a Kruise Rollout may drive, as its action bar needs it. */
export interface DrivenKind<T extends K8sObject> {
  resource: ResourceName;
  kind: RolloutWorkloadKind;
  lens: WorkloadLens<T>;
  /** the kind's facts (lib/kruise/view/actions-<kind>.ts), with the Rollout's when one drives it */
  facts: (
    object: T,
    header: WorkloadRow,
    revisions: ControllerRevision[],
    rollout?: KruiseRolloutView | null,
  ) => ActionFacts;
}

interface Props<T extends K8sObject> {
  of: DrivenKind<T>;
  cluster: string;
  namespace: string;
  name: string;
  object: T;
  /** the namespace's pods and revisions (the bar keeps the workload's own) */
  pods: Pod[];
  revisions: ControllerRevision[];
  header: WorkloadRow;
  /** the Kruise Rollout that drives the workload, if any: its actions join the bar */
  rollout?: KruiseRolloutView | null;
  rollbackOwner?: (revision: string) => RollbackOwner;
  /** read-only console: the state stays, the actions go (the server would refuse them) */
  readOnly?: boolean;
  now: Date;
}

/**
 * The action bar of a workload a Kruise Rollout may drive (a CloneSet, an Advanced StatefulSet): the kind's facts
 * and, while a Rollout drives it, the Rollout's actions through its delegate, on the kind-generic bar
 * (components/actions/WorkloadActionBar.tsx).
 */
export function DrivenActionBar<T extends K8sObject>(p: Props<T>) {
  const { of, object, header, rollout } = p;
  const uid = object.metadata.uid;
  const own = useMemo(() => controlledBy(p.pods, uid), [p.pods, uid]);
  const revs = useMemo(() => controlledBy(p.revisions, uid), [p.revisions, uid]);
  const facts = useMemo(() => of.facts(object, header, revs, rollout), [of, object, header, revs, rollout]);
  const r = rollout?.rollout;
  const delegate = useMemo(
    () => (r ? rolloutDelegate(p.name, r, p.rollbackOwner, of.kind) : undefined),
    [r, p.name, p.rollbackOwner, of.kind],
  );
  return (
    <WorkloadActionBar
      cluster={p.cluster}
      namespace={p.namespace}
      resource={of.resource}
      name={p.name}
      object={object}
      lens={of.lens}
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
