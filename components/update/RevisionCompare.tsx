"use client";
import { useMemo, useState } from "react";
import { KINDS } from "@/lib/kinds";
import { diffObjects } from "@/lib/patch/diff";
import type { CloneSet } from "@/lib/k8s/objects";
import { RollbackEveryPod, RollbackTemplate, tpl, type RollbackProps } from "./RollbackActions";
import { TemplateDiff } from "./TemplateDiff";

export { TemplateDiff } from "./TemplateDiff";

type Props = Omit<RollbackProps, "target"> & {
  updateRevision?: string;
  readOnly?: boolean;
};

/**
 * Compare any two revisions, and roll back like `kubectl kruise rollout undo` with a prediction: through the kind's
 * own rollback write where its home offers one (a CloneSet's: every pod, or keep the partition), else through the
 * update write's rollback action with the kind's prediction of which pods move.
 */
export function RevisionCompare(p: Props) {
  const { revisions, updateRevision, readOnly } = p;
  const sorted = useMemo(
    () => [...revisions].sort((a, b) => Number(b.revision ?? 0) - Number(a.revision ?? 0)),
    [revisions],
  );
  const names = sorted.map((r) => r.metadata.name);
  const [leftName, setLeft] = useState<string | null>(null);
  const [rightName, setRight] = useState<string | null>(null);
  const left = leftName ?? names[1] ?? names[0];
  const right = rightName ?? updateRevision ?? names[0];
  const byName = (n: string | undefined) => sorted.find((r) => r.metadata.name === n);
  const rows = useMemo(() => diffObjects(tpl(byName(left)), tpl(byName(right))), [left, right, sorted]); // eslint-disable-line react-hooks/exhaustive-deps
  const target = byName(left);
  if (sorted.length === 0) return null;
  const select = (label: string, v: string | undefined, set: (s: string) => void) => (
    <label style={{ marginRight: 12 }}>
      {label}{" "}
      <select aria-label={label} value={v} onChange={(e) => set(e.target.value)}>
        {sorted.map((r) => (
          <option key={r.metadata.name} value={r.metadata.name}>
            #{String(r.revision)} {r.metadata.name}
            {r.metadata.name === updateRevision ? " (update)" : ""}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div data-testid="revision-compare">
      <h3>{readOnly ? "Compare revisions" : "Compare revisions and roll back"}</h3>
      {select("Left revision", left, setLeft)}
      {select("Right revision", right, setRight)}
      <TemplateDiff rows={rows} left={left ?? ""} right={right ?? ""} />
      {/* Keyed by the revision: choosing another one starts its rollback afresh (nothing confirmed, no request). */}
      {target && left !== updateRevision && !readOnly ? (
        KINDS.get(p.resource).writes.rollback ? (
          // Only a CloneSet's home offers the rollback write (lib/kinds/cloneset.ts); a stream's items may lack `kind`.
          <RollbackEveryPod
            key={left}
            {...p}
            object={p.object as unknown as CloneSet}
            revisions={sorted}
            target={target}
          />
        ) : (
          <RollbackTemplate key={left} {...p} revisions={sorted} target={target} />
        )
      ) : null}
    </div>
  );
}
