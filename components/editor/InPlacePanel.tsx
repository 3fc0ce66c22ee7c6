"use client";
import { useMemo } from "react";
import { parseEdited, predictInPlace, type JsonObject, type StrategyReading } from "@/lib/patch";

/**
 * Before saving a workload: in place or recreate, and how many pods the partition lets the change reach
 * (docs/kruise-rules.md §7.1); a kind other than the CloneSet reads its own strategy (`reading`: its lens's
 * inPlaceReading).
 */
export function InPlacePanel({
  base,
  text,
  reading,
}: {
  base: JsonObject;
  text: string;
  reading?: (edited: JsonObject) => StrategyReading | undefined;
}) {
  const prediction = useMemo(() => {
    const parsed = parseEdited(text);
    return parsed.ok && parsed.value ? predictInPlace(base, parsed.value, {}, reading?.(parsed.value)) : null;
  }, [base, text, reading]);
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
