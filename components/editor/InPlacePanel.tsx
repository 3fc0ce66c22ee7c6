"use client";
import { useMemo } from "react";
import { useResourceList } from "@/lib/client";
import { isCloneSet } from "@/lib/kinds/cloneset";
import { releaseStartedBy } from "@/lib/kruise/kruise-rollout/release";
import { editPredictionSummary } from "@/lib/kruise/view/edit-prediction";
import { parseEdited, predictInPlace, type JsonObject, type StrategyReading } from "@/lib/patch";

/**
 * Before saving a workload: in place or recreate, how many existing pods the partition lets the change reach and how
 * many a scale-out creates (docs/kruise-rules.md §7.1), and under a Kruise Rollout what its first step does
 * (lib/kruise/view/edit-prediction.ts). A kind other than the CloneSet reads its own strategy (`reading`: its lens's
 * inPlaceReading). The page's stream must include `rollouts`.
 */
export function InPlacePanel({
  cluster,
  namespace,
  base,
  text,
  reading,
}: {
  cluster: string;
  namespace: string;
  base: JsonObject;
  text: string;
  reading?: (edited: JsonObject) => StrategyReading | undefined;
}) {
  const rollouts = useResourceList(cluster, "rollouts", namespace);
  const shown = useMemo(() => {
    const parsed = parseEdited(text);
    if (!parsed.ok || !parsed.value) return null;
    const prediction = predictInPlace(base, parsed.value, {}, reading?.(parsed.value));
    const before: unknown = base;
    const after: unknown = parsed.value;
    const release = isCloneSet(before) && isCloneSet(after) ? releaseStartedBy(before, after, rollouts.items) : null;
    return { prediction, summary: editPredictionSummary(prediction, release) };
  }, [base, text, reading, rollouts.items]);
  if (!shown || shown.prediction.mode === "none") return null;
  const { prediction } = shown;
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
      {shown.summary}
      {prediction.reasons.length > 0 ? <div className="small mono">{prediction.reasons.join("; ")}</div> : null}
    </div>
  );
}
