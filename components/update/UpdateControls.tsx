"use client";
import { useMemo, useState } from "react";
import { useAccess } from "@/lib/client/access";
import { accessDenial, KINDS } from "@/lib/kinds";
import { useSession } from "@/lib/client/session";
import { ReadOnlyNote } from "@/components/auth/ReadOnlyNote";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { chosenSinceApply, type UpdateView } from "@/lib/kruise/view/update";
import { LABEL_REVISION_HASH } from "@/lib/kruise/core/names";
import { controlledBy } from "@/lib/kruise/core/owner";
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
  name: string;
  object: CloneSet;
  pods: Pod[];
  revisions: ControllerRevision[];
  update: UpdateView;
  now: Date;
  /**
   * A Kruise Rollout owns the CloneSet's partition and paused: the partition, pause and limits controls give way
   * to the Rollout's own (docs/kruise-rollouts.md §5.6), and a rollback says what the Rollout will then do.
   */
  owner?: { name: string; reason: string; rollback: (revision: string) => RollbackOwner };
}

/**
 * Rollout controls on the CloneSet detail page; disabled with the reason when RBAC says no,
 * and in read-only mode (KRUISE_CONSOLE_READ_ONLY) every control that writes is hidden: previews stay.
 */
export function UpdateControls({ cluster, namespace, name, object, pods, revisions, update, now, owner }: Props) {
  const access = useAccess({ cluster, namespace, resource: "clonesets", name }, PATCH);
  const { readOnly } = useSession();
  const uid = object.metadata.uid;
  const own = useMemo(() => controlledBy(pods, uid), [pods, uid]);
  const revs = useMemo(() => controlledBy(revisions, uid), [revisions, uid]);
  // Read-only: the writes are hidden below and the server's review always says no; previews stay usable.
  const disabled = readOnly ? undefined : accessDenial(KINDS.get("clonesets"), PATCH, access);
  const paused = !!object.spec.updateStrategy?.paused;
  const common = { cluster, namespace, name, object, disabled, readOnly };
  const updateRevision = object.status?.updateRevision;
  const [applied, setApplied] = useState<AppliedPartition | null>(null);
  const chosen = useMemo(() => {
    if (!applied || applied.updateRevision !== updateRevision) return null;
    const rows = own.map((p) => ({
      name: p.metadata.name ?? "",
      uid: p.metadata.uid ?? "",
      revision: p.metadata.labels?.[LABEL_REVISION_HASH] ?? "",
      terminating: !!p.metadata.deletionTimestamp,
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
        <PartitionControl {...common} pods={own} revisions={revs} now={now.getTime()} onApplied={setApplied} />
      )}
      <ReplicasControl {...common} pods={own} now={now.getTime()} rolloutName={owner?.name} />
      <StepProgress r={update} paused={paused} chosen={chosen} />
      {owner ? null : <PauseControl {...common} />}
      {owner ? null : <LimitsControl {...common} />}
      <RevisionCompare
        {...common}
        pods={own}
        revisions={revs}
        now={now.getTime()}
        updateRevision={updateRevision}
        rolloutOwner={owner?.rollback}
      />
    </section>
  );
}
