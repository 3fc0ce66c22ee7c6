"use client";
import { useCallback, useState, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import type { ApiErrorBody, IntentOutcome, ResourceName, WireRequest } from "@/lib/k8s/wire";
import { KINDS, type AccessNeed } from "@/lib/kinds";
import type { ActionBarView, BarAction } from "@/lib/kruise/view/actions";
import { isWriteFailure, postJson, type ApiError } from "@/lib/client/api";
import { useAccessDenial } from "@/lib/client/access";
import { api } from "@/lib/urls";
import { RequestView, WriteError } from "@/components/ui/RequestView";
import { ConfirmDialog } from "./ConfirmDialog";
import styles from "./actions.module.css";

/** One write an action sends: a write the kind's home offers on one object (docs/architecture.md §4). */
export interface BarRequest {
  resource: ResourceName;
  name: string;
  write: string;
  body: Record<string, unknown>;
}

/** A choice the dialog offers (a rollback: every pod, or keep the partition). */
export interface BarChoice {
  everyPod: boolean;
}

/**
 * How one kind's page sends the bar's actions: the object and permission each needs, the request (from what the
 * page showed when the user opened the action, `snapshot`), and what the dialog shows beyond the effect.
 */
export interface BarAdapter<S = unknown> {
  cluster: string;
  namespace: string;
  target(a: BarAction): { resource: ResourceName; name: string; write: string; need: AccessNeed };
  /** what the page shows now: frozen when the user opens an action, so the request guards what they saw */
  snapshot(): S;
  request(a: BarAction, snapshot: S, choice: BarChoice): BarRequest;
  details?(a: BarAction, snapshot: S, choice: BarChoice, choose: (c: BarChoice) => void): ReactNode;
  /** the words the bar shows once an action went through */
  doneText(a: BarAction, choice: BarChoice): string;
  /** what the action will do under the dialog's choice, when that changes it (default: the action's effect) */
  effect?(a: BarAction, choice: BarChoice): string;
}

type Answer = { key: string; request?: WireRequest; error?: ApiErrorBody };

const sentence = (s: string) => `${s[0].toUpperCase()}${s.slice(1)}.`;

function useBarWrite(cluster: string, namespace: string) {
  return useMutation<IntentOutcome, ApiError, BarRequest & { preview: boolean }>({
    mutationFn: (r, ctx) =>
      postJson<IntentOutcome>(ctx.client, api.write(cluster, namespace, r.resource, r.name, r.write), {
        ...r.body,
        preview: r.preview,
      }),
  });
}

function BarButton<S>({
  a,
  adapter,
  busy,
  onUse,
  onRequest,
}: {
  a: BarAction;
  adapter: BarAdapter<S>;
  busy: boolean;
  onUse: () => void;
  onRequest: () => void;
}) {
  const t = adapter.target(a);
  const denied = useAccessDenial({ cluster: adapter.cluster, namespace: adapter.namespace, ...t }, t.need);
  const why = a.unavailable ?? denied;
  const label = a.confirm ? `${a.label}…` : a.label;
  return (
    <span className={styles.group} data-testid={`bar-${a.id}`} data-tone={a.tone}>
      <button
        type="button"
        className={styles[a.tone]}
        disabled={!!why || busy}
        title={why ? `Unavailable: ${why}` : a.effect}
        onClick={onUse}
      >
        {label}
      </button>
      {a.confirm ? null : (
        <button
          type="button"
          className={styles.request}
          disabled={busy}
          title={`The request ${a.label} sends`}
          aria-label={`Show the request ${a.label} sends`}
          onClick={onRequest}
        >
          {"Request"}
        </button>
      )}
    </span>
  );
}

/**
 * The action bar at the top of a workload's page: its state in the page's one vocabulary and what can be done now
 * (lib/kruise/view/actions.ts). An action the kind's home does not offer is left out; one the user may not use is
 * disabled with the reason. Destructive actions ask once in a dialog with the exact request one click away; the
 * others send at once, their request one click away beside them.
 */
export function ActionBar<S>({
  view,
  adapter,
  state,
}: {
  view: ActionBarView;
  adapter: BarAdapter<S>;
  state: ReactNode;
}) {
  const m = useBarWrite(adapter.cluster, adapter.namespace);
  const [asking, setAsking] = useState<{ a: BarAction; snapshot: S } | null>(null);
  const [choice, setChoice] = useState<BarChoice>({ everyPod: true });
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const offered = view.actions.filter((a) => {
    const t = adapter.target(a);
    return Object.hasOwn(KINDS.get(t.resource).writes, t.write);
  });
  const send = (a: BarAction, snapshot: S, preview: boolean, c: BarChoice) => {
    const key = `${a.id}${a.to ?? ""}`;
    setDone(null);
    m.mutate(
      { ...adapter.request(a, snapshot, c), preview },
      {
        onSuccess: (out) => {
          if (isWriteFailure(out)) return setAnswer({ key, error: out });
          if (preview) return setAnswer({ key, request: out.request });
          setAnswer(null);
          setAsking(null);
          setDone(adapter.doneText(a, c));
        },
        onError: (e) => setAnswer({ key, error: e }),
      },
    );
  };
  const cancel = useCallback(() => {
    setAsking(null);
    setAnswer(null);
  }, []);
  const open = (a: BarAction) => {
    setAnswer(null);
    setDone(null);
    if (!a.confirm) return send(a, adapter.snapshot(), false, choice);
    setChoice({ everyPod: true });
    setAsking({ a, snapshot: adapter.snapshot() });
  };
  // A request shown for the other choice no longer says what Confirm sends.
  const choose = (c: BarChoice) => {
    setChoice(c);
    setAnswer(null);
  };
  const keyOf = (a: BarAction) => `${a.id}${a.to ?? ""}`;
  const inline = answer && !asking ? answer : null;
  const dialogAnswer = answer && asking && answer.key === keyOf(asking.a) ? answer : null;
  return (
    <section className={styles.bar} aria-label="Actions" data-testid="action-bar">
      <div className={styles.state}>{state}</div>
      <div className={styles.buttons} role="group" aria-label="What you can do now">
        {offered.map((a) => (
          <BarButton
            key={keyOf(a)}
            a={a}
            adapter={adapter}
            busy={m.isPending}
            onUse={() => open(a)}
            onRequest={() => send(a, adapter.snapshot(), true, choice)}
          />
        ))}
      </div>
      {inline?.request ? (
        <div className={styles.status}>
          <RequestView request={inline.request} title="Request this action sends" />
        </div>
      ) : null}
      {inline?.error ? (
        <div className={styles.status}>
          <WriteError error={inline.error} onRepreview={() => setAnswer(null)} />
        </div>
      ) : null}
      {done ? (
        <div className={`callout info ${styles.status}`} role="status" data-testid="bar-done">
          {done}
        </div>
      ) : null}
      <ConfirmDialog
        open={!!asking}
        title={asking ? `${asking.a.label}?` : ""}
        effect={asking ? sentence(adapter.effect?.(asking.a, choice) ?? asking.a.effect) : ""}
        confirmLabel={asking?.a.label ?? ""}
        tone={asking?.a.tone ?? "neutral"}
        pending={m.isPending}
        onCancel={cancel}
        onShowRequest={asking ? () => send(asking.a, asking.snapshot, true, choice) : undefined}
        onConfirm={() => asking && send(asking.a, asking.snapshot, false, choice)}
        footer={
          <>
            {dialogAnswer?.request ? (
              <RequestView
                request={dialogAnswer.request}
                title={`Request that ${asking?.a.label ?? "this"} will send`}
              />
            ) : null}
            {dialogAnswer?.error ? <WriteError error={dialogAnswer.error} onRepreview={cancel} /> : null}
          </>
        }
      >
        {asking ? adapter.details?.(asking.a, asking.snapshot, choice, choose) : null}
      </ConfirmDialog>
    </section>
  );
}
