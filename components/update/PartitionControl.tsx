"use client";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { movablePods, type PartitionPreview } from "@/lib/kruise/order/preview";
import { isPodOnRevision } from "@/lib/kruise/core/pod-state";
import type { ControllerRevision, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { PartitionPreviewView } from "./PartitionPreviewView";
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
  /** the workload's own pods */
  pods: Pod[];
  /** the cluster's nodes, for a kind laid out by node */
  nodes?: readonly Node[];
  /** the workload's own revisions: whether a pod moves in place or is recreated depends on the change between them */
  revisions?: ControllerRevision[];
  now: number;
  disabled?: string;
  /** read-only console: preview only, no Show request / Apply */
  readOnly?: boolean;
  /** after a successful Apply: what was on the update revision then, and what the preview allowed */
  onApplied?: (a: AppliedPartition) => void;
}

/** The moment of a partition Apply, so the step view can show which pods Kruise then chose. */
export interface AppliedPartition {
  updateRevision: string;
  /** uids of pods already on the update revision */
  before: string[];
  /** every pod the preview allowed to move (exact, tie groups, hook-held) */
  allowed: string[];
  expected: number;
}

function appliedFrom(rev: string, pods: Pod[], p: PartitionPreview): AppliedPartition {
  return {
    updateRevision: rev,
    before: pods.filter((x) => rev && isPodOnRevision(x, rev)).map((x) => x.metadata.uid ?? ""),
    allowed: movablePods(p.willMove),
    expected: p.moveCount,
  };
}

/**
 * Partition slider + text field with a live preview by the kind's own rules (its lens's partition model: a CloneSet's
 * pods kept, an Advanced StatefulSet's ordinal, an Advanced DaemonSet's nodes); nothing is sent before Apply.
 */
export function PartitionControl({
  cluster,
  namespace,
  resource,
  name,
  object,
  lens,
  pods,
  nodes,
  revisions,
  now,
  disabled,
  readOnly,
  onApplied,
}: Props) {
  const intent = useUpdateIntent(cluster, namespace, resource, name, object);
  const [text, setText] = useState<string | null>(null);
  // The preview orders every pod as Kruise would and simulates the rollout: with thousands of pods it follows the
  // pods and the typed value a render behind, in a render of its own, so the page and the field do not wait for it.
  const previewPods = useDeferredValue(pods);
  const model = useMemo(
    () => lens.partitionModel(object, { nodes, pods: previewPods, revisions }),
    [lens, object, nodes, previewPods, revisions],
  );
  const current = model.current;
  const shownText = text ?? current;
  const parsed = model.parse(shownText);
  const slider = model.position(parsed.ok ? parsed.value : current);
  const target = parsed.ok ? parsed.value : null;
  const previewTarget = useDeferredValue(target);
  const shown = useMemo(() => {
    if (previewTarget === null) return null;
    return model.detail ? model.detail(previewTarget, now) : { preview: model.preview(previewTarget, now) };
  }, [model, now, previewTarget]);
  const preview = shown && previewTarget === target ? shown.preview : null;
  // Captured at the Apply click, reported once the write succeeded.
  const pendingApply = useRef<AppliedPartition | null>(null);
  useEffect(() => {
    if (intent.done && pendingApply.current) {
      onApplied?.(pendingApply.current);
      pendingApply.current = null;
    }
  }, [intent.done, onApplied]);
  const unchanged = parsed.ok && String(parsed.value) === current && text !== null;
  const edit = (t: string) => {
    intent.touch();
    setText(t);
  };
  const repreview = () => {
    intent.reset();
    setText(null);
  };
  const value = parsed.ok ? parsed.value : null;
  // Apply sends what the preview showed: it waits while the preview still shows another value.
  const blocked = !!disabled || !parsed.ok || value === null || unchanged || intent.pending || !preview;
  return (
    <div data-testid="partition-control">
      <h3>
        Partition <span className="muted small">({model.meaning})</span>
      </h3>
      <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
        <input
          type="range"
          min={0}
          max={model.max}
          step={1}
          value={slider}
          aria-label={model.sliderLabel}
          disabled={!!disabled}
          onChange={(e) => edit(e.target.value)}
          style={{ width: 280 }}
        />
        <label>
          Partition value{" "}
          <input
            type="text"
            value={shownText}
            aria-label={model.textLabel}
            disabled={!!disabled}
            onChange={(e) => edit(e.target.value)}
            style={{ width: 80 }}
            aria-invalid={!parsed.ok}
            aria-describedby="partition-msg"
          />
        </label>
        {model.presets.map((p) => (
          <button key={p.label} type="button" disabled={!!disabled} onClick={() => edit(String(p.value))}>
            {p.label}
          </button>
        ))}
      </div>
      <div id="partition-msg">
        {!parsed.ok ? (
          <div className="callout bad" role="alert" data-testid="partition-invalid">
            {parsed.error}
          </div>
        ) : null}
        {parsed.ok && parsed.note ? (
          <div className="callout info" data-testid="partition-note">
            {parsed.note}
          </div>
        ) : null}
      </div>
      {shown ? (
        <PartitionPreviewView
          m={shown}
          unit={model.unit}
          targetField={model.targetField}
          value={String(previewTarget)}
          stale={previewTarget !== target}
        />
      ) : null}
      <div style={{ display: "flex", gap: 8, marginTop: 8 }}>
        {readOnly ? null : (
          <>
            <button
              type="button"
              disabled={blocked}
              onClick={() => value !== null && intent.showRequest({ action: "partition", value })}
            >
              Show request
            </button>
            <button
              type="button"
              disabled={blocked}
              title={disabled}
              onClick={() => {
                if (value === null) return;
                pendingApply.current = preview ? appliedFrom(model.updateRevision, pods, preview) : null;
                const shownMoves = pendingApply.current
                  ? { count: pendingApply.current.expected, pods: pendingApply.current.allowed }
                  : undefined;
                intent.apply(
                  { action: "partition", value, moves: shownMoves },
                  `Partition ${String(intent.shown?.partition ?? current)} → ${String(value)} applied`,
                );
              }}
            >
              Apply partition
            </button>
          </>
        )}
        {text !== null ? (
          <button type="button" onClick={repreview}>
            Reset
          </button>
        ) : null}
      </div>
      {disabled && !readOnly ? (
        <div className="muted small" data-testid="disabled-reason">
          {disabled}
        </div>
      ) : null}
      {intent.request ? <RequestView request={intent.request} /> : null}
      {intent.error ? <WriteError error={intent.error} onRepreview={intent.reset} /> : null}
      {intent.done ? (
        <div className="callout info" role="status" data-testid="applied">
          {intent.done}
        </div>
      ) : null}
    </div>
  );
}
