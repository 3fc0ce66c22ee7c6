"use client";
import { useState } from "react";
import { parseLimitInput } from "@/lib/kruise/order/preview-input";
import { previewLimits } from "@/lib/kruise/order/preview-limits";
import type { CloneSet, IntOrString } from "@/lib/k8s/objects";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { useUpdateIntent } from "./useUpdateIntent";

interface Props {
  cluster: string;
  namespace: string;
  name: string;
  object: CloneSet;
  disabled?: string;
  readOnly?: boolean;
}

/** Pause / resume (spec.updateStrategy.paused): the controller stops updating pods while paused. */
export function PauseControl({ cluster, namespace, name, object, disabled, readOnly }: Props) {
  const paused = !!object.spec.updateStrategy?.paused;
  const intent = useUpdateIntent(cluster, namespace, name, object);
  const action = paused ? "resume" : "pause";
  return (
    <div data-testid="pause-control">
      <p>
        The rollout is <strong data-testid="paused-state">{paused ? "paused" : "running"}</strong>.{" "}
        {readOnly ? null : (
          <button
            type="button"
            disabled={!!disabled || intent.pending}
            title={disabled}
            onClick={() => intent.apply({ action }, paused ? "Rollout resumed" : "Rollout paused")}
          >
            {paused ? "Resume rollout" : "Pause rollout"}
          </button>
        )}
      </p>
      {intent.error ? <WriteError error={intent.error} onRepreview={intent.reset} /> : null}
    </div>
  );
}

const str = (v: IntOrString | undefined) => (v === undefined ? "" : String(v));

/** maxUnavailable / maxSurge with validation and a preview of their rounding (docs/kruise-rules.md §3.3). */
export function LimitsControl({ cluster, namespace, name, object, disabled, readOnly }: Props) {
  const cs = object;
  const us = cs.spec.updateStrategy ?? {};
  const replicas = cs.spec.replicas ?? 1;
  const intent = useUpdateIntent(cluster, namespace, name, object);
  const [mu, setMu] = useState<string | null>(null);
  const [ms, setMs] = useState<string | null>(null);
  const muText = mu ?? str(us.maxUnavailable),
    msText = ms ?? str(us.maxSurge);
  const pMu = parseLimitInput(muText, "maxUnavailable", replicas),
    pMs = parseLimitInput(msText, "maxSurge", replicas);
  const errors = [pMu, pMs].flatMap((p) => (p.ok ? [] : [p.error]));
  const lp = pMu.ok && pMs.ok ? previewLimits(replicas, us, pMu.value, pMs.value) : null;
  if (lp) errors.push(...lp.errors);
  const notes = [pMu, pMs].flatMap((p) => (p.ok && "note" in p && p.note ? [p.note] : []));
  const value = {
    ...(mu !== null && pMu.ok ? { maxUnavailable: pMu.value } : {}),
    ...(ms !== null && pMs.ok ? { maxSurge: pMs.value } : {}),
  };
  const blocked = !!disabled || errors.length > 0 || Object.keys(value).length === 0 || intent.pending;
  const field = (label: string, text: string, set: (v: string) => void) => (
    <label style={{ marginRight: 12 }}>
      {label}{" "}
      <input
        type="text"
        value={text}
        placeholder="default"
        aria-label={label}
        disabled={!!disabled}
        style={{ width: 70 }}
        onChange={(e) => {
          intent.touch();
          set(e.target.value);
        }}
      />
    </label>
  );
  return (
    <div data-testid="limits-control">
      <h3>Update limits</h3>
      {field("maxUnavailable", muText, setMu)}
      {field("maxSurge", msText, setMs)}
      {errors.map((e) => (
        <div key={e} className="callout bad" role="alert">
          {e}
        </div>
      ))}
      {notes.map((n) => (
        <div key={n} className="callout warn">
          {n}
        </div>
      ))}
      {lp ? (
        <ul className="small" data-testid="limits-preview">
          {lp.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <>
          <button type="button" disabled={blocked} onClick={() => intent.showRequest({ action: "limits", value })}>
            Show request
          </button>{" "}
          <button
            type="button"
            disabled={blocked}
            onClick={() => intent.apply({ action: "limits", value }, "Update limits applied")}
          >
            Apply limits
          </button>
        </>
      )}
      {intent.request ? <RequestView request={intent.request} /> : null}
      {intent.error ? <WriteError error={intent.error} onRepreview={intent.reset} /> : null}
      {intent.done ? (
        <div className="callout info" role="status">
          {intent.done}
        </div>
      ) : null}
    </div>
  );
}
