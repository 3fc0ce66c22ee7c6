"use client";
import { ErrorPanel } from "@/components/ui/ErrorPanel";

/** Unexpected render errors: say what happened and offer a retry, never a blank page. */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="panel">
      <ErrorPanel title="This page failed to render" error={{ message: error.message || "Unknown error" }} />
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  );
}
