"use client";
import { useDeferredValue, useMemo, useState } from "react";
import type { Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { tieGroupText } from "@/lib/kruise/order/preview-text";
import type { ScalePreviewModel } from "@/lib/kruise/view/scale-preview";
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
  now: number;
  disabled?: string;
  readOnly?: boolean;
  /** a Kruise Rollout that owns the CloneSet: it recomputes its batch when replicas change */
  rolloutName?: string;
}

const INT = /^\d+$/;

function parseReplicas(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const t = text.trim();
  if (!INT.test(t))
    return { ok: false, error: `Replicas ${JSON.stringify(t.slice(0, 20))} is not a whole number (0 or more)` };
  return { ok: true, value: Number(t) };
}

/** Which pods a scale-in deletes, in Kruise's deletion order; ties as "k of these n" (docs/kruise-rules.md §4.3). */
function ScaleInPods({ m }: { m: ScalePreviewModel }) {
  const p = m.scaleIn;
  if (!p || p.deleteCount === 0) return null;
  return (
    <ol className="mono small" data-testid="scale-pods">
      {[...p.leaving, ...p.specified].map((x) => (
        <li key={x.name} data-testid="scale-pod" data-name={x.name}>
          {x.name} <span className="muted">(already marked or leaving: goes first)</span>
        </li>
      ))}
      {p.chosen.exact.map((x) => (
        <li key={x.name} data-testid="scale-pod" data-name={x.name}>
          {x.name}
        </li>
      ))}
      {p.chosen.ties.map((g) => (
        <li
          key={g.of.map((x) => x.name).join(",")}
          data-testid="scale-tie"
          data-count={g.count}
          data-of={g.of.map((x) => x.name).join(",")}
        >
          {tieGroupText(g)}: {g.of.map((x) => x.name).join(", ")}
        </li>
      ))}
    </ol>
  );
}

/** The pods a scale-out creates, where the kind names them (an Advanced StatefulSet's ordinals), and on which revision. */
function CreatedPods({ m }: { m: ScalePreviewModel }) {
  if (!m.createdPods?.length) return null;
  return (
    <ol className="mono small" data-testid="scale-created">
      {m.createdPods.map((x) => (
        <li key={x.name} data-testid="scale-new-pod" data-name={x.name} data-revision={x.revision}>
          {x.name} <span className="muted">(created at {x.revision})</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * spec.replicas with a preview: a scale-in names the pods that go, in Kruise's deletion order, a scale-out says where
 * its pods are created (lib/kruise/view/scale-preview.ts); the write is a guarded update intent (action replicas).
 */
export function ReplicasControl({
  cluster,
  namespace,
  resource,
  name,
  object,
  lens,
  pods,
  now,
  disabled,
  readOnly,
  rolloutName,
}: Props) {
  const current = (object.spec as { replicas?: number } | undefined)?.replicas ?? 1;
  const intent = useUpdateIntent(cluster, namespace, resource, name, object);
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? String(current);
  const parsed = parseReplicas(shown);
  const value = parsed.ok ? parsed.value : null;
  const deferred = useDeferredValue(value);
  const previewPods = useDeferredValue(pods);
  const model = useMemo(
    () => (deferred === null || deferred === current ? null : lens.scale!(object, previewPods, deferred, now)),
    [deferred, current, lens, object, previewPods, now],
  );
  const edit = (t: string) => {
    intent.touch();
    setText(t);
  };
  const blocked = !!disabled || value === null || value === current || intent.pending || deferred !== value;
  return (
    <div data-testid="replicas-control">
      <h3>
        Replicas <span className="muted small">(now {current})</span>
      </h3>
      <div style={{ display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" }}>
        <button
          type="button"
          disabled={!!disabled || value === null || value === 0}
          onClick={() => edit(String((value ?? current) - 1))}
          aria-label="One replica fewer"
        >
          −
        </button>
        <input
          type="text"
          inputMode="numeric"
          value={shown}
          aria-label="Replicas"
          aria-invalid={!parsed.ok}
          disabled={!!disabled}
          onChange={(e) => edit(e.target.value)}
          style={{ width: 70 }}
        />
        <button
          type="button"
          disabled={!!disabled || value === null}
          onClick={() => edit(String((value ?? current) + 1))}
          aria-label="One replica more"
        >
          +
        </button>
        {readOnly ? null : (
          <>
            <button
              type="button"
              disabled={blocked}
              onClick={() => value !== null && intent.showRequest({ action: "replicas", value })}
            >
              Show request
            </button>
            <button
              type="button"
              disabled={blocked}
              title={disabled}
              onClick={() =>
                value !== null && intent.apply({ action: "replicas", value }, `Replicas ${current} → ${value} applied`)
              }
            >
              Apply replicas
            </button>
          </>
        )}
        {text !== null ? (
          <button
            type="button"
            onClick={() => {
              intent.reset();
              setText(null);
            }}
          >
            Reset
          </button>
        ) : null}
      </div>
      {!parsed.ok ? (
        <div className="callout bad" role="alert">
          {parsed.error}
        </div>
      ) : null}
      {model ? (
        <div data-testid="scale-preview" data-direction={model.direction} aria-live="polite">
          <p>{model.text}</p>
          <ScaleInPods m={model} />
          <CreatedPods m={model} />
          {[...(model.scaleIn?.notes ?? []), ...(model.notes ?? [])].map((n) => (
            <div key={n} className="small muted">
              • {n}
            </div>
          ))}
          {rolloutName ? (
            <div className="small muted">
              • Kruise Rollout {rolloutName} recomputes its current batch for the new count.
            </div>
          ) : null}
        </div>
      ) : null}
      {intent.request ? <RequestView request={intent.request} /> : null}
      {intent.error ? <WriteError error={intent.error} onRepreview={intent.reset} /> : null}
      {intent.done ? (
        <div className="callout info" role="status" data-testid="replicas-applied">
          {intent.done}
        </div>
      ) : null}
    </div>
  );
}
