"use client";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { movablePods, partitionPresets, type PartitionPreview } from "@/lib/kruise/order/preview";
import { partitionPreviewModel } from "@/lib/kruise/view/partition-preview";
import { isPodOnRevision } from "@/lib/kruise/core/pod-state";
import { parsePartitionInput } from "@/lib/kruise/order/preview-input";
import { partitionReplicas } from "@/lib/kruise/core/partition";
import type { CloneSet, ControllerRevision, Pod } from "@/lib/k8s/objects";
import { PartitionPreviewView } from "./PartitionPreviewView";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { useUpdateIntent } from "./useUpdateIntent";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: CloneSet;
  pods: Pod[];
  /** the CloneSet's own revisions: whether a pod moves in place or is recreated depends on the change between them */
  revisions: ControllerRevision[];
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

function appliedFrom(cs: CloneSet, pods: Pod[], p: PartitionPreview): AppliedPartition {
  const rev = cs.status?.updateRevision ?? "";
  return {
    updateRevision: rev,
    before: pods.filter((x) => rev && isPodOnRevision(x, rev)).map((x) => x.metadata.uid ?? ""),
    allowed: movablePods(p.willMove),
    expected: p.moveCount,
  };
}

const str = (v: unknown) => (v === undefined || v === null ? "0" : String(v));

/** Partition slider + text field with a live preview; nothing is sent before Apply. */
export function PartitionControl({
  cluster,
  namespace,
  name,
  object,
  pods,
  revisions,
  now,
  disabled,
  readOnly,
  onApplied,
}: Props) {
  const cs = object;
  const replicas = cs.spec.replicas ?? 1;
  const current = cs.spec.updateStrategy?.partition;
  const intent = useUpdateIntent(cluster, namespace, name, object);
  const [text, setText] = useState<string | null>(null);
  const shownText = text ?? str(current);
  const parsed = parsePartitionInput(shownText, replicas);
  const slider = parsed.ok
    ? partitionReplicas(parsed.value, replicas).value
    : partitionReplicas(current, replicas).value;
  const target = parsed.ok ? parsed.value : null;
  // The preview orders every pod as Kruise would and simulates the rollout: with thousands of pods it follows the
  // pods and the typed value a render behind, in a render of its own, so the page and the field do not wait for it.
  const previewPods = useDeferredValue(pods);
  const previewTarget = useDeferredValue(target);
  const model = useMemo(
    () => (previewTarget === null ? null : partitionPreviewModel(cs, previewPods, revisions, previewTarget, now)),
    [cs, previewPods, revisions, now, previewTarget],
  );
  const preview = model && previewTarget === target ? model.preview : null;
  // Captured at the Apply click, reported once the write succeeded.
  const pendingApply = useRef<AppliedPartition | null>(null);
  useEffect(() => {
    if (intent.done && pendingApply.current) {
      onApplied?.(pendingApply.current);
      pendingApply.current = null;
    }
  }, [intent.done, onApplied]);
  const unchanged = parsed.ok && String(parsed.value) === str(current) && text !== null;
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
        Partition{" "}
        <span className="muted small">
          (pods kept on old revisions; now {str(current)} of {replicas})
        </span>
      </h3>
      <div style={{ display: "flex", gap: 12, alignItems: "center", flexWrap: "wrap" }}>
        <input
          type="range"
          min={0}
          max={replicas}
          step={1}
          value={slider}
          aria-label={`Partition (0 to ${replicas})`}
          disabled={!!disabled}
          onChange={(e) => edit(e.target.value)}
          style={{ width: 280 }}
        />
        <label>
          Partition value{" "}
          <input
            type="text"
            value={shownText}
            aria-label="Partition value (integer or percentage)"
            disabled={!!disabled}
            onChange={(e) => edit(e.target.value)}
            style={{ width: 80 }}
            aria-invalid={!parsed.ok}
            aria-describedby="partition-msg"
          />
        </label>
        {partitionPresets(replicas).map((p) => (
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
      {model ? <PartitionPreviewView m={model} /> : null}
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
                pendingApply.current = preview ? appliedFrom(cs, pods, preview) : null;
                const shownMoves = pendingApply.current
                  ? { count: pendingApply.current.expected, pods: pendingApply.current.allowed }
                  : undefined;
                intent.apply(
                  { action: "partition", value, moves: shownMoves },
                  `Partition ${str(intent.shown?.partition ?? current)} → ${String(value)} applied`,
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
