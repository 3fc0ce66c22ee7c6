"use client";
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { CELL_WORD, type PodMapGroup } from "@/lib/kruise/view/podmap";
import { cellAt, drawCell, layout, themePalette, type Layout } from "./draw";
import { useThemeVersion } from "@/components/ui/useThemeVersion";

/**
 * One revision's pods on one canvas: thousands of squares cost one draw, not thousands of DOM nodes. Hover or
 * focus (arrow keys) shows the pod's line; click or Enter selects it (the page scrolls the table to its row).
 */
export function GroupCanvas({
  group,
  total,
  width,
  label,
  onSelect,
}: {
  group: PodMapGroup;
  total: number;
  width: number;
  label: string;
  onSelect: (pod: string) => void;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const [hover, setHover] = useState(-1);
  const [focus, setFocus] = useState(-1);
  const theme = useThemeVersion();
  const n = group.cells.length;
  const l: Layout = layout(width, n, total);
  const height = Math.max(l.rows, 1) * (l.cell + l.gap) - l.gap;
  const active = hover >= 0 ? hover : focus;

  // The cells are drawn when they change; the hover/focus ring is a box over the canvas, so moving the pointer
  // across 5,000 pods redraws nothing.
  useLayoutEffect(() => {
    const c = ref.current;
    if (!c || width <= 0) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(width * dpr);
    c.height = Math.round(height * dpr);
    const ctx = c.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const p = themePalette(c);
    const step = l.cell + l.gap;
    group.cells.forEach((cell, i) =>
      drawCell(ctx, (i % l.cols) * step, Math.floor(i / l.cols) * step, l.cell, cell.state, cell.batch, p),
    );
  }, [group, width, height, l.cell, l.gap, l.cols, theme]);

  const index = (e: MouseEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return cellAt(l, e.clientX - r.left, e.clientY - r.top, n);
  };
  const onKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const move: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: l.cols, ArrowUp: -l.cols };
    if (e.key in move) {
      e.preventDefault();
      setFocus((f) => Math.min(n - 1, Math.max(0, (f < 0 ? 0 : f) + (f < 0 ? 0 : move[e.key]))));
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      setFocus(e.key === "Home" ? 0 : n - 1);
    } else if ((e.key === "Enter" || e.key === " ") && focus >= 0 && focus < n) {
      e.preventDefault();
      onSelect(group.cells[focus].name);
    }
  };
  const shown = active >= 0 && active < n ? group.cells[active] : null;
  const step = l.cell + l.gap;
  return (
    <div className="podmap-canvas" style={{ height }}>
      <canvas
        ref={ref}
        style={{ width, height }}
        tabIndex={0}
        role="img"
        aria-label={label}
        data-testid="pod-map-canvas"
        data-revision={group.revision}
        data-cell={l.cell}
        data-gap={l.gap}
        data-cols={l.cols}
        onMouseMove={(e) => setHover(index(e))}
        onMouseLeave={() => setHover(-1)}
        onClick={(e) => {
          const i = index(e);
          if (i >= 0) {
            setFocus(i);
            onSelect(group.cells[i].name);
          }
        }}
        onFocus={() => setFocus((f) => (f < 0 ? 0 : f))}
        onBlur={() => setFocus(-1)}
        onKeyDown={onKey}
      />
      {shown ? (
        <div
          aria-hidden="true"
          data-testid="pod-map-ring"
          style={{
            position: "absolute",
            pointerEvents: "none",
            left: (active % l.cols) * step - 2.5,
            top: Math.floor(active / l.cols) * step - 2.5,
            width: l.cell + 5,
            height: l.cell + 5,
            border: "2px solid var(--fg)",
            boxSizing: "border-box",
          }}
        />
      ) : null}
      {shown ? (
        <div
          className="podmap-tip"
          role="status"
          data-testid="pod-map-tip"
          style={{
            left: Math.min((active % l.cols) * step, Math.max(width - 360, 0)),
            top: Math.floor(active / l.cols) * step + l.cell + 6,
          }}
        >
          <strong>{CELL_WORD[shown.state]}</strong> <span className="mono">{shown.line}</span>
        </div>
      ) : null}
    </div>
  );
}
