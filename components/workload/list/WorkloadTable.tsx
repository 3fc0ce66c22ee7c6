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
import { ImagesCell, SyncCell, wordBreaks } from "./RowCells";
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
  full,
}: {
  cluster: string;
  r: WorkloadRow;
  badge?: ReactNode;
  showKind: boolean;
  /** every column; else the narrow layout's (see COLUMNS) */
  full: boolean;
}) {
  return (
    <>
      <td data-col="name">
        <Link href={pages.workload(cluster, r.namespace, r.resource as ResourceName, r.name)}>{r.name}</Link>{" "}
        {showKind && !full ? (
          <div className="small muted" data-testid="row-kind">
            {r.kindTitle}
          </div>
        ) : null}
        <StateBadges state={r.state} kruiseRolloutBadge={badge} />
        {ROW_REASON.has(r.state.kind) ? (
          <div className="small row-reason" data-kind={r.state.kind} data-testid="row-reason" title={r.state.reason}>
            {r.state.reason}
          </div>
        ) : null}
        {r.hookWaits.map((t) => (
          <div key={t} className="small muted wrap" data-testid="row-hook-wait">
            {t[0].toUpperCase() + t.slice(1)}
          </div>
        ))}
      </td>
      {showKind && full ? (
        <td className="wrap" data-col="kind">
          {r.kindTitle}
        </td>
      ) : null}
      <td data-col="namespace">{r.namespace}</td>
      {full ? (
        <>
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
        </>
      ) : (
        <td className="num" data-col="ready" title={`${r.ready} ready of ${r.desired} desired`}>
          {r.ready}/{r.desired}
        </td>
      )}
      <td title={r.created} data-col="age">
        {r.age}
      </td>
      {full ? <td className="wrap small words">{wordBreaks(r.strategyType)}</td> : null}
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
      <td className="mono small" data-col="images">
        <ImagesCell r={r} />
      </td>
    </>
  );
});

// States whose reason the row says under the badge, not only in its tooltip: what is wrong, where.
const ROW_REASON = new Set<WorkloadRow["state"]["kind"]>(["stuck", "waiting-for-controller"]);

// Column shares of the table's width (they add up to 100), measured from each header's text at 1,280 px. Fixed widths keep the
// columns still while rows scroll in and out of the drawn window, and spare the browser from measuring every cell
// of every row again each time one changes. With the KIND column the others give it a share.
const WIDTHS = [12, 7.5, 5.6, 5.9, 6.4, 6.7, 4.4, 4.2, 4.5, 6.5, 6.5, 11.3, 5.8, 12.7];
const WITH_KIND = [10, 6.5, 7.5, 5.6, 5.9, 6.4, 6.7, 4.4, 4.2, 4.5, 6.5, 6.5, 11.3, 5.8, 8.2];
// The table's least width in px: at it every header fits its share whole, and a narrower box scrolls sideways
// instead of cutting one ("All columns" in a narrow window). Checked in Chromium by test/e2e/glance.spec.ts.
const MIN_FULL = 1190;
const MIN_FULL_KIND = 1190;
// The narrow layout (below NARROW_PX): name (with the kind under it), namespace, READY as kubectl's "ready/desired",
// age, partition, revisions, current = update, images; the updated counts, total and strategy are on the detail
// page, or back with "All columns". Shares weighted by each column's least width.
const NARROW = [14.5, 12.5, 11, 7, 10, 19, 11, 15];
const MIN_NARROW = 740;
/**
 * Below this viewport width the list takes its narrow layout unless "All columns" is chosen: every column's header
 * needs the table at MIN_FULL_KIND px, which a window narrower than this cannot give without a sideways scroll.
 */
export const NARROW_PX = 1280;
const colgroup = (widths: number[]) => (
  <colgroup>
    {widths.map((w, i) => (
      <col key={i} style={{ width: `${w}%` }} />
    ))}
  </colgroup>
);

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
  full = true,
}: {
  cluster: string;
  rows: WorkloadRow[];
  sort: SortState;
  onSort: (k: SortKey) => void;
  /** extra badges per row, keyed `<resource>:<namespace>/<name>`, e.g. the Kruise Rollout that owns a CloneSet */
  badges?: ReadonlyMap<string, ReactNode>;
  /** the rows are of several kinds: a KIND column says which */
  showKind: boolean;
  /** every column (default); false: the narrow layout */
  full?: boolean;
}) {
  const widths = !full ? NARROW : showKind ? WITH_KIND : WIDTHS;
  const minWidth = !full ? MIN_NARROW : showKind ? MIN_FULL_KIND : MIN_FULL;
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
        <WorkloadCells
          cluster={cluster}
          r={r}
          badge={badges?.get(factsKey(r.resource, r.key))}
          showKind={showKind}
          full={full}
        />
      )}
      colSpan={widths.length}
      colgroup={colgroup(widths)}
      tableMinWidth={minWidth}
      estimate={56}
      caption="Workloads"
      tableTestId="workload-table"
      head={
        <tr>
          <SortHeader k="name" label="NAME" s={sort} onSort={onSort} />
          {showKind && full ? <SortHeader k="kind" label="KIND" s={sort} onSort={onSort} /> : null}
          <SortHeader k="namespace" label="NAMESPACE" s={sort} onSort={onSort} />
          {full ? (
            <>
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
            </>
          ) : (
            <SortHeader k="ready" label="READY" s={sort} onSort={onSort} num />
          )}
          <SortHeader k="age" label="AGE" s={sort} onSort={onSort} />
          {full ? <th>STRATEGY</th> : null}
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
