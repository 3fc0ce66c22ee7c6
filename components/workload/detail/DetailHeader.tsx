import Link from "next/link";
import type { ReactNode } from "react";
import type { WorkloadRow } from "@/lib/kruise/view/list";
import type { UpdateView } from "@/lib/kruise/view/update";
import { Badge } from "@/components/ui/Badge";
import { ProgressBar } from "@/components/ui/ProgressBar";
import { plural } from "@/lib/kruise/view/format";
import { verb } from "@/lib/kruise/core/plural";
import { StateBadges } from "../PhaseBadge";
import { RevisionBarView } from "../RevisionBarView";
import { StrayImages } from "../StrayImages";

/** status.conditions (docs/kruise-rules.md §9.1): FailedScale/FailedUpdate are never cleared by the controller. */
function Conditions({ conditions }: { conditions: WorkloadRow["conditions"] }) {
  if (conditions.length === 0) return null;
  return (
    <table style={{ marginTop: 12 }}>
      <caption className="sr-only">Conditions</caption>
      <thead>
        <tr>
          <th>CONDITION</th>
          <th>STATUS</th>
          <th>REASON</th>
          <th>MESSAGE</th>
          <th>LAST TRANSITION</th>
        </tr>
      </thead>
      <tbody>
        {conditions.map((c, i) => (
          <tr key={`${c.type}-${i}`}>
            <td>{c.type}</td>
            <td>{c.status}</td>
            <td>{c.reason}</td>
            <td className="wrap">{c.message}</td>
            <td>{c.lastTransitionTime}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Spec and status at a glance: images, strategy, partition, limits, paused, conditions, stale-status warning. */
export function DetailHeader({
  h,
  title,
  update,
  yamlHref,
  editHref,
  readOnly,
  badges,
  children,
}: {
  h: WorkloadRow;
  /** the kind as the console names it, shown beside the namespace ("Advanced StatefulSet") */
  title?: string;
  update: UpdateView;
  yamlHref: string;
  editHref: string;
  readOnly?: boolean;
  /** more badges beside the phase (e.g. the Kruise Rollout that owns the CloneSet) */
  badges?: ReactNode;
  /** the kind's own facts, after the shared ones (e.g. reserved ordinals, the nodes the selector picks) */
  children?: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby="hdr">
      <div className="page-head" style={{ marginBottom: 8 }}>
        <h1 id="hdr">{h.name}</h1>
        <StateBadges state={h.state} kruiseRolloutBadge={badges} />
        <span className="muted">
          {title ? `${title} · ` : ""}namespace {h.namespace}
        </span>
        <span className="spacer" />
        <Link href={yamlHref}>View YAML</Link>
        {readOnly ? null : (
          <Link href={editHref} data-testid="edit-yaml">
            Edit YAML
          </Link>
        )}
      </div>
      {h.state.kind === "stuck" ? (
        <div className="callout bad" data-testid="stuck-reason">
          <strong>✕ Stuck</strong>
          {h.state.reason}
        </div>
      ) : null}
      {h.statusStale ? (
        <div className="callout warn" role="alert" data-testid="stale-status">
          <strong>! Waiting for the controller</strong>
          status.observedGeneration is lower than metadata.generation: the controller has not processed the latest
          change yet, so the numbers below describe the previous spec.
        </div>
      ) : null}
      <div className="cols">
        <dl className="grid-kv">
          <dt>Images</dt>
          <dd className="mono" data-testid="header-images" style={{ overflowWrap: "anywhere" }}>
            {h.images.map((i) => (
              <div key={i}>{i}</div>
            ))}
            <StrayImages running={h.running} />
          </dd>
          <dt>Strategy</dt>
          <dd>{h.strategyType}</dd>
          <dt>Partition</dt>
          <dd data-testid="partition">
            <span className="mono">{h.partitionSet}</span>{" "}
            {h.partitionResolved === null ? (
              <Badge tone="bad" icon="!">
                unparsable
              </Badge>
            ) : (
              <span className="muted">
                → {plural(h.partitionResolved, h.partitionUnit)} {verb(h.partitionResolved, "stays", "stay")} on old
                revisions
                {h.partitionNote ? ` (${h.partitionNote})` : ""}
              </span>
            )}
          </dd>
          <dt>maxUnavailable / maxSurge</dt>
          <dd className="mono">
            {h.maxUnavailable} / {h.maxSurge}
          </dd>
          <dt>Paused</dt>
          <dd>
            {h.paused ? (
              <Badge tone="warn" icon="‖">
                paused
              </Badge>
            ) : (
              "no"
            )}
          </dd>
        </dl>
        <dl className="grid-kv">
          <dt>Replicas</dt>
          <dd>
            {h.desired} desired · {h.total} total · {h.ready} ready
          </dd>
          <dt>Updated</dt>
          <dd>
            {h.updated} updated · {h.updatedReady} ready · {h.updatedAvailable} available
          </dd>
          <dt>Pods</dt>
          <dd>
            <RevisionBarView bar={h.bar} name={h.name} />
          </dd>
          <dt>Target</dt>
          <dd>
            <ProgressBar
              value={update.progress.updatedAvailable}
              max={update.progress.target}
              label="updated available of the partition's target"
            />
          </dd>
          <dt>Revisions</dt>
          <dd>
            <span className="mono">{h.currentRevision || "—"}</span> (current){" "}
            {h.currentRevision === h.updateRevision ? "=" : "→"} <span className="mono">{h.updateRevision || "—"}</span>{" "}
            (update)
            {!h.revisionsSynced && h.offUpdate > 0 ? (
              <div className="small" data-testid="header-off-update">
                {plural(h.offUpdate, "pod")} not on the update revision
              </div>
            ) : null}
          </dd>
          <dt>Age</dt>
          <dd title={h.created}>{h.age}</dd>
        </dl>
      </div>
      {children}
      <Conditions conditions={h.conditions} />
    </section>
  );
}
