import { humanDuration } from "@/lib/kruise/view/format";
import type { MarkKind, Sample, TimelineMark } from "@/lib/kruise/view/timeline";

/*
 * Hand-drawn SVG rather than a chart library: three step lines and some vertical marks are ~150 lines here,
 * while SVG chart libraries add 40–100 KiB gzip to the detail route (recharts and its d3 parts, visx with its
 * scales) and still need an accessible text alternative written by hand. So: our own SVG with <title>s, a real
 * text list of the marks beside it, and line styles that differ by dash pattern as well as colour.
 */

const H = 190;
// Room above the plot for three rows of mark glyphs, which stack instead of printing over each other.
const ROWS = 3;
// A row is a line of 11 px type (its box is about 14 px tall), so stacked glyphs never touch.
const ROW_H = 15;
const PAD = { l: 36, r: 96, t: 6 + ROWS * ROW_H, b: 22 };
// A glyph's width in user units (11 px type, the chart drawn at its real width): closer ones go to another row.
const GLYPH_W = 12;
// The axis says a time at most every this many units, so its labels never touch.
const TICK_GAP = 120;

const LINES: { key: keyof Omit<Sample, "at">; label: string; cls: string }[] = [
  { key: "updated", label: "updated", cls: "tl-updated" },
  { key: "ready", label: "ready", cls: "tl-ready" },
  { key: "available", label: "available", cls: "tl-available" },
];

export const MARK_GLYPH: Record<MarkKind, string> = {
  partition: "◆",
  paused: "‖",
  resumed: "▶",
  image: "◎",
  failed: "✕",
  pods: "•",
};

function clock(t: number): string {
  return new Date(t).toISOString().slice(11, 19);
}

/** A tick's label: the time of day, with the date where the span crosses days. */
function tickLabel(t: number, span: number): string {
  const iso = new Date(t).toISOString();
  if (span > 86_400_000) return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`;
  return span > 3_600_000 ? iso.slice(11, 16) : iso.slice(11, 19);
}

/**
 * The row each mark's glyph is drawn in: the first row whose last glyph is far enough to the left, so glyphs of
 * nearby marks stack instead of overlapping; -1 where every row is taken (the mark keeps its line and title).
 */
export function glyphRows(xs: readonly number[], rows = ROWS, width = GLYPH_W): number[] {
  const last = Array<number>(rows).fill(-Infinity);
  return xs.map((x) => {
    const r = last.findIndex((l) => x - l >= width);
    if (r >= 0) last[r] = x;
    return r;
  });
}

/**
 * The chart: x is time (from the workload's creation, or the first sample or mark, to now), y is pods
 * (0..replicas). Drawn at its box's real width (`width`), so its type stays 11 px at 800 px and at 1,920 px.
 */
export function TimelineChart({
  samples,
  marks,
  replicas,
  now,
  from,
  width = 1000,
}: {
  samples: Sample[];
  marks: TimelineMark[];
  replicas: number;
  now: number;
  /** where the axis starts (the workload's creation, when the lines are reconstructed from it) */
  from?: number;
  width?: number;
}) {
  const W = Math.max(width, 320);
  const t0 = Math.min(from ?? samples[0]?.at ?? now, ...marks.map((m) => m.at), from ? now : now - 60_000);
  const span = Math.max(now - t0, 1);
  const yMax = Math.max(replicas, ...samples.map((s) => Math.max(s.updated, s.ready, s.available)), 1);
  const x = (t: number) => PAD.l + ((t - t0) / span) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + (1 - v / yMax) * (H - PAD.t - PAD.b);
  const path = (k: keyof Omit<Sample, "at">) =>
    samples.map((s, i) => (i === 0 ? `M${x(s.at)},${y(s[k])}` : `H${x(s.at)}V${y(s[k])}`)).join("") +
    (samples.length ? `H${x(now)}` : "");
  const last = samples[samples.length - 1];
  const rows = glyphRows(marks.map((m) => x(m.at)));
  const plotW = W - PAD.l - PAD.r;
  const ticks = Math.max(1, Math.floor(plotW / TICK_GAP));
  // End labels pushed apart (12 units) so equal counts do not print on top of each other.
  const labelY = new Map<string, number>();
  if (last) {
    let prev = -Infinity;
    for (const l of [...LINES].sort((a, b) => y(last[a.key]) - y(last[b.key]))) {
      const at = Math.max(y(last[l.key]) + 4, prev + 12);
      labelY.set(l.key, at);
      prev = at;
    }
  }
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="timeline-svg"
      role="img"
      aria-labelledby="tl-title tl-desc"
      data-testid="timeline-chart"
      data-from={new Date(t0).toISOString()}
    >
      <title id="tl-title">Rollout timeline</title>
      <desc id="tl-desc">
        {last
          ? `Now ${last.updated} updated, ${last.ready} ready, ${last.available} available of ${replicas}; ${marks.length} marks over the last ${humanDuration(span)}.`
          : "No samples yet."}
      </desc>
      {[0, 0.5, 1].map((f) => (
        <g key={f} className="tl-grid">
          <line x1={PAD.l} x2={W - PAD.r} y1={y(yMax * f)} y2={y(yMax * f)} />
          <text x={PAD.l - 6} y={y(yMax * f) + 4} textAnchor="end">
            {Math.round(yMax * f)}
          </text>
        </g>
      ))}
      {Array.from({ length: ticks + 1 }, (_, i) => {
        const t = t0 + (span * i) / ticks;
        const anchor = i === 0 ? "start" : i === ticks ? "end" : "middle";
        return (
          <g key={i} className="tl-axis" data-testid="timeline-tick">
            <line x1={x(t)} x2={x(t)} y1={H - PAD.b} y2={H - PAD.b + 4} />
            <text x={x(t)} y={H - 6} textAnchor={anchor}>
              {tickLabel(t, span)}
              {i === ticks ? " UTC" : ""}
            </text>
          </g>
        );
      })}
      {marks.map((m, i) => (
        <g key={`${m.at}-${i}`} className={`tl-mark tl-${m.kind}`}>
          <title>{`${clock(m.at)} ${m.text}`}</title>
          <line x1={x(m.at)} x2={x(m.at)} y1={PAD.t} y2={H - PAD.b} />
          {rows[i] >= 0 ? (
            <text x={x(m.at)} y={2 + (rows[i] + 1) * ROW_H} textAnchor="middle" data-testid="timeline-glyph">
              {MARK_GLYPH[m.kind]}
            </text>
          ) : null}
        </g>
      ))}
      {LINES.map((l) => (
        <g key={l.key} className={l.cls}>
          <path d={path(l.key)} fill="none" />
          {last ? (
            <text x={W - PAD.r + 6} y={labelY.get(l.key)}>
              {l.label} {last[l.key]}
            </text>
          ) : null}
        </g>
      ))}
    </svg>
  );
}
