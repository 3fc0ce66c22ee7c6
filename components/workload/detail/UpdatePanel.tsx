import type { UpdateView } from "@/lib/kruise/view/update";
import { plural } from "@/lib/kruise/view/format";
import { Badge } from "@/components/ui/Badge";
import { PhaseBadge } from "@/components/workload/PhaseBadge";
import { HookWaits } from "@/components/workload/HookWaits";

const MAX_STEPS = 50;

/** The rollout as steps (who moved when) against the partition's target, and what is stuck and why. */
export function UpdatePanel({ r }: { r: UpdateView }) {
  const steps = r.steps.slice(-MAX_STEPS);
  return (
    <section className="panel" aria-labelledby="rollout" data-testid="rollout">
      <h2 id="rollout">
        In-place update batches <PhaseBadge state={r.status} capital />
      </h2>
      <p data-testid="rollout-summary">
        Target for the current partition: <strong>{r.progress.target}</strong> of {plural(r.replicas, "pod")} on the
        update revision — {r.progress.updated} updated, {r.progress.updatedReady} ready, {r.progress.updatedAvailable}{" "}
        available.
        {r.remaining > 0 ? (
          <>
            {" "}
            {r.remaining} still to move
            {r.heldByHook > 0 ? <>, {r.heldByHook} of them held by the in-place-update hook</> : null}.
          </>
        ) : null}
        {r.heldByPartition > 0 ? <> The partition keeps {r.heldByPartition} on old revisions.</> : null}
      </p>
      {r.state === "waiting-for-controller" ? (
        <div className="callout warn" data-testid="rollout-waiting-controller">
          Waiting for the controller: it has not processed the latest spec yet (status.observedGeneration &lt;
          metadata.generation), so the numbers above describe the previous spec.
        </div>
      ) : null}
      <HookWaits waits={r.waits} testId="rollout-hook-waits" />
      {r.stuck.length > 0 ? (
        <div className="callout bad" data-testid="stuck">
          <strong>✕ {plural(r.stuck.length, "pod")} failing</strong>
          <ul style={{ margin: 0, paddingLeft: 18 }}>
            {r.stuck.slice(0, 10).map((p) => (
              <li key={p.pod}>
                <span className="mono">{p.pod}</span>
                {p.container ? <> / {p.container}</> : null}: <strong style={{ display: "inline" }}>{p.reason}</strong>{" "}
                {p.message}
              </li>
            ))}
          </ul>
          {r.stuck.length > 10 ? (
            <div className="muted">…and {r.stuck.length - 10} more (see the pods table).</div>
          ) : null}
        </div>
      ) : null}
      {steps.length === 0 ? (
        <div className="empty">No pod is on the update revision yet.</div>
      ) : (
        <ol className="steps" aria-label="Rollout steps">
          {r.steps.length > MAX_STEPS ? (
            <li className="muted">{r.steps.length - MAX_STEPS} earlier steps not shown</li>
          ) : null}
          {steps.map((st) => (
            <li key={`${st.at}|${st.how}`} data-testid="rollout-step">
              <span className="mono small">{st.at ? st.at.replace("T", " ") : "—"}</span>
              <span>{st.how === "in-place" ? "in place" : "created"}</span>
              <span>
                {plural(st.pods.length, "pod")}: {st.ready} ready
                {st.inProgress ? (
                  <>
                    ,{" "}
                    <Badge tone="info" icon="↻">
                      {st.inProgress} updating
                    </Badge>
                  </>
                ) : null}
                {st.failing ? (
                  <>
                    ,{" "}
                    <Badge tone="bad" icon="✕">
                      {st.failing} failing
                    </Badge>
                  </>
                ) : null}
                <div className="mono small muted wrap">
                  {st.pods.slice(0, 12).join(" ")}
                  {st.pods.length > 12 ? ` …+${st.pods.length - 12}` : ""}
                </div>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
