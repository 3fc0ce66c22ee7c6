"use client";
import Link from "next/link";
import type { RolloutWorkloadKind } from "@/lib/kruise/kruise-rollout/detect";
import type { KruiseRolloutView } from "@/lib/kruise/kruise-rollout/view";
import { plural } from "@/lib/kruise/core/plural";
import type { ApiErrorBody } from "@/lib/k8s/wire";
import { Badge } from "@/components/ui/Badge";
import { pages } from "@/lib/urls";
import { KruiseRolloutActions } from "./KruiseRolloutActions";
import { StepStrip } from "./StepStrip";
import { KruiseRolloutBadge } from "./KruiseRolloutBadge";
import { StateWords } from "./StateWords";

import { KRUISE_ROLLOUT_ANCHOR } from "./anchor";

export { KRUISE_ROLLOUT_ANCHOR };

interface Props {
  cluster: string;
  namespace: string;
  /** the workload the page shows (its name) */
  cloneSet: string;
  /** its kind: CloneSet unless said */
  kind?: RolloutWorkloadKind;
  view: KruiseRolloutView;
  readOnly: boolean;
  /** the Rollout list could not be watched (e.g. no RBAC on rollouts.kruise.io): said here, not as a page error */
  watchError?: ApiErrorBody;
}

function Revisions({ view, cluster, namespace }: Pick<Props, "view" | "cluster" | "namespace">) {
  const s = view.settled;
  if (s && s.revision)
    return (
      <p data-testid="rollout-revisions" data-settled="true">
        No release in flight: {plural(s.pods, "pod")} on{" "}
        <Link href={pages.controllerRevision(cluster, namespace, s.revision)} className="mono">
          {s.revision}
        </Link>
        {s.offRevision > 0 ? <> ({plural(s.offRevision, "pod")} on other revisions)</> : null}.
      </p>
    );
  const m = view.map;
  if (!m || (!m.stable && !m.canary)) return null;
  const row = (label: string, r: NonNullable<typeof m.stable>) => (
    <li>
      {label}:{" "}
      {r.revision ? (
        <Link href={pages.controllerRevision(cluster, namespace, r.revision)} className="mono">
          {r.revision}
        </Link>
      ) : (
        <span className="mono">{r.hash}</span>
      )}{" "}
      — {plural(r.pods.length, "pod")}
    </li>
  );
  return (
    <ul data-testid="rollout-revisions" style={{ margin: "4px 0", paddingLeft: 18 }}>
      {m.stable ? row("Stable revision", m.stable) : null}
      {m.canary ? row("Canary revision", m.canary) : null}
    </ul>
  );
}

function Batches({ view }: { view: KruiseRolloutView }) {
  const batches = view.map?.batches ?? [];
  if (batches.length === 0) return null;
  return (
    <table data-testid="rollout-batches">
      <caption className="sr-only">Pods per batch</caption>
      <thead>
        <tr>
          <th>BATCH</th>
          <th className="num">READY</th>
          <th>PODS (label rollouts.kruise.io/rollout-batch-id)</th>
        </tr>
      </thead>
      <tbody>
        {batches.map((b) => (
          <tr key={b.batch} data-testid="rollout-batch">
            <td>{b.batch}</td>
            <td className="num">
              {b.ready}/{b.pods.length}
            </td>
            <td className="mono small wrap">{b.pods.join(" ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Conditions({ view }: { view: KruiseRolloutView }) {
  if (view.conditions.length === 0 && !view.message) return null;
  return (
    <div data-testid="rollout-conditions">
      {view.message ? (
        <p>
          Message: <span data-testid="rollout-message">{view.message}</span>
        </p>
      ) : null}
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {view.conditions.map((c) => (
          <li key={c.type} className="small">
            <strong style={{ display: "inline" }}>{c.type}</strong> {c.status}
            {c.reason ? ` (${c.reason})` : ""}
            {c.message ? `: ${c.message}` : ""}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Events({ view }: { view: KruiseRolloutView }) {
  if (view.events.length === 0) return <p className="muted small">No events on the Rollout yet.</p>;
  return (
    <ul data-testid="rollout-events" style={{ margin: 0, paddingLeft: 18 }}>
      {view.events.slice(0, 20).map((e) => (
        <li key={e.key} className="small">
          <Badge tone={e.type === "Warning" ? "warn" : "neutral"}>{e.type}</Badge> {e.reason}: {e.message}{" "}
          <span className="muted">
            ({e.object}, {e.age} ago)
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The Kruise Rollout that owns this workload's releases: its state, steps, revisions, batches and controls. */
export function KruiseRolloutPanel({ cluster, namespace, cloneSet, kind, view, readOnly, watchError }: Props) {
  const r = view.rollout;
  return (
    <section
      className="panel"
      id={KRUISE_ROLLOUT_ANCHOR}
      aria-labelledby="kruise-rollout-title"
      data-testid="kruise-rollout"
    >
      <h2 id="kruise-rollout-title">
        Kruise Rollout <span className="mono">{view.name || "(unnamed)"}</span>{" "}
        <KruiseRolloutBadge name={view.name} state={view.state} href={`#${KRUISE_ROLLOUT_ANCHOR}`} />
      </h2>
      {watchError ? <div className="callout warn">Cannot watch Rollouts here: {watchError.message}</div> : null}
      {!r ? (
        <p className="muted">
          The {kind === "StatefulSet" ? "Advanced StatefulSet" : "CloneSet"} carries the Rollout annotations (a release
          is in flight) but the Rollout object is not visible.
        </p>
      ) : (
        <>
          <p data-testid="rollout-state">
            <strong>{view.state ? <StateWords state={view.state} /> : null}</strong>
            {view.state?.phase ? <span className="muted"> — phase {view.state.phase}</span> : null}
            {view.batchRelease ? (
              <span className="muted small">
                {" "}
                (BatchRelease {view.batchRelease.phase || "—"}, batch {view.batchRelease.batch || "—"}{" "}
                {view.batchRelease.state})
              </span>
            ) : null}
          </p>
          {view.strip && view.strip.total > 0 ? <StepStrip strip={view.strip} state={view.state} /> : null}
          <Revisions view={view} cluster={cluster} namespace={namespace} />
          <Batches view={view} />
          <Conditions view={view} />
          <KruiseRolloutActions
            cluster={cluster}
            namespace={namespace}
            cloneSet={cloneSet}
            kind={kind}
            rollout={r}
            view={view}
            readOnly={readOnly}
          />
        </>
      )}
      <h3 style={{ margin: "12px 0 6px" }}>Rollout events</h3>
      <Events view={view} />
    </section>
  );
}
