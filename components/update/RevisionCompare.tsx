"use client";
import { useMemo, useState } from "react";
import type { ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import type { RollbackPrediction } from "@/lib/kruise/order/rollback";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
// The modules themselves, not the lib/patch index: the index also brings the YAML editor's parser (~100 KB) into the
// detail page's first load.
import { asJsonObject, type JsonObject } from "@/lib/patch/json";
import { diffObjects, type FieldDiff } from "@/lib/patch/diff";
import { predictInPlace } from "@/lib/patch/inplace-prediction";
import { revisionTemplate } from "@/lib/patch/update";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { useUpdateIntent } from "./useUpdateIntent";

interface Props {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
  object: K8sObject;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kind's lens reads its own object type
  lens: WorkloadLens<any>;
  /** the workload's own pods, and the nodes for a kind laid out by node: its rollback prediction reads them */
  pods: Pod[];
  nodes?: readonly Node[];
  revisions: ControllerRevision[];
  updateRevision?: string;
  disabled?: string;
  readOnly?: boolean;
  /** what a Kruise Rollout owning the CloneSet will do after a rollback to this revision */
  rolloutNote?: (revision: string) => string | undefined;
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

/** Which pods a rollback moves, and how; which stay (docs/kruise-rules.md §13.10, §14.10). */
function RollbackMoves({ p }: { p: RollbackPrediction }) {
  const how = { "in-place": "in place", recreate: "recreated", blocked: "blocked (InPlaceOnly)" } as const;
  return (
    <div data-testid="rollback-prediction" data-revision={p.revision}>
      <p>
        {p.revision} comes back as revision #{p.revisionNumber}.{" "}
        {p.moves.length === 0
          ? "No pod moves."
          : `${p.moves.length} ${p.moves.length === 1 ? "pod moves" : "pods move"}, in this order:`}
      </p>
      {p.moves.length ? (
        <ol className="mono small" data-testid="rollback-moves">
          {p.moves.map((m) => (
            <li key={m.pod} data-testid="rollback-move" data-name={m.pod} data-how={m.how}>
              {m.pod}
              {m.node ? ` on ${m.node}` : ""} — {how[m.how]}
            </li>
          ))}
        </ol>
      ) : null}
      {p.alreadyThere.length ? (
        <p className="small" data-testid="rollback-there">
          Already on it: <span className="mono">{p.alreadyThere.join(", ")}</span>
        </p>
      ) : null}
      {p.kept.length ? (
        <p className="small" data-testid="rollback-kept">
          Kept where they are: <span className="mono">{p.kept.join(", ")}</span>
        </p>
      ) : null}
      {p.notes.map((n) => (
        <div key={n} className="small muted">
          • {n}
        </div>
      ))}
    </div>
  );
}

/** Compare any two revisions, and roll back like `kubectl kruise rollout undo` with a preview. */
export function RevisionCompare({
  cluster,
  namespace,
  resource,
  name,
  object,
  lens,
  pods,
  nodes,
  revisions,
  updateRevision,
  disabled,
  readOnly,
  rolloutNote,
}: Props) {
  const sorted = useMemo(
    () => [...revisions].sort((a, b) => Number(b.revision ?? 0) - Number(a.revision ?? 0)),
    [revisions],
  );
  const names = sorted.map((r) => r.metadata.name);
  const [leftName, setLeft] = useState<string | null>(null);
  const [rightName, setRight] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const intent = useUpdateIntent(cluster, namespace, resource, name, object, true);
  const left = leftName ?? names[1] ?? names[0];
  const right = rightName ?? updateRevision ?? names[0];
  const byName = (n: string | undefined) => sorted.find((r) => r.metadata.name === n);
  const rows = useMemo(() => diffObjects(tpl(byName(left)), tpl(byName(right))), [left, right, sorted]); // eslint-disable-line react-hooks/exhaustive-deps
  const target = byName(left);
  const json = asJsonObject(object);
  const spec = asJsonObject(json.spec ?? {});
  const rolled = { ...json, spec: { ...spec, template: tpl(target) } };
  const change = useMemo(
    () => diffObjects({ template: (spec.template ?? {}) as JsonObject }, { template: tpl(target) }),
    [spec.template, target],
  );
  const prediction = target ? predictInPlace(json, rolled) : null;
  const moves = useMemo(
    () => (target && lens.rollback ? lens.rollback(object, { nodes, pods }, sorted, target) : null),
    [target, lens, object, nodes, pods, sorted],
  );
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
              setConfirming(true);
            }}
          >
            Roll back to this revision ({left})
          </button>
          {confirming ? (
            <div className="callout warn" data-testid="rollback-preview">
              <strong>Roll back the pod template to {left}</strong>
              <TemplateDiff rows={change} left="now" right={left ?? ""} />
              {moves ? (
                <RollbackMoves p={moves} />
              ) : prediction ? (
                <p data-testid="rollback-mode">
                  {prediction.mode === "in-place" ? "In place: " : prediction.mode === "recreate" ? "Recreate: " : ""}
                  {prediction.summary}
                </p>
              ) : null}
              {left && rolloutNote?.(left) ? <p data-testid="rollback-rollout-note">{rolloutNote(left)}</p> : null}
              <button
                type="button"
                disabled={intent.pending}
                onClick={() => intent.showRequest({ action: "rollback", value: left })}
              >
                Show request
              </button>{" "}
              <button
                type="button"
                disabled={intent.pending || !!disabled}
                onClick={() => {
                  intent.apply({ action: "rollback", value: left }, `Rolled back to ${left}`);
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
