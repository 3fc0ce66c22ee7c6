import type { ChosenPods, UpdateView } from "@/lib/kruise/view/update";
import { plural } from "@/lib/kruise/view/format";
import { PhaseBadge } from "@/components/workload/PhaseBadge";
import { HookWaits } from "@/components/workload/HookWaits";
import { ProgressBar } from "@/components/ui/ProgressBar";

/** The current step against the partition's target: updated / ready / available, complete or stuck. */
export function StepProgress({ r, chosen }: { r: UpdateView; paused?: boolean; chosen?: ChosenPods | null }) {
  const p = r.progress;
  // The rollout view's state, not a second reading of the numbers: the step never contradicts the other panels.
  const complete = r.state === "complete" || r.state === "held-by-partition";
  const stuck = r.state === "stuck";
  return (
    <div data-testid="step-progress">
      <h3>
        Current step{" "}
        <span data-testid="step-state" data-state={r.state}>
          <PhaseBadge state={r.status} capital />
        </span>
      </h3>
      <div style={{ display: "grid", gridTemplateColumns: "110px 1fr", gap: 6, maxWidth: 480 }}>
        <span>Updated</span>
        <ProgressBar value={p.updated} max={p.target} label="Updated pods against the target" />
        <span>Ready</span>
        <ProgressBar value={p.updatedReady} max={p.target} label="Updated ready pods against the target" />
        <span>Available</span>
        <ProgressBar value={p.updatedAvailable} max={p.target} label="Updated available pods against the target" />
      </div>
      {complete ? null : <HookWaits waits={r.waits} testId="step-hook-waits" />}
      {chosen ? <Chosen c={chosen} /> : null}
      {stuck ? (
        <div className="callout bad" data-testid="step-stuck">
          <strong>The step is stuck: {plural(r.stuck.length, "pod")} failing</strong>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {r.stuck.slice(0, 10).map((s) => (
              <li key={s.pod}>
                <span className="mono">{s.pod}</span>
                {s.container ? <> / {s.container}</> : null}: {s.reason} {s.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Which pods Kruise picked after the last partition Apply (live pods), against the preview. */
function Chosen({ c }: { c: ChosenPods }) {
  const n = c.chosen.length;
  return (
    <div className="small" data-testid="step-chosen" data-count={n} role="status">
      {n === 0 ? (
        <>Kruise has not moved a pod yet ({c.expected} expected).</>
      ) : (
        <>
          Kruise chose {n} of {c.expected} pod{c.expected === 1 ? "" : "s"}:{" "}
          {c.chosen.map((x) => (
            <span key={x} className="mono" data-testid="chosen-pod" data-name={x} style={{ marginRight: 8 }}>
              {x}
            </span>
          ))}
        </>
      )}
      {c.unexpected.length ? (
        <div className="callout warn" data-testid="chosen-unexpected">
          Not in the preview: {c.unexpected.join(", ")} (something else changed the pods, or the preview was wrong)
        </div>
      ) : null}
    </div>
  );
}
