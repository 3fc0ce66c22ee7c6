import { humanDuration } from "@/lib/kruise/view/format";
import type { MarkKind, Sample, TimelineMark } from "@/lib/kruise/view/timeline";

/*
 * Hand-drawn SVG rather than a chart library: three step lines and some vertical marks are ~150 lines here,
 * while SVG chart libraries add 40–100 KiB gzip to the detail route (recharts and its d3 parts, visx with its
 * scales) and still need an accessible text alternative written by hand. So: our own SVG with <title>s, a real
 * text list of the marks beside it, and line styles that differ by dash pattern as well as colour.
 */

const W = 1000;
const H = 160;
const PAD = { l: 36, r: 90, t: 12, b: 22 };

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

/** The chart: x is time (from the first sample or mark to now), y is pods (0..replicas). */
export function TimelineChart({
  samples,
  marks,
  replicas,
  now,
}: {
  samples: Sample[];
  marks: TimelineMark[];
  replicas: number;
  now: number;
}) {
  const t0 = Math.min(samples[0]?.at ?? now, ...marks.map((m) => m.at), now - 60_000);
  const span = Math.max(now - t0, 1);
  const yMax = Math.max(replicas, ...samples.map((s) => Math.max(s.updated, s.ready, s.available)), 1);
  const x = (t: number) => PAD.l + ((t - t0) / span) * (W - PAD.l - PAD.r);
  const y = (v: number) => PAD.t + (1 - v / yMax) * (H - PAD.t - PAD.b);
  const path = (k: keyof Omit<Sample, "at">) =>
    samples.map((s, i) => (i === 0 ? `M${x(s.at)},${y(s[k])}` : `H${x(s.at)}V${y(s[k])}`)).join("") +
    (samples.length ? `H${x(now)}` : "");
  const last = samples[samples.length - 1];
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
      <text className="tl-axis" x={PAD.l} y={H - 6}>
        {clock(t0)}
      </text>
      <text className="tl-axis" x={W - PAD.r} y={H - 6} textAnchor="end">
        {clock(now)} UTC
      </text>
      {marks.map((m, i) => (
        <g key={`${m.at}-${i}`} className={`tl-mark tl-${m.kind}`}>
          <title>{`${clock(m.at)} ${m.text}`}</title>
          <line x1={x(m.at)} x2={x(m.at)} y1={PAD.t} y2={H - PAD.b} />
          <text x={x(m.at)} y={PAD.t + 2} textAnchor="middle">
            {MARK_GLYPH[m.kind]}
          </text>
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
