"use client";
import Link from "next/link";
import { ErrorPanel } from "@/components/ui/ErrorPanel";

export default function ClusterError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="panel">
      <ErrorPanel title="This view failed to render" error={{ message: error.message || "Unknown error" }} />
      <button type="button" onClick={reset}>
        Try again
      </button>{" "}
      <Link href="/">Back to clusters</Link>
    </div>
  );
}
