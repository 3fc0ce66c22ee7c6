"use client";
import { connectionView, type ConnLike } from "@/lib/kruise/view/connection";

/** Always-visible connection state: icon + words (never colour alone), details in the title. */
export function ConnectionBadge({ connection }: { connection: ConnLike }) {
  const v = connectionView(connection);
  return (
    <span
      className={`badge ${v.tone}`}
      role="status"
      aria-live="polite"
      data-testid="connection"
      data-state={v.state}
      title={v.detail}
    >
      <span aria-hidden="true">{v.icon}</span>
      {v.label}
    </span>
  );
}
