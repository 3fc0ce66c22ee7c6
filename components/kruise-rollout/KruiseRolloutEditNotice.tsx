"use client";
import { useMemo } from "react";
import { useResourceList } from "@/lib/client";
import { isCloneSet } from "@/lib/kinds/cloneset";
import { parseEdited, type JsonObject } from "@/lib/patch";
import { rolloutOf } from "@/lib/kruise/kruise-rollout/detect";
import { ownedFieldWarnings, releaseStartedBy } from "@/lib/kruise/kruise-rollout/release";

/**
 * In the CloneSet editor, before saving: the release a template change will start under a Kruise Rollout
 * (the workload webhook's rules, docs/kruise-rollouts.md §9), and what a manual partition or paused change
 * does while the Rollout owns them (§5.6). The page's stream must include `rollouts`.
 */
export function KruiseRolloutEditNotice({
  cluster,
  namespace,
  base,
  text,
}: {
  cluster: string;
  namespace: string;
  base: JsonObject;
  text: string;
}) {
  const rollouts = useResourceList(cluster, "rollouts", namespace);
  const notes = useMemo(() => {
    const parsed = parseEdited(text);
    if (!parsed.ok || !parsed.value) return null;
    const before: unknown = base;
    const after: unknown = parsed.value;
    if (!isCloneSet(before) || !isCloneSet(after)) return null;
    const link = rolloutOf(before, rollouts.items);
    return {
      release: releaseStartedBy(before, after, rollouts.items),
      warnings: ownedFieldWarnings(before, after, link?.name),
    };
  }, [base, text, rollouts.items]);
  if (!notes || (!notes.release && notes.warnings.length === 0)) return null;
  return (
    <div className="callout warn" data-testid="rollout-edit-notice">
      {notes.release ? (
        <div data-testid="rollout-release-start">
          <strong>Kruise Rollout:</strong> {notes.release.message}; each later step waits as the Rollout says.
        </div>
      ) : null}
      {notes.warnings.map((w) => (
        <div key={w} data-testid="rollout-owned-field">
          <strong>Warning:</strong> {w}.
        </div>
      ))}
    </div>
  );
}
