"use client";
import { useMemo, useState } from "react";
import { useAccess } from "@/lib/client/access";
import { accessDenial, KINDS } from "@/lib/kinds";
import { useSession } from "@/lib/client/session";
import { ReadOnlyNote } from "@/components/auth/ReadOnlyNote";
import type { ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { chosenSinceApply, type UpdateView } from "@/lib/kruise/view/update";
import { LABEL_REVISION_HASH } from "@/lib/kruise/core/names";
import { controlledBy } from "@/lib/kruise/core/owner";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import { PartitionControl, type AppliedPartition } from "./PartitionControl";
import { LimitsControl, PauseControl } from "./PauseLimits";
import { ReplicasControl } from "./ReplicasControl";
import { RevisionCompare } from "./RevisionCompare";
import type { RollbackOwner } from "./RollbackChoice";
import { StepProgress } from "./StepProgress";

const PATCH = { verb: "patch" } as const;

interface Props {
  cluster: string;
  namespace: string;
  /** the workload's kind: its home says where its strategy fields are and its lens what they mean */
  resource: ResourceName;
  name: string;
  object: K8sObject;
  pods: Pod[];
  revisions: ControllerRevision[];
  /** the cluster's nodes, for a kind laid out by node (its preview counts them) */
  nodes?: readonly Node[];
  update: UpdateView;
  now: Date;
  /**
   * A Kruise Rollout owns the workload's partition and paused: the partition, pause and limits controls give way
   * to the Rollout's own (docs/kruise-rollouts.md §5.6), and a rollback says what the Rollout will then do.
   */
  owner?: { name: string; reason: string; rollback: (revision: string) => RollbackOwner };
}

/**
 * A workload's own update controls (partition, pause, limits, rollback), the same for every kind, each meaning what
 * the kind's rules say; disabled with the reason when RBAC says no, and in read-only mode
 * (KRUISE_CONSOLE_READ_ONLY) every control that writes is hidden: previews stay.
 */
export function UpdateControls(p: Props) {
  const { cluster, namespace, resource, name, object, pods, revisions, nodes, update, now, owner } = p;
  const home = KINDS.get(resource);
  const lens = home.lens!;
  const access = useAccess({ cluster, namespace, resource, name }, PATCH);
  const { readOnly } = useSession();
  const uid = object.metadata.uid;
  const own = useMemo(() => controlledBy(pods, uid), [pods, uid]);
  const revs = useMemo(() => controlledBy(revisions, uid), [revisions, uid]);
  // Read-only: the writes are hidden below and the server's review always says no; previews stay usable.
  const disabled = readOnly ? undefined : accessDenial(home, PATCH, access);
  const paused = !!updateBaseOf(object, false, home.strategy?.path).paused;
  const common = { cluster, namespace, resource, name, object, disabled, readOnly };
  const updateRevision = lens.shape(object, { nodes, pods: own }).status?.updateRevision;
  const [applied, setApplied] = useState<AppliedPartition | null>(null);
  const chosen = useMemo(() => {
    if (!applied || applied.updateRevision !== updateRevision) return null;
    const rows = own.map((x) => ({
      name: x.metadata.name ?? "",
      uid: x.metadata.uid ?? "",
      revision: x.metadata.labels?.[LABEL_REVISION_HASH] ?? "",
      terminating: !!x.metadata.deletionTimestamp,
    }));
    return chosenSinceApply(rows, updateRevision ?? "", applied.before, applied.allowed, applied.expected);
  }, [applied, own, updateRevision]);
  return (
    <section className="panel" aria-labelledby="rollout-controls" data-testid="rollout-controls">
      <h2 id="rollout-controls">Rollout controls</h2>
      <ReadOnlyNote what="the rollout can be previewed here but not changed." />
      {!readOnly && access.allowed === false ? (
        <div className="callout warn" data-testid="access-denied">
          {disabled}
        </div>
      ) : null}
      {owner ? (
        <div className="callout info" data-testid="rollout-owned">
          <strong>Partition, pause and limits are run by Kruise Rollout {owner.name}</strong>
          <div>{owner.reason}</div>
        </div>
      ) : (
        <PartitionControl
          {...common}
          lens={lens}
          pods={own}
          nodes={nodes}
          revisions={revs}
          now={now.getTime()}
          onApplied={setApplied}
        />
      )}
      {lens.scale ? (
        <ReplicasControl {...common} lens={lens} pods={own} now={now.getTime()} rolloutName={owner?.name} />
      ) : null}
      <StepProgress r={update} paused={paused} chosen={chosen} />
      {owner ? null : <PauseControl {...common} />}
      {owner ? null : <LimitsControl {...common} lens={lens} pods={own} nodes={nodes} />}
      <RevisionCompare
        {...common}
        lens={lens}
        pods={own}
        nodes={nodes}
        revisions={revs}
        now={now.getTime()}
        updateRevision={updateRevision}
        rolloutOwner={owner?.rollback}
      />
    </section>
  );
}
