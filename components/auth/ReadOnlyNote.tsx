"use client";
import { useSession } from "@/lib/client/session";

/** Read-only mode (KRUISE_CONSOLE_READ_ONLY): say once, where the controls would be, that nothing can be changed here. */
export function ReadOnlyNote({ what }: { what: string }) {
  const { readOnly } = useSession();
  if (!readOnly) return null;
  return (
    <div className="callout info" role="note" data-testid="read-only-note">
      <strong>Read-only console</strong>
      This console runs in read-only mode: {what}
    </div>
  );
}
