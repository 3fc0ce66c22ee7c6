"use client";
import Link from "next/link";
import { memo, type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { PodGroup, PodRow } from "@/lib/kruise/view/pods";
import { plural } from "@/lib/kruise/view/format";
import { Badge } from "@/components/ui/Badge";
import { VirtualTable } from "@/components/ui/VirtualTable";

type Line = { kind: "group"; g: PodGroup; shown: number } | { kind: "pod"; p: PodRow };

const COLS = 9;

function shortId(id: string): string {
  const at = id.lastIndexOf("@");
  const digest = at >= 0 ? id.slice(at + 1) : id;
  return digest.length > 19 ? `${digest.slice(0, 19)}…` : digest;
}

// Frames to wait for a chosen pod's row: the table scrolls to it first, then draws it.
const FOCUS_FRAMES = 60;

/**
 * Moves keyboard focus to the chosen pod's row (its link, else the row) once the table has drawn it, so Enter on the
 * pod map leaves the user on the row it scrolled to, not on the map above it. Once per choice (`seq`).
 */
function useFocusRow(section: RefObject<HTMLElement | null>, selected?: { name: string; seq: number } | null) {
  useEffect(() => {
    if (!selected) return;
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const row = section.current?.querySelector<HTMLElement>(
        `tr[data-testid="pod-row"][data-name="${CSS.escape(selected.name)}"]`,
      );
      if (row) {
        const target = row.querySelector<HTMLElement>("a[href]") ?? row;
        if (target === row) row.tabIndex = -1;
        target.focus({ preventScroll: true });
        return;
      }
      if (++tries < FOCUS_FRAMES) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
    // Once per choice, not on every live update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected?.seq]);
}

// A row is a value reused while its pod is unchanged (lib/kruise/view/row-cache.ts): a live update re-renders the
// rows whose pods changed, not every visible row.
const PodCells = memo(function PodCells({ p, href }: { p: PodRow; href?: string }) {
  const ipr = p.inPlaceUpdateReady;
  return (
    <>
      <td className="mono" data-col="name">
        {href ? (
          <Link href={href} title={`${p.name}: containers and logs`} data-testid="pod-link">
            {p.name}
          </Link>
        ) : (
          p.name
        )}
        {p.terminating ? (
          <>
            {" "}
            <Badge tone="warn" icon="◷">
              terminating
            </Badge>
          </>
        ) : null}
      </td>
      <td>{p.node || <span className="muted">unscheduled</span>}</td>
      <td>{p.phase}</td>
      <td>
        {p.ready ? (
          <Badge tone="ok" icon="✓">
            Ready
          </Badge>
        ) : (
          <Badge tone="warn" icon="✕">
            Not ready
          </Badge>
        )}
      </td>
      <td>{p.lifecycle || <span className="muted">—</span>}</td>
      <td title={ipr?.reason}>
        {ipr ? `${ipr.status}${ipr.reason ? ` (${ipr.reason})` : ""}` : <span className="muted">—</span>}
      </td>
      <td className="num">{p.restarts}</td>
      <td className="small">
        {p.containers.map((c) => (
          <div key={c.name}>
            <span className="mono">
              {c.name}: {c.specImage}
            </span>
            {c.imageID ? (
              <span className="muted mono" title={c.imageID}>
                {" "}
                {shortId(c.imageID)}
              </span>
            ) : null}
            {c.problem ? (
              <>
                {" "}
                <Badge tone="bad" icon="✕" title={c.problem.message}>
                  {c.problem.reason}
                </Badge>
              </>
            ) : null}
          </div>
        ))}
      </td>
      <td className="small" data-col="inplace">
        {p.gracePending ? (
          <div>
            <Badge tone="info" icon="◷">
              grace period
            </Badge>
          </div>
        ) : null}
        {p.inPlace ? (
          <div title={p.inPlace.batchesDone.map((b) => `${b.timestamp}: ${b.containers.join(",")}`).join("\n")}>
            → <span className="mono">{p.inPlace.revision}</span> since {p.inPlace.updateTimestamp.replace("T", " ")}
            <div>
              {p.inPlace.batchLabel}
              {p.inPlace.batchesDone.length
                ? ` (done: ${p.inPlace.batchesDone.flatMap((b) => b.containers).join(", ")})`
                : ""}
              {p.inPlace.pendingContainers.length ? `; pending: ${p.inPlace.pendingContainers.join(", ")}` : ""}
              {p.inPlace.waitingFor.length ? `; waiting for ${p.inPlace.waitingFor.join(", ")} ready` : ""}
            </div>
          </div>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
    </>
  );
});

/** Pods grouped by revision (update revision first), virtualised for large workloads. */
export function PodsPanel({
  groups,
  total,
  selected,
  kind = "CloneSet",
  podHref,
}: {
  groups: PodGroup[];
  total: number;
  /** the workload's kind, for the empty state */
  kind?: string;
  /** A pod chosen on the pod map: its row is scrolled to, highlighted and focused. */
  selected?: { name: string; seq: number } | null;
  /** The pod's own page (containers and logs), linked from its name. */
  podHref?: (pod: string) => string;
}) {
  const [filter, setFilter] = useState("");
  const section = useRef<HTMLElement>(null);
  const lines = useMemo(() => {
    const f = filter.trim().toLowerCase();
    const out: Line[] = [];
    for (const g of groups) {
      const pods = f
        ? g.pods.filter((p) => p.name.toLowerCase().includes(f) || p.node.toLowerCase().includes(f))
        : g.pods;
      out.push({ kind: "group", g, shown: pods.length });
      for (const p of pods) out.push({ kind: "pod", p });
    }
    return out;
  }, [groups, filter]);
  const scrollTo = useMemo(() => {
    const p = selected ? groups.flatMap((g) => g.pods).find((x) => x.name === selected.name) : undefined;
    return p && selected ? { key: `p:${p.key}`, seq: selected.seq } : null;
    // Scroll once per selection, not on every live update of the groups.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected]);
  useFocusRow(section, selected);
  const head = (
    <tr>
      <th>POD</th>
      <th>NODE</th>
      <th>PHASE</th>
      <th>READY</th>
      <th>LIFECYCLE</th>
      <th>IN-PLACE READY</th>
      <th className="num">RESTARTS</th>
      <th>CONTAINERS (image, imageID)</th>
      <th>IN-PLACE STATE</th>
    </tr>
  );
  return (
    <section className="panel" aria-labelledby="pods" data-testid="pods" ref={section}>
      <div className="page-head" style={{ marginBottom: 8 }}>
        <h2 id="pods" style={{ margin: 0 }}>
          Pods by revision <span className="muted small">({total})</span>
        </h2>
        <span className="spacer" />
        <label className="small muted">
          Filter pods{" "}
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="pod or node name"
          />
        </label>
      </div>
      {total === 0 ? (
        <div className="empty">This {kind} has no pods.</div>
      ) : (
        <VirtualTable
          rows={lines}
          rowKey={(l) => (l.kind === "group" ? `g:${l.g.revision}` : `p:${l.p.key}`)}
          rowAttrs={(l) =>
            l.kind === "group"
              ? { className: "group", "data-testid": "pod-group", "data-revision": l.g.revision }
              : {
                  "data-testid": "pod-row",
                  "data-name": l.p.name,
                  className: l.p.name === selected?.name ? "selected" : undefined,
                }
          }
          head={head}
          colSpan={COLS}
          caption="Pods grouped by revision"
          testId="pods-scroll"
          estimate={44}
          scrollTo={scrollTo}
          renderRow={(l) =>
            l.kind === "group" ? (
              <td colSpan={COLS}>
                Revision <span className="mono">{l.g.revision}</span>
                {l.g.revisionNumber !== null ? <span className="muted"> (#{l.g.revisionNumber})</span> : null}{" "}
                {l.g.isUpdate ? (
                  <Badge tone="info" icon="▲">
                    update
                  </Badge>
                ) : null}{" "}
                {l.g.isCurrent ? (
                  <Badge tone="ok" icon="●">
                    current
                  </Badge>
                ) : null}{" "}
                <span className="muted">
                  {l.shown === l.g.pods.length
                    ? plural(l.g.pods.length, "pod")
                    : `${l.shown} of ${plural(l.g.pods.length, "pod")}`}
                </span>
              </td>
            ) : (
              <PodCells p={l.p} href={podHref?.(l.p.name)} />
            )
          }
        />
      )}
    </section>
  );
}
