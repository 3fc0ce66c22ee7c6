"use client";
import { useState } from "react";
import { parseLimitInput } from "@/lib/kruise/order/preview-input";
import type { IntOrString, Node, Pod } from "@/lib/k8s/objects";
import type { K8sObject, ResourceName } from "@/lib/k8s/wire";
import { KINDS } from "@/lib/kinds";
import { updateBaseOf } from "@/lib/kruise/core/update-base";
import type { WorkloadLens } from "@/lib/kruise/view/workload";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { useUpdateIntent } from "./useUpdateIntent";

interface Props {
  cluster: string;
  namespace: string;
  resource: ResourceName;
  name: string;
  object: K8sObject;
  disabled?: string;
  readOnly?: boolean;
}

/** The strategy fields as set: where the kind's home says they are (a CloneSet's or a rollingUpdate's). */
const strategyOf = (resource: ResourceName, object: K8sObject) =>
  updateBaseOf(object, false, KINDS.get(resource).strategy?.path);

/** Pause / resume (`paused` in the kind's update strategy): the controller stops updating pods while paused. */
export function PauseControl({ cluster, namespace, resource, name, object, disabled, readOnly }: Props) {
  const paused = !!strategyOf(resource, object).paused;
  const intent = useUpdateIntent(cluster, namespace, resource, name, object);
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

interface LimitsProps extends Props {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kind's lens reads its own object type
  lens: WorkloadLens<any>;
  pods: Pod[];
  nodes?: readonly Node[];
}

/**
 * The limits the kind has (maxUnavailable, and maxSurge where it has one) with validation and what they will do by
 * its rules (docs/kruise-rules.md §3.3, §13.5, §14.5).
 */
export function LimitsControl(p: LimitsProps) {
  const { cluster, namespace, resource, name, object, disabled, readOnly, lens } = p;
  const limits = KINDS.get(resource).strategy?.limits ?? ["maxUnavailable", "maxSurge"];
  const set = strategyOf(resource, object);
  const replicas = lens.shape(object, { nodes: p.nodes }).spec?.replicas ?? 1;
  const intent = useUpdateIntent(cluster, namespace, resource, name, object);
  const [mu, setMu] = useState<string | null>(null);
  const [ms, setMs] = useState<string | null>(null);
  const hasSurge = limits.includes("maxSurge");
  const muText = mu ?? str(set.maxUnavailable),
    msText = ms ?? str(set.maxSurge);
  const pMu = parseLimitInput(muText, "maxUnavailable", replicas),
    pMs = hasSurge ? parseLimitInput(msText, "maxSurge", replicas) : ({ ok: true, value: null } as const);
  const errors = [pMu, pMs].flatMap((x) => (x.ok ? [] : [x.error]));
  const lp =
    pMu.ok && pMs.ok
      ? lens.limitsNotes(object, { nodes: p.nodes, pods: p.pods }, { maxUnavailable: pMu.value, maxSurge: pMs.value })
      : null;
  if (lp) errors.push(...lp.errors);
  const notes = [pMu, pMs].flatMap((x) => (x.ok && "note" in x && x.note ? [x.note] : []));
  const value = {
    ...(mu !== null && pMu.ok ? { maxUnavailable: pMu.value } : {}),
    ...(ms !== null && pMs.ok ? { maxSurge: pMs.value } : {}),
  };
  const blocked = !!disabled || errors.length > 0 || Object.keys(value).length === 0 || intent.pending;
  const field = (label: string, text: string, setText: (v: string) => void) => (
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
          setText(e.target.value);
        }}
      />
    </label>
  );
  return (
    <div data-testid="limits-control">
      <h3>Update limits</h3>
      {field("maxUnavailable", muText, setMu)}
      {hasSurge ? field("maxSurge", msText, setMs) : null}
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
