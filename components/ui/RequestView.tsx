"use client";
import type { ApiErrorBody, UpdateBase, WireRequest } from "@/lib/k8s/wire";

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The exact request (method, path, content type, body) before it is sent (docs/architecture.md §4). */
export function RequestView({
  request,
  title = "Request that Apply will send",
}: {
  request: WireRequest;
  title?: string;
}) {
  return (
    <div className="callout info" data-testid="shown-request">
      <strong>{title}</strong>
      <div className="mono small wrap">
        {request.method} {request.path}
      </div>
      <div className="mono small">Content-Type: {request.contentType}</div>
      <pre className="yaml" style={{ maxHeight: 240 }}>
        {pretty(request.body)}
      </pre>
      <div className="muted small">{request.note}</div>
    </div>
  );
}

const show = (v: unknown) => (v === undefined || v === null ? "unset" : String(v));

/**
 * A refused write next to its control: a conflict offers to re-preview (with the guarded values now on the cluster,
 * when the refusal carries them), a 422 names its field.
 */
export function WriteError({
  error,
  onRepreview,
}: {
  error: ApiErrorBody & { current?: UpdateBase };
  onRepreview: () => void;
}) {
  if (error.code === 409) {
    const c = error.current;
    return (
      <div className="callout warn" role="alert" data-testid="conflict">
        <strong>Conflict: nothing was written</strong>
        <div>{error.message}</div>
        {c ? (
          <div className="small muted">
            Now on the cluster: partition {show(c.partition)}, paused {show(c.paused ?? false)}, maxUnavailable{" "}
            {show(c.maxUnavailable)}, maxSurge {show(c.maxSurge)} (generation {c.generation}).
          </div>
        ) : null}
        <button type="button" onClick={onRepreview}>
          Re-preview
        </button>
      </div>
    );
  }
  const field = error.details?.field ?? error.details?.causes?.find((c) => c.field)?.field;
  return (
    <div className="callout bad" role="alert" data-testid="write-error">
      <strong>
        {error.code ? `${error.code} ${error.reason}` : error.reason}
        {field ? (
          <>
            {" "}
            on <span className="mono">{field}</span>
          </>
        ) : null}
      </strong>
      <div className="wrap">{error.message}</div>
    </div>
  );
}
