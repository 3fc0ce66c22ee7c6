"use client";
import type { NoticeView } from "@/lib/client/editor-notice";

/** The editor's one notice line: text, the fields the server did not store as asked, and its button. */
export function NoticeLine({ notice, onDiscardDraft }: { notice: NoticeView; onDiscardDraft(): void }) {
  return (
    <div className={`callout ${notice.tone === "ok" ? "" : notice.tone}`} role="status" data-testid="notice">
      {notice.text}
      {notice.action === "discard-draft" ? (
        <>
          {" "}
          <button type="button" onClick={onDiscardDraft} data-testid="discard-draft">
            Discard draft
          </button>
        </>
      ) : null}
      {notice.fields ? (
        <ul className="mono small" data-testid="server-kept">
          {notice.fields.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
