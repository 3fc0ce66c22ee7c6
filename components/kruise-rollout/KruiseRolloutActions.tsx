"use client";
import { useState } from "react";
import type { Rollout } from "@/lib/k8s/objects";
import type { Precondition } from "@/lib/kruise/kruise-rollout/actions";
import type { RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import { useAccessDenial, type AccessTarget } from "@/lib/client/access";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { ConfirmDialog } from "@/components/actions/ConfirmDialog";
import styles from "@/components/actions/actions.module.css";
import { useKruiseRolloutActionState, type ActionInput, type KruiseRolloutActionState } from "./useKruiseRolloutAction";

interface Props {
  cluster: string;
  namespace: string;
  cloneSet: string;
  kind?: RolloutWorkloadKind;
  rollout: Rollout;
  view: KruiseRolloutView;
  readOnly: boolean;
}

function ActionRow({
  label,
  input,
  check,
  denied,
  doneText,
  s,
  tone = "neutral",
  confirm = false,
}: {
  label: string;
  input: ActionInput;
  check: Precondition;
  denied?: string;
  doneText: string;
  s: KruiseRolloutActionState;
  /** approve is the primary action; disable and jump are destructive and ask once */
  tone?: "primary" | "neutral" | "destructive";
  confirm?: boolean;
}) {
  const key = `${input.action}${input.to ?? ""}`;
  const why = denied ?? (check.ok ? undefined : check.reason);
  const testId = `rollout-action-${input.action}`;
  const [asking, setAsking] = useState(false);
  const effect = check.ok ? `${check.effect[0].toUpperCase()}${check.effect.slice(1)}.` : "";
  return (
    <div data-testid={testId} style={{ marginBottom: 8 }}>
      <button
        type="button"
        className={styles[tone]}
        disabled={!!why || s.pending}
        title={why}
        onClick={() => (confirm ? setAsking(true) : s.apply(input, doneText))}
      >
        {confirm ? `${label}…` : label}
      </button>{" "}
      {confirm ? (
        <ConfirmDialog
          open={asking}
          title={`${label}?`}
          effect={effect}
          confirmLabel={label}
          tone={tone}
          pending={s.pending}
          onCancel={() => setAsking(false)}
          onShowRequest={() => s.preview(input)}
          onConfirm={() => {
            s.apply(input, doneText);
            setAsking(false);
          }}
          footer={
            s.shown?.key === key ? (
              <RequestView request={s.shown.answer.request} title={`Request that ${label} will send`} />
            ) : null
          }
        />
      ) : null}
      <button type="button" disabled={s.pending} onClick={() => s.preview(input)}>
        Show request
      </button>{" "}
      <span className="small muted" data-testid={`${testId}-why`}>
        {why ? `Unavailable: ${why}` : check.ok ? `Effect: ${check.effect}.` : null}
      </span>
      {s.shown?.key === key && !asking ? <RequestView request={s.shown.answer.request} /> : null}
      {s.error?.key === key ? <WriteError error={s.error.error} onRepreview={() => s.preview(input)} /> : null}
    </div>
  );
}

/**
 * The Rollout's controls: approve, pause/resume, jump, disable. Each shows the exact request first, is disabled
 * with the reason when RBAC (SelfSubjectAccessReview) or the Rollout's state says no, and goes through the
 * console's write gate. Hidden in read-only mode.
 */
export function KruiseRolloutActions({ cluster, namespace, cloneSet, kind, rollout, view, readOnly }: Props) {
  const target: AccessTarget = { cluster, namespace, resource: "rollouts", name: rollout.metadata.name };
  const ask = !readOnly && !!view.actions;
  // approve and jump write the Rollout's /status; pause, resume and disable its spec (lib/kinds/kruise-rollout.ts)
  const statusDenied = useAccessDenial(target, { verb: "patch", subresource: "status" }, ask);
  const specDenied = useAccessDenial(target, { verb: "patch" }, ask);
  const s = useKruiseRolloutActionState(cluster, namespace, cloneSet, rollout, kind);
  const [to, setTo] = useState<number | null>(null);
  if (readOnly || !view.actions) return null;
  const a = view.actions;
  const paused = rollout.spec.strategy.paused === true;
  const step = view.strip?.current ?? 0;
  // Default to a step a jump really moves to: not the current one (a re-run) when another is possible.
  const jump =
    view.jumps.find((j) => j.step === to) ??
    view.jumps.find((j) => j.check.ok && j.step !== step) ??
    view.jumps.find((j) => j.check.ok);
  return (
    <div data-testid="rollout-actions">
      <h3 style={{ margin: "12px 0 6px" }}>Actions on the Rollout</h3>
      {/* Approve and jump act on a release in flight: after it completed there is no step to leave. */}
      {view.inFlight ? (
        <ActionRow
          label={`Approve step ${step}`}
          input={{ action: "approve" }}
          check={a.approve}
          denied={statusDenied}
          doneText={`Step ${step} approved`}
          s={s}
          tone="primary"
        />
      ) : null}
      <ActionRow
        label={paused ? "Resume Rollout" : "Pause Rollout"}
        input={{ action: paused ? "resume" : "pause" }}
        check={paused ? a.resume : a.pause}
        denied={specDenied}
        doneText={paused ? "Rollout resumed" : "Rollout paused"}
        s={s}
      />
      {jump && view.inFlight ? (
        <div style={{ display: "flex", gap: 8, alignItems: "baseline", flexWrap: "wrap" }}>
          <label>
            Jump to step{" "}
            <select value={jump.step} onChange={(e) => setTo(Number(e.target.value))} aria-label="Step to jump to">
              {view.jumps.map((j) => (
                <option key={j.step} value={j.step}>
                  {j.step}
                </option>
              ))}
            </select>
          </label>
          <ActionRow
            label={`Jump to step ${jump.step}`}
            input={{ action: "jump", to: jump.step }}
            check={jump.check}
            denied={statusDenied}
            doneText={`Jump to step ${jump.step} sent`}
            s={s}
            tone="destructive"
            confirm
          />
        </div>
      ) : null}
      <ActionRow
        label="Disable Rollout"
        input={{ action: "disable" }}
        check={a.disable}
        denied={specDenied}
        doneText="Rollout disabled"
        s={s}
        tone="destructive"
        confirm
      />
      {s.done ? (
        <div className="callout info" role="status" data-testid="rollout-action-done">
          {s.done}
        </div>
      ) : null}
    </div>
  );
}
