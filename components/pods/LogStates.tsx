"use client";
import type { ReactNode } from "react";
import type { ApiErrorBody } from "@/lib/k8s/wire";
import { ErrorPanel } from "@/components/ui/ErrorPanel";

/** One designed state in the log's place: what happened, in words, and what the user can do. */
function State({
  tone,
  title,
  children,
  testId,
}: {
  tone: string;
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className={`log-state ${tone}`} role={tone === "bad" ? "alert" : "status"} data-testid={testId}>
      <strong>{title}</strong>
      {children}
    </div>
  );
}

export function LogLoading({ container }: { container: string }) {
  return (
    <div className="log-state" aria-busy="true" data-testid="log-loading">
      <span className="sr-only">Opening the log of {container}…</span>
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="skeleton" style={{ width: `${85 - (i % 3) * 20}%` }} />
      ))}
    </div>
  );
}

/** The user may not read this log: say why, and what to ask for. */
export function LogDenied({ reason, namespace }: { reason: string; namespace: string }) {
  return (
    <State tone="warn" title="You may not read this pod's log" testId="log-denied">
      <p>{reason}</p>
      <p className="muted">
        Reading logs needs <span className="mono">get</span> on <span className="mono">pods/log</span> in namespace{" "}
        <span className="mono">{namespace}</span>: ask a cluster admin for a Role granting it (the built-in{" "}
        <span className="mono">view</span> ClusterRole does).
      </p>
    </State>
  );
}

export function LogEmpty({ live }: { live: boolean }) {
  return (
    <State tone="info" title={live ? "Nothing written yet" : "This run wrote nothing"} testId="log-empty">
      {live ? <p className="muted">New lines appear here as the container writes them.</p> : null}
    </State>
  );
}

/**
 * The API server's refusal in the log's place: a 400 is the kubelet saying why there is no log ("waiting to start:
 * trying and failing to pull image", "previous terminated container … not found"); others are errors.
 */
export function LogFailed({
  error,
  onRetry,
  namespace,
}: {
  error: ApiErrorBody;
  onRetry: () => void;
  namespace: string;
}) {
  if (error.code === 403) return <LogDenied reason={error.message} namespace={namespace} />;
  const retry = (
    <button type="button" onClick={onRetry}>
      Try again
    </button>
  );
  if (error.code === 400)
    return (
      <State tone="info" title="No log to show" testId="log-none">
        <p className="mono small">{error.message}</p>
        {retry}
      </State>
    );
  if (error.code === 429)
    return (
      <State tone="warn" title="Too many logs open" testId="log-busy">
        <p>{error.message}</p>
        {retry}
      </State>
    );
  return (
    <div data-testid="log-error">
      <ErrorPanel title="Cannot read the log" error={error} />
      {retry}
    </div>
  );
}
