/**
 * Drawing pod cells on a canvas. Each state has a shape as well as a colour (hollow, striped, crossed, half), so
 * the map never relies on colour alone; the legend uses the same function.
 */
import type { CellState, PodCell } from "@/lib/kruise/view/podmap";
import { currentTheme } from "@/components/ui/useThemeVersion";

export interface Palette {
  ok: string;
  info: string;
  warn: string;
  bad: string;
  muted: string;
  pending: string;
  panel: string;
  fg: string;
}

let kept: { theme: string; palette: Palette } | null = null;

/**
 * readPalette once per theme (components/ui/useThemeVersion.ts currentTheme): every canvas and swatch shares one
 * read, since reading computed style on a page React just changed makes the browser compute its style there and then.
 */
export function themePalette(el: Element): Palette {
  const theme = currentTheme();
  if (kept?.theme !== theme) kept = { theme, palette: readPalette(el) };
  return kept.palette;
}

/** The page's theme colours (CSS variables), read when drawing so the map follows the theme. */
export function readPalette(el: Element): Palette {
  const cs = getComputedStyle(el);
  const v = (n: string, d: string) => cs.getPropertyValue(n).trim() || d;
  return {
    ok: v("--ok", "#116329"),
    info: v("--info", "#2457c5"),
    warn: v("--warn", "#7d5400"),
    bad: v("--bad", "#c0292b"),
    muted: v("--muted", "#5b6470"),
    pending: v("--pending", "#c8ced8"),
    panel: v("--panel", "#ffffff"),
    fg: v("--fg", "#1b1f24"),
  };
}

/** One cell at (x, y), size s. */
export function drawCell(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  s: number,
  state: CellState,
  batch: PodCell["batch"],
  p: Palette,
) {
  const line = (color: string, ax: number, ay: number, bx: number, by: number) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(1, s / 8);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
  };
  const outline = (color: string) => {
    ctx.strokeStyle = color;
    ctx.lineWidth = Math.max(1, s / 7);
    const w = ctx.lineWidth;
    ctx.strokeRect(x + w / 2, y + w / 2, s - w, s - w);
  };
  switch (state) {
    case "ready":
      ctx.fillStyle = p.ok;
      ctx.fillRect(x, y, s, s);
      break;
    case "updating": {
      ctx.fillStyle = p.info;
      ctx.fillRect(x, y, s, s);
      // The in-place container batch: a light strip filled to batches done / batches in all.
      const h = Math.max(2, Math.round(s / 4));
      ctx.fillStyle = p.panel;
      ctx.fillRect(x + 1, y + s - h - 1, s - 2, h);
      if (batch.of > 0) {
        ctx.fillStyle = p.fg;
        ctx.fillRect(x + 1, y + s - h - 1, ((s - 2) * batch.done) / batch.of, h);
      }
      break;
    }
    case "recreating":
      outline(p.info);
      ctx.fillStyle = p.info;
      ctx.fillRect(x + s / 3, y + s / 3, s / 3, s / 3);
      break;
    case "preparing-update":
      outline(p.warn);
      ctx.fillStyle = p.warn;
      ctx.fillRect(x, y, s, s / 2);
      break;
    case "preparing-delete":
      outline(p.warn);
      line(p.warn, x + 1, y + s - 1, x + s - 1, y + 1);
      break;
    case "not-ready":
      ctx.fillStyle = p.pending;
      ctx.fillRect(x, y, s, s);
      outline(p.muted);
      break;
    case "failing":
      ctx.fillStyle = p.bad;
      ctx.fillRect(x, y, s, s);
      line(p.panel, x + 2, y + 2, x + s - 2, y + s - 2);
      line(p.panel, x + s - 2, y + 2, x + 2, y + s - 2);
      break;
    case "terminating":
      outline(p.muted);
      line(p.muted, x + 2, y + s / 2, x + s - 2, y + s / 2);
      break;
  }
}

export interface Layout {
  cell: number;
  gap: number;
  cols: number;
  rows: number;
}

export function layout(width: number, count: number, total: number): Layout {
  const cell = total > 2000 ? 8 : total > 400 ? 10 : 14;
  const gap = total > 2000 ? 2 : 3;
  const cols = Math.max(1, Math.floor((width + gap) / (cell + gap)));
  return { cell, gap, cols, rows: Math.ceil(count / cols) };
}

export function cellAt(l: Layout, x: number, y: number, count: number): number {
  const col = Math.floor(x / (l.cell + l.gap));
  const row = Math.floor(y / (l.cell + l.gap));
  if (col < 0 || col >= l.cols || row < 0) return -1;
  const i = row * l.cols + col;
  return i < count ? i : -1;
}
