"use client";
import { useMemo } from "react";
import type { ControllerRevision, DaemonSet, Pod } from "@/lib/k8s/objects";
import { controlledBy } from "@/lib/kruise/core/owner";
import { daemonSetActionFacts } from "@/lib/kruise/view/actions-daemonset";
import { daemonSetLens } from "@/lib/kruise/view/daemonset";
import type { WorkloadRow } from "@/lib/kruise/view/list";
import type { LensContext } from "@/lib/kruise/view/workload";
import { WorkloadActionBar } from "@/components/actions/WorkloadActionBar";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: DaemonSet;
  /** the namespace's revisions (the bar keeps the DaemonSet's own) */
  revisions: ControllerRevision[];
  /** the DaemonSet's own pods, and the cluster's nodes (where known) with them */
  pods: Pod[];
  ctx: LensContext;
  header: WorkloadRow;
  readOnly?: boolean;
  now: Date;
}

/** The Advanced DaemonSet's action bar: its facts (lib/kruise/view/actions-daemonset.ts) on the generic bar. */
export function DaemonSetActionBar(p: Props) {
  const { object, header, ctx } = p;
  const uid = object.metadata.uid;
  const revs = useMemo(() => controlledBy(p.revisions, uid), [p.revisions, uid]);
  const facts = useMemo(() => daemonSetActionFacts(object, header, revs, ctx), [object, header, revs, ctx]);
  return (
    <WorkloadActionBar
      cluster={p.cluster}
      namespace={p.namespace}
      resource="daemonsets"
      name={p.name}
      object={object}
      lens={daemonSetLens}
      pods={p.pods}
      nodes={ctx.nodes}
      revisions={revs}
      facts={facts}
      header={header}
      readOnly={p.readOnly}
      now={p.now}
    />
  );
}
