"use client";
import type { RollbackOption, RollbackPreviewModel } from "@/lib/kruise/view/rollback-preview";
import { plural } from "@/lib/kruise/view/format";
import { FatesView } from "./FatesView";

/** What a Kruise Rollout that owns the CloneSet does after the template goes back (docs/kruise-rollouts.md §8.2). */
export interface RollbackOwner {
  name: string;
  /** the Rollout cancels its release and sets the partition to 0: every pod reverts, as with "every pod" */
  cancels: boolean;
  text: string;
}

function Stays({ o }: { o: RollbackOption }) {
  if (o.stayCount.max === 0) return null;
  return (
    <div className="callout bad" data-testid="rollback-stays" data-pods={o.stays.map((s) => s.name).join(",")}>
      <strong>
        {o.stayCount.min === o.stayCount.max
          ? plural(o.stayCount.max, "pod")
          : `${o.stayCount.min}–${o.stayCount.max} pods`}{" "}
        {o.stayCount.max === 1 ? "stays" : "stay"} on the revision you are rolling back from
      </strong>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {o.stays.map((s) => (
          <li key={s.name} data-testid="rollback-stay" data-name={s.name}>
            <span className="mono">{s.name}</span> on <span className="mono">{s.revision}</span>:{" "}
            <span className="mono">{s.images.join(", ")}</span>
          </li>
        ))}
        {o.staysGroups.map((g) => (
          <li key={g.of.map((x) => x.name).join(",")}>
            of <span className="mono">{g.of.map((x) => x.name).join(", ")}</span>: {g.text}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The rollback's choice and prediction: "every pod" (the template and partition 0 in one request) is the default,
 * "keep the partition" the explicit alternative whose prediction names the pods it leaves behind
 * (lib/kruise/view/rollback-preview.ts). Under a Kruise Rollout the template goes alone and the Rollout decides.
 */
export function RollbackChoice({
  model,
  everyPod,
  onChoose,
  owner,
}: {
  model: RollbackPreviewModel;
  everyPod: boolean;
  onChoose: (everyPod: boolean) => void;
  owner?: RollbackOwner;
}) {
  if (owner) {
    return (
      <div data-testid="rollback-choice" data-every-pod="false">
        <p data-testid="rollback-rollout-note">
          <strong style={{ display: "inline" }}>Kruise Rollout {owner.name} owns the partition:</strong> only the
          template is sent. Then {owner.text}.
        </p>
        {owner.cancels ? (
          <>
            <p className="small" data-testid="rollback-summary">
              Once the Rollout has set the partition to 0: {model.everyPod.summary.replace(/^[^.]*\. /, "")}
            </p>
            <FatesView f={model.everyPod.fates} testId="rollback-fates" />
          </>
        ) : null}
      </div>
    );
  }
  const keep = model.keepPartition;
  const chosen = everyPod || !keep ? model.everyPod : keep;
  return (
    <div data-testid="rollback-choice" data-every-pod={String(chosen.everyPod)}>
      {keep ? (
        <fieldset style={{ border: 0, padding: 0, margin: "6px 0" }}>
          <legend className="small muted">Which pods go back</legend>
          <label style={{ display: "block" }}>
            <input type="radio" name="rollback-scope" checked={chosen.everyPod} onChange={() => onChoose(true)} /> Roll
            back every pod: the template and partition {model.partition.set} → 0 in one request
          </label>
          <label style={{ display: "block" }}>
            <input type="radio" name="rollback-scope" checked={!chosen.everyPod} onChange={() => onChoose(false)} />{" "}
            Keep partition {model.partition.set}:{" "}
            {keep.stayCount.max === 0
              ? "no pod stays behind"
              : `${plural(keep.stayCount.max, "pod")} ${keep.stayCount.max === 1 ? "stays" : "stay"} on the revision you roll back from`}
          </label>
        </fieldset>
      ) : null}
      <p data-testid="rollback-summary">{chosen.summary}</p>
      <FatesView f={chosen.fates} testId="rollback-fates" />
      <Stays o={chosen} />
    </div>
  );
}
