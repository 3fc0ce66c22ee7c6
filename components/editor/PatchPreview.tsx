"use client";
import { useMemo } from "react";
import type { ShownEditRequest } from "@/lib/client/editor-state";
import { isBuiltinKind, parseEdited, patchPreviews, type JsonObject, type PatchRequest } from "@/lib/patch";
import { ServerReview } from "./ServerReview";

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The exact request Save sends (or sent), then what `kubectl edit` would send and the other patch types, each with its risk. */
export function PatchPreview({
  request,
  base,
  text,
  busy,
  onSend,
  path,
}: {
  request?: ShownEditRequest;
  /** Monaco model path of the edited object (the review's diff sits beside it). */
  path: string;
  base: JsonObject;
  text: string;
  busy: boolean;
  onSend(): void;
}) {
  // The server's dry run already said no: sending the same request would only be refused again.
  const refused = request?.review?.check.ok === false;
  const alternatives = useMemo(() => {
    const parsed = parseEdited(text);
    if (!parsed.ok || !parsed.value) return null;
    return patchPreviews(base, parsed.value, { builtin: isBuiltinKind(base) });
  }, [base, text]);
  return (
    <div data-testid="patch-preview">
      {request ? (
        <section className="panel">
          <h2>{request.sent ? "Request sent" : "Request Save will send"}</h2>
          <p className="small">{request.note}</p>
          <pre
            className="yaml"
            data-testid="request-line"
          >{`${request.method} ${request.path}\nContent-Type: ${request.contentType}`}</pre>
          <pre className="yaml" data-testid="request-body">
            {pretty(request.body)}
          </pre>
          {!request.sent ? (
            <>
              <button type="button" onClick={onSend} disabled={busy || refused} data-testid="send">
                Send this request
              </button>
              {refused ? (
                <p className="small" data-testid="send-refused">
                  Not sent: the server&apos;s dry run refused this request (below). Change the YAML and review again.
                </p>
              ) : null}
            </>
          ) : null}
        </section>
      ) : (
        <p className="muted">
          Press <strong>Review &amp; save</strong> to compute the exact request against the object as it is on the
          cluster now.
        </p>
      )}
      {request && !request.sent ? <ServerReview review={request.review} body={request.body} path={path} /> : null}
      {alternatives ? (
        <section className="panel">
          <h2>Other ways to send this edit (not used)</h2>
          <Alternative
            title={`kubectl edit parity (${isBuiltinKind(base) ? "strategic merge" : "JSON merge patch"}, computed from the object you opened)`}
            request={alternatives.kubectlEdit}
          />
          {alternatives.alternatives.map((alternative) => (
            <Alternative key={alternative.contentType} title={alternative.contentType} request={alternative} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

function Alternative({ title, request }: { title: string; request: PatchRequest }) {
  return (
    <details data-testid="alternative">
      <summary>
        <span className="mono">{title}</span> — {request.note}
      </summary>
      <pre className="yaml">{`Content-Type: ${request.contentType}\n\n${pretty(request.body)}`}</pre>
    </details>
  );
}
