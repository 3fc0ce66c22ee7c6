import { plural } from "@/lib/kruise/core/plural";
import type { RolloutState } from "@/lib/kruise/kruise-rollout/state";
import type { StepStrip as Strip, StripStep } from "@/lib/kruise/kruise-rollout/strip";
import { StateWords } from "./StateWords";

const PLACE: Record<StripStep["place"], { icon: string; text: string }> = {
  done: { icon: "✓", text: "done" },
  current: { icon: "▶", text: "current" },
  pending: { icon: "○", text: "to do" },
};

function pauseText(s: StripStep): string {
  if (s.pause.kind === "approve") return "then wait for approval";
  if (s.pause.kind === "timer") return `then pause ${s.pause.seconds} s`;
  return "no pause";
}

/** The Rollout's steps, read-only: replicas asked and pods they mean, how each pause ends, traffic where set. */
export function StepStrip({ strip, state }: { strip: Strip; state?: RolloutState }) {
  return (
    <ol
      aria-label="Rollout steps"
      data-testid="rollout-strip"
      style={{ display: "flex", flexWrap: "wrap", gap: 8, listStyle: "none", padding: 0, margin: "8px 0" }}
    >
      {strip.steps.map((s) => {
        const place = PLACE[s.place];
        const current = s.place === "current";
        return (
          <li
            key={s.index}
            data-testid="rollout-strip-step"
            data-place={s.place}
            aria-current={current ? "step" : undefined}
            className={`callout ${current ? "info" : ""}`}
            style={{
              margin: 0,
              minWidth: 150,
              flex: "1 1 150px",
              borderStyle: s.place === "pending" ? "dashed" : "solid",
            }}
          >
            <strong>
              <span aria-hidden="true">{place.icon}</span> Step {s.index} of {strip.total}{" "}
              <span className="muted small">({place.text})</span>
            </strong>
            <div>
              <span className="mono">{String(s.replicas ?? "?")}</span> → {plural(s.planned, "pod")} updated
            </div>
            <div className="small">{pauseText(s)}</div>
            {s.traffic ? <div className="small">traffic: {s.traffic}</div> : null}
            {current && state ? (
              <div className="small" data-testid="rollout-strip-state">
                <StateWords state={state} />
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
