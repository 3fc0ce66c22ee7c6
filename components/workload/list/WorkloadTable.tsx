import Link from "next/link";
import { memo, type ReactNode } from "react";
import type { WorkloadRow, SortKey } from "@/lib/kruise/view/list";
import type { ResourceName } from "@/lib/k8s/wire";
import { plural } from "@/lib/kruise/view/format";
import { Badge } from "@/components/ui/Badge";
import { pages } from "@/lib/urls";
import { VirtualTable } from "@/components/ui/VirtualTable";
import { StateBadges } from "@/components/workload/PhaseBadge";
import { RevisionBarView } from "@/components/workload/RevisionBarView";
import { StrayImages } from "@/components/workload/StrayImages";
import { factsKey } from "./usePodFacts";

export interface SortState {
  sort: SortKey;
  desc: boolean;
}

function SortHeader({
  k,
  label,
  s,
  onSort,
  num,
}: {
  k: SortKey;
  label: string;
  s: SortState;
  onSort: (k: SortKey) => void;
  num?: boolean;
}) {
  const active = s.sort === k;
  return (
    <th className={num ? "num" : undefined} aria-sort={active ? (s.desc ? "descending" : "ascending") : "none"}>
      <button type="button" className="sort" onClick={() => onSort(k)}>
        {label}
        {active ? (s.desc ? " ▼" : " ▲") : ""}
      </button>
    </th>
  );
}

// Rows are reused while their workload is unchanged (lib/kruise/view/list-cache.ts), so a stream of changes
// re-renders the rows that changed, not the table.
const WorkloadCells = memo(function WorkloadCells({
  cluster,
  r,
  badge,
  showKind,
}: {
  cluster: string;
  r: WorkloadRow;
  badge?: ReactNode;
  showKind: boolean;
}) {
  return (
    <>
      <td data-col="name">
        <Link href={pages.workload(cluster, r.namespace, r.resource as ResourceName, r.name)}>{r.name}</Link>{" "}
        <StateBadges state={r.state} kruiseRolloutBadge={badge} />
        {r.hookWaits.map((t) => (
          <div key={t} className="small muted wrap" data-testid="row-hook-wait">
            {t[0].toUpperCase() + t.slice(1)}
          </div>
        ))}
      </td>
      {showKind ? (
        <td className="wrap" data-col="kind">
          {r.kindTitle}
        </td>
      ) : null}
      <td>{r.namespace}</td>
      <td className="num" data-col="desired">
        {r.desired}
      </td>
      <td className="num" data-col="updated">
        {r.updated}
      </td>
      <td className="num">{r.updatedReady}</td>
      <td className="num">{r.updatedAvailable}</td>
      <td className="num" data-col="ready">
        {r.ready}
      </td>
      <td className="num">{r.total}</td>
      <td title={r.created}>{r.age}</td>
      <td className="wrap small">{r.strategyType}</td>
      <td
        title={`partition as set → ${r.partitionUnit}s kept on old revisions${r.partitionNote ? ` (${r.partitionNote})` : ""}`}
        data-col="partition"
        className="wrap"
      >
        <span className="mono">{r.partitionSet}</span>
        {r.partitionResolved === null ? (
          <Badge tone="bad" icon="!">
            unparsable
          </Badge>
        ) : String(r.partitionResolved) !== r.partitionSet || r.partitionUnit !== "pod" ? (
          <span className="muted"> → {plural(r.partitionResolved, r.partitionUnit)}</span>
        ) : null}
      </td>
      <td>
        <RevisionBarView bar={r.bar} name={r.name} />
      </td>
      <td data-col="synced" data-synced={String(r.revisionsSynced)}>
        <SyncCell r={r} />
      </td>
      <td className="mono small wrap" data-col="images">
        <ImagesCell r={r} />
      </td>
    </>
  );
});

/**
 * currentRevision = updateRevision and every pod on it (lib/kruise/view/pods-run.ts): after a rollback at a partition
 * the revisions are equal while the partition keeps pods on the revision rolled back from, and this says so.
 */
function SyncCell({ r }: { r: WorkloadRow }) {
  if (r.revisionsSynced)
    return (
      <Badge tone="ok" icon="✓" title={`currentRevision = updateRevision = ${r.updateRevision}, every pod on it`}>
        yes
      </Badge>
    );
  const same = r.currentRevision === r.updateRevision;
  const off = r.offUpdate > 0 ? `${plural(r.offUpdate, "pod")} on another revision` : "";
  return (
    <>
      <Badge
        tone={same ? "warn" : "info"}
        icon={same ? "!" : "⇄"}
        title={
          same
            ? `currentRevision = updateRevision = ${r.updateRevision}, but ${off} runs elsewhere`
            : `currentRevision ${r.currentRevision} ≠ updateRevision ${r.updateRevision}`
        }
      >
        no
      </Badge>
      {same && off ? (
        <div className="small" style={{ whiteSpace: "normal" }} data-testid="row-off-update">
          {off}
        </div>
      ) : null}
    </>
  );
}

/** The template's images, then any image some pods still run that the template does not name. */
function ImagesCell({ r }: { r: WorkloadRow }) {
  return (
    <>
      {r.images.map((i) => (
        <div key={i}>{breakAfterSlashes(i)}</div>
      ))}
      <StrayImages running={r.running} wrap={breakAfterSlashes} />
    </>
  );
}

// Column shares of the table's width (they add up to 100), measured from the list at 1280 px. Fixed widths keep the
// columns still while rows scroll in and out of the drawn window, and spare the browser from measuring every cell
// of every row again each time one changes. With the KIND column the others give it a share.
const WIDTHS = [10.5, 7.5, 5.5, 5.5, 6, 6.5, 4.5, 4.5, 3.5, 9.5, 6.5, 12.5, 6.5, 11];
const WITH_KIND = [10, 7, 7, 5, 5, 5.5, 6, 4, 4, 3.5, 8, 6.5, 11, 6, 11.5];
const colgroup = (widths: number[]) => (
  <colgroup>
    {widths.map((w, i) => (
      <col key={i} style={{ width: `${w}%` }} />
    ))}
  </colgroup>
);

/** Offers line breaks after "/" so a long image reference wraps at its path segments. */
function breakAfterSlashes(image: string): ReactNode[] {
  return image.split("/").flatMap((part, i, all) => (i < all.length - 1 ? [part + "/", <wbr key={i} />] : [part]));
}

/**
 * The workload list: kubectl's printer columns plus kind, strategy, partition, progress, revision sync and images.
 * Only the rows in view are drawn (VirtualTable): a cluster's 200 workloads changing 20 times a second then cost the
 * browser the few rows on screen, not a relayout of the whole table, and typing into the filter stays immediate. Each
 * row says its kind in its test id (`cloneset-row`, `statefulset-row`, `daemonset-row`) and `data-kind`.
 */
export function WorkloadTable({
  cluster,
  rows,
  sort,
  onSort,
  badges,
  showKind,
}: {
  cluster: string;
  rows: WorkloadRow[];
  sort: SortState;
  onSort: (k: SortKey) => void;
  /** extra badges per row, keyed `<resource>:<namespace>/<name>`, e.g. the Kruise Rollout that owns a CloneSet */
  badges?: ReadonlyMap<string, ReactNode>;
  /** the rows are of several kinds: a KIND column says which */
  showKind: boolean;
}) {
  const widths = showKind ? WITH_KIND : WIDTHS;
  return (
    <VirtualTable
      rows={rows}
      rowKey={(r) => factsKey(r.resource, r.key)}
      rowAttrs={(r) => ({
        "data-testid": `${r.kind.toLowerCase()}-row`,
        "data-kind": r.kind,
        "data-name": r.name,
        "data-namespace": r.namespace,
      })}
      renderRow={(r) => (
        <WorkloadCells cluster={cluster} r={r} badge={badges?.get(factsKey(r.resource, r.key))} showKind={showKind} />
      )}
      colSpan={widths.length}
      colgroup={colgroup(widths)}
      estimate={56}
      caption="Workloads"
      tableTestId="workload-table"
      head={
        <tr>
          <SortHeader k="name" label="NAME" s={sort} onSort={onSort} />
          {showKind ? <SortHeader k="kind" label="KIND" s={sort} onSort={onSort} /> : null}
          <SortHeader k="namespace" label="NAMESPACE" s={sort} onSort={onSort} />
          <SortHeader k="desired" label="DESIRED" s={sort} onSort={onSort} num />
          <th className="num">UPDATED</th>
          <th className="num">
            UPDATED_
            <wbr />
            READY
          </th>
          <th className="num">
            UPDATED_
            <wbr />
            AVAILABLE
          </th>
          <SortHeader k="ready" label="READY" s={sort} onSort={onSort} num />
          <th className="num">TOTAL</th>
          <SortHeader k="age" label="AGE" s={sort} onSort={onSort} />
          <th>STRATEGY</th>
          <th>PARTITION</th>
          <SortHeader k="progress" label="REVISIONS" s={sort} onSort={onSort} />
          <th title="status.currentRevision == status.updateRevision, and every pod on it">
            CURRENT =<wbr /> UPDATE
          </th>
          <th>IMAGES</th>
        </tr>
      }
    />
  );
}
