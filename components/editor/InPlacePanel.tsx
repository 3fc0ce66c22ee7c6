"use client";
import { useMemo } from "react";
import { parseEdited, predictInPlace, type JsonObject } from "@/lib/patch";

/**
 * Before saving a CloneSet: in place or recreate, and how many pods the partition lets the change reach
 * (docs/kruise-rules.md §7.1).
 */
export function InPlacePanel({ base, text }: { base: JsonObject; text: string }) {
  const p = useMemo(() => {
    const parsed = parseEdited(text);
    return parsed.ok && parsed.value ? predictInPlace(base, parsed.value) : null;
  }, [base, text]);
  if (!p || p.mode === "none") return null;
  const tone = p.mode === "in-place" ? "" : p.mode === "blocked" ? " bad" : " warn";
  return (
    <div className={`callout${tone}`} data-testid="inplace-prediction" data-mode={p.mode}>
      <strong>
        {p.mode === "in-place"
          ? "In-place update"
          : p.mode === "recreate"
            ? "Pods will be recreated"
            : "Blocked by InPlaceOnly"}
      </strong>{" "}
      {p.summary}
      {p.reasons.length > 0 ? <div className="small mono">{p.reasons.join("; ")}</div> : null}
    </div>
  );
}
