"use client";
import type { ContainerRun, PodSummary } from "@/lib/logs/containers";
import { Badge, type Tone } from "@/components/ui/Badge";

const when = (t?: string) => (t ? t.replace("T", " ").replace(/Z$/, " UTC") : "");

function StateCell({ c }: { c: ContainerRun }) {
  const tone: Tone =
    c.state === "running" ? "ok" : c.reason === "CrashLoopBackOff" || c.state === "terminated" ? "bad" : "warn";
  const word = c.state === "running" ? "running" : (c.reason ?? c.state);
  return (
    <>
      <Badge tone={tone} title={c.message}>
        {word}
      </Badge>
      {c.since ? <span className="muted small"> since {when(c.since)}</span> : null}
    </>
  );
}

/** The pod at a glance: phase, readiness, node, and each container's run (state, restarts, how the last one ended). */
export function PodHeader({ pod, chosen }: { pod: PodSummary; chosen?: string }) {
  return (
    <section className="panel" aria-labelledby="pod-name" data-testid="pod-header">
      <div className="page-head" style={{ marginBottom: 8 }}>
        <h1 id="pod-name" className="mono" style={{ margin: 0 }}>
          {pod.name}
        </h1>
        <Badge tone={pod.phase === "Running" ? "ok" : pod.phase === "Failed" ? "bad" : "warn"}>{pod.phase}</Badge>
        <Badge tone={pod.ready ? "ok" : "warn"} icon={pod.ready ? "✓" : "✕"}>
          {pod.ready ? "Ready" : "Not ready"}
        </Badge>
        <span className="muted small">
          namespace <span className="mono">{pod.namespace}</span> · node{" "}
          {pod.node ? <span className="mono">{pod.node}</span> : "none yet"}
        </span>
      </div>
      <div className="scroll pod-containers">
        <table>
          <caption className="sr-only">Containers of {pod.name}</caption>
          <thead>
            <tr>
              <th>CONTAINER</th>
              <th>IMAGE</th>
              <th>STATE</th>
              <th className="num">RESTARTS</th>
              <th>LAST RUN ENDED</th>
            </tr>
          </thead>
          <tbody>
            {pod.containers.map((c) => (
              <tr
                key={c.name}
                data-testid="pod-container"
                data-name={c.name}
                className={c.name === chosen ? "selected" : undefined}
              >
                <td className="mono">
                  {c.name}
                  {c.init ? <span className="muted"> (init)</span> : null}
                </td>
                <td className="mono small">{c.image}</td>
                <td>
                  <StateCell c={c} />
                </td>
                <td className="num">{c.restarts}</td>
                <td className="small">
                  {c.last ? (
                    <>
                      exit code <span className="mono">{c.last.exitCode}</span>
                      {c.last.reason ? ` (${c.last.reason})` : ""}
                      {c.last.finishedAt ? ` at ${when(c.last.finishedAt)}` : ""}
                    </>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
