"use client";
import { useMemo } from "react";
import { parseEdited, predictInPlace, type JsonObject } from "@/lib/patch";

/**
 * Before saving a CloneSet: in place or recreate, and how many pods the partition lets the change reach
 * (docs/kruise-rules.md §7.1).
 */
export function InPlacePanel({ base, text }: { base: JsonObject; text: string }) {
  const prediction = useMemo(() => {
    const parsed = parseEdited(text);
    return parsed.ok && parsed.value ? predictInPlace(base, parsed.value) : null;
  }, [base, text]);
  if (!prediction || prediction.mode === "none") return null;
  const tone = prediction.mode === "in-place" ? "" : prediction.mode === "blocked" ? " bad" : " warn";
  return (
    <div className={`callout${tone}`} data-testid="inplace-prediction" data-mode={prediction.mode}>
      <strong>
        {prediction.mode === "in-place"
          ? "In-place update"
          : prediction.mode === "recreate"
            ? "Pods will be recreated"
            : "Blocked by InPlaceOnly"}
      </strong>{" "}
      {prediction.summary}
      {prediction.reasons.length > 0 ? <div className="small mono">{prediction.reasons.join("; ")}</div> : null}
    </div>
  );
}
