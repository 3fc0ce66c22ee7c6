import type { RolloutView } from "@/lib/kruise/view/rollout";
import { Badge } from "@/components/ui/Badge";
import { ProgressBar } from "@/components/ui/ProgressBar";

/** The current step against the partition's target: updated / ready / available, complete or stuck. */
export function StepProgress({ r, paused }: { r: RolloutView; paused: boolean }) {
  const p = r.progress;
  const complete =
    p.target > 0 ? p.updatedAvailable >= p.target && p.updated >= p.target : p.updated === 0 || p.doneForPartition;
  const stuck = r.stuck.length > 0 && !complete;
  return (
    <div data-testid="step-progress">
      <h3>
        Current step{" "}
        {complete ? (
          <Badge tone="ok" icon="✓">
            <span data-testid="step-state">Step complete</span>
          </Badge>
        ) : stuck ? (
          <Badge tone="bad" icon="✕">
            <span data-testid="step-state">Step stuck</span>
          </Badge>
        ) : paused ? (
          <Badge tone="warn" icon="‖">
            <span data-testid="step-state">Paused</span>
          </Badge>
        ) : (
          <Badge tone="info" icon="↻">
            <span data-testid="step-state">In progress</span>
          </Badge>
        )}
      </h3>
      <div style={{ display: "grid", gridTemplateColumns: "110px 1fr", gap: 6, maxWidth: 480 }}>
        <span>Updated</span>
        <ProgressBar value={p.updated} max={p.target} label="Updated pods against the target" />
        <span>Ready</span>
        <ProgressBar value={p.updatedReady} max={p.target} label="Updated ready pods against the target" />
        <span>Available</span>
        <ProgressBar value={p.updatedAvailable} max={p.target} label="Updated available pods against the target" />
      </div>
      {stuck ? (
        <div className="callout bad" data-testid="step-stuck">
          <strong>
            The step is stuck: {r.stuck.length} pod{r.stuck.length === 1 ? "" : "s"} failing
          </strong>
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
