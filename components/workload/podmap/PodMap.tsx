"use client";
import Link from "next/link";
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { CELL_STATES, CELL_WORD, countsText, podMap, type CellState } from "@/lib/kruise/view/podmap";
import type { PodGroup } from "@/lib/kruise/view/pods";
import { plural } from "@/lib/kruise/view/format";
import { Badge } from "@/components/ui/Badge";
import { drawCell, themePalette } from "./draw";
import { GroupCanvas } from "./GroupCanvas";
import { PodMapTable } from "./PodMapTable";
import { useThemeVersion } from "@/components/ui/useThemeVersion";

function Swatch({ state }: { state: CellState }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useThemeVersion();
  useEffect(() => {
    const c = ref.current;
    const ctx = c?.getContext("2d");
    if (!c || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = 12 * dpr;
    c.height = 12 * dpr;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, 12, 12);
    drawCell(ctx, 0, 0, 12, state, { done: 1, of: 2 }, themePalette(c));
  }, [state, theme]);
  return <canvas ref={ref} aria-hidden="true" style={{ width: 12, height: 12 }} />;
}

/**
 * Every pod as a square, grouped by revision (update revision first), coloured and shaped by state. The counts
 * are text; the squares have a table alternative for screen readers (and for anyone who wants the list).
 */
export function PodMap({
  groups,
  onSelect,
  selected,
  podHref,
}: {
  groups: PodGroup[];
  onSelect: (pod: string) => void;
  /** the pod last chosen on the map */
  selected?: string | null;
  /** a pod's own page (containers and logs): the chosen pod links to it, as does every pod of the list alternative */
  podHref?: (pod: string) => string;
}) {
  // The map follows the pods a render behind the table: when they change, the table's rows commit first and the
  // map's cells (a model and a canvas draw per revision) in a render of their own that input can interrupt.
  const shownGroups = useDeferredValue(groups);
  const model = useMemo(() => podMap(shownGroups), [shownGroups]);
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  // The width as ResizeObserver reports it after the browser's own layout (its first report comes with the first
  // frame): reading clientWidth here would force a layout of the whole fresh page inside React's commit.
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <section className="panel" aria-labelledby="podmap-h" data-testid="pod-map">
      <div className="page-head" style={{ marginBottom: 8 }}>
        <h2 id="podmap-h" style={{ margin: 0 }}>
          Pod map
        </h2>
        <span className="muted" data-testid="pod-map-summary">
          {model.summary}
        </span>
        {selected && podHref ? (
          <span className="small" data-testid="pod-map-selected">
            <span className="mono">{selected}</span>: <Link href={podHref(selected)}>containers and logs</Link>
          </span>
        ) : null}
      </div>
      <ul className="podmap-legend" aria-label="Legend">
        {CELL_STATES.map((s) => (
          <li key={s} data-state={s} className={model.counts[s] ? undefined : "muted"}>
            <Swatch state={s} /> {CELL_WORD[s]} <span className="mono">{model.counts[s] ?? 0}</span>
          </li>
        ))}
      </ul>
      <div ref={box}>
        {model.total === 0 ? (
          <div className="empty">No pods yet.</div>
        ) : (
          model.groups.map((g) => (
            <div key={g.revision} className="podmap-group" data-testid="pod-map-group" data-revision={g.revision}>
              <div className="small">
                <span className="mono">{g.revision}</span>{" "}
                {g.isUpdate ? (
                  <Badge tone="info" icon="▲">
                    update
                  </Badge>
                ) : null}{" "}
                {g.isCurrent ? (
                  <Badge tone="ok" icon="●">
                    current
                  </Badge>
                ) : null}{" "}
                <span className="muted">
                  {plural(g.cells.length, "pod")}: {countsText(g.counts)}
                </span>
              </div>
              {width > 0 ? (
                <GroupCanvas
                  group={g}
                  total={model.total}
                  width={width}
                  label={`Revision ${g.revision}${g.isUpdate ? " (update)" : ""}: ${plural(g.cells.length, "pod")}, ${countsText(g.counts)}. Arrow keys move between pods, Enter shows the pod in the table.`}
                  onSelect={onSelect}
                />
              ) : null}
            </div>
          ))
        )}
      </div>
      <PodMapTable model={model} podHref={podHref} />
    </section>
  );
}
