"use client";
import { useMemo, useState } from "react";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { rollbackPreviewModel } from "@/lib/kruise/view/rollback-preview";
// The modules themselves, not the lib/patch index: the index also brings the YAML editor's parser (~100 KB) into the
// detail page's first load.
import { asJsonObject, type JsonObject } from "@/lib/patch/json";
import { diffObjects, type FieldDiff } from "@/lib/patch/diff";
import { revisionTemplate } from "@/lib/patch/update";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { RollbackChoice, type RollbackOwner } from "./RollbackChoice";
import { useRollbackIntent } from "./useRollbackIntent";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: CloneSet;
  /** the CloneSet's own pods and revisions */
  pods: Pod[];
  revisions: ControllerRevision[];
  now: number;
  updateRevision?: string;
  disabled?: string;
  readOnly?: boolean;
  /** what a Kruise Rollout owning the CloneSet will do after a rollback to this revision */
  rolloutOwner?: (revision: string) => RollbackOwner | undefined;
}

const fmt = (v: unknown) => (v === undefined ? "—" : typeof v === "string" ? v : JSON.stringify(v));
const tpl = (r: ControllerRevision | undefined) => (r ? (revisionTemplate(asJsonObject(r)) ?? {}) : {});

/** Side-by-side field table of two pod templates (lib/patch diffObjects: keyed lists by name). */
export function TemplateDiff({ rows, left, right }: { rows: FieldDiff[]; left: string; right: string }) {
  if (rows.length === 0) return <p className="muted">The pod templates are identical.</p>;
  return (
    <table data-testid="template-diff">
      <thead>
        <tr>
          <th>FIELD</th>
          <th>{left}</th>
          <th>{right}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => (
          <tr key={d.field}>
            <td className="mono small">{d.field}</td>
            <td className="mono small wrap">{fmt(d.before)}</td>
            <td className="mono small wrap">{fmt(d.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Compare any two revisions, and roll back like `kubectl kruise rollout undo` with a prediction that names the pods:
 * every pod by default (the template and partition 0 in one request), or the template alone, keeping the partition.
 */
export function RevisionCompare({
  cluster,
  namespace,
  name,
  object,
  pods,
  revisions,
  now,
  updateRevision,
  disabled,
  readOnly,
  rolloutOwner,
}: Props) {
  const sorted = useMemo(
    () => [...revisions].sort((a, b) => Number(b.revision ?? 0) - Number(a.revision ?? 0)),
    [revisions],
  );
  const names = sorted.map((r) => r.metadata.name);
  const [leftName, setLeft] = useState<string | null>(null);
  const [rightName, setRight] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [everyPod, setEveryPod] = useState(true);
  const intent = useRollbackIntent(cluster, namespace, name, object);
  const left = leftName ?? names[1] ?? names[0];
  const right = rightName ?? updateRevision ?? names[0];
  const byName = (n: string | undefined) => sorted.find((r) => r.metadata.name === n);
  const rows = useMemo(() => diffObjects(tpl(byName(left)), tpl(byName(right))), [left, right, sorted]); // eslint-disable-line react-hooks/exhaustive-deps
  const target = byName(left);
  const json = asJsonObject(object);
  const spec = asJsonObject(json.spec ?? {});
  const change = useMemo(
    () => diffObjects({ template: (spec.template ?? {}) as JsonObject }, { template: tpl(target) }),
    [spec.template, target],
  );
  // Simulated only while the rollback is being looked at: it runs Kruise's passes over every pod.
  const model = useMemo(
    () => (confirming && target ? rollbackPreviewModel(object, pods, revisions, target, now) : null),
    [confirming, target, object, pods, revisions, now],
  );
  const owner = left ? rolloutOwner?.(left) : undefined;
  // Under a Kruise Rollout the partition is the Rollout's: the template goes alone.
  const sendEveryPod = !owner && (everyPod || !model?.keepPartition);
  if (sorted.length === 0) return null;
  const select = (label: string, v: string | undefined, set: (s: string) => void) => (
    <label style={{ marginRight: 12 }}>
      {label}{" "}
      <select
        aria-label={label}
        value={v}
        onChange={(e) => {
          set(e.target.value);
          setConfirming(false);
          intent.reset();
        }}
      >
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
      {target && left !== updateRevision && !readOnly ? (
        <div style={{ marginTop: 8 }}>
          <button
            type="button"
            disabled={!!disabled}
            title={disabled}
            onClick={() => {
              intent.touch();
              setEveryPod(true);
              setConfirming(true);
            }}
          >
            Roll back to this revision ({left})
          </button>
          {confirming && model ? (
            <div className="callout warn" data-testid="rollback-preview">
              <strong>Roll back the pod template to {left}</strong>
              <TemplateDiff rows={change} left="now" right={left ?? ""} />
              <RollbackChoice model={model} everyPod={everyPod} onChoose={setEveryPod} owner={owner} />
              <button type="button" disabled={intent.pending} onClick={() => intent.showRequest(left!, sendEveryPod)}>
                Show request
              </button>{" "}
              <button
                type="button"
                disabled={intent.pending || !!disabled}
                onClick={() => {
                  intent.apply(
                    left!,
                    sendEveryPod,
                    sendEveryPod ? `Rolled back every pod to ${left}` : `Rolled back the template to ${left}`,
                  );
                  setConfirming(false);
                }}
              >
                Confirm rollback
              </button>{" "}
              <button
                type="button"
                onClick={() => {
                  setConfirming(false);
                  intent.reset();
                }}
              >
                Cancel
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      {intent.request && confirming ? <RequestView request={intent.request} /> : null}
      {intent.error ? (
        <WriteError
          error={intent.error}
          onRepreview={() => {
            intent.reset();
            setConfirming(false);
          }}
        />
      ) : null}
      {intent.done ? (
        <div className="callout info" role="status" data-testid="rollback-done">
          {intent.done}
        </div>
      ) : null}
    </div>
  );
}
