"use client";
import { useMemo } from "react";
import { diffObjects, type JsonObject } from "@/lib/patch";

const shown = (value: unknown) => (value === undefined ? "(absent)" : JSON.stringify(value));

/** Spec/metadata changed on the cluster since the object was opened (status churn is ignored); the buffer is left alone. */
export function LiveBanner({
  base,
  live,
  deleted,
}: {
  base: JsonObject;
  live: JsonObject | undefined;
  deleted: boolean;
}) {
  const changes = useMemo(() => (live ? diffObjects(base, live) : []), [base, live]);
  if (deleted) {
    return (
      <div className="callout bad" role="alert" data-testid="live-deleted">
        <strong>This object was deleted on the cluster.</strong> Your text is kept here; saving will fail until it
        exists again.
      </div>
    );
  }
  if (changes.length === 0) return null;
  return (
    <div className="callout warn" role="status" data-testid="live-banner">
      <strong>Changed on the cluster since you opened it</strong> (your text is untouched; Save merges these in and
      reports only real conflicts):
      <ul className="mono small">
        {changes.slice(0, 20).map((change) => (
          <li key={change.field}>
            {change.field}: {shown(change.before)} → {shown(change.after)}
          </li>
        ))}
        {changes.length > 20 ? <li>… and {changes.length - 20} more</li> : null}
      </ul>
    </div>
  );
}
