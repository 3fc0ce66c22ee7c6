"use client";
import { memo } from "react";
import type { OrdinalSlotView, OrdinalsView } from "@/lib/kruise/view/statefulset";
import { Badge, type Tone } from "@/components/ui/Badge";

/** The words and tone of one ordinal: its state in text first (colour only repeats it). */
function slotWords(s: OrdinalSlotView): { tone: Tone; icon: string; word: string } {
  if (s.state === "reserved") return { tone: "neutral", icon: "⊘", word: "reserved" };
  if (s.state === "missing") return { tone: "warn", icon: "◌", word: "missing" };
  const p = s.pod!;
  if (s.state === "condemned") return { tone: "warn", icon: "↓", word: "scaling in" };
  if (p.terminating) return { tone: "warn", icon: "◷", word: "terminating" };
  if (p.problem) return { tone: "bad", icon: "✕", word: p.problem.reason };
  const rev = s.updated ? "new" : "old";
  if (!p.ready) return { tone: "info", icon: "↻", word: `${rev}, not ready` };
  return { tone: s.updated ? "ok" : "neutral", icon: s.updated ? "▲" : "●", word: rev };
}

const Slot = memo(function Slot({ s }: { s: OrdinalSlotView }) {
  const w = slotWords(s);
  const title = s.pod ? `${s.pod.name} · ${s.pod.node || "unscheduled"} · revision ${s.pod.revision}` : undefined;
  return (
    <li data-testid="ordinal" data-ordinal={s.ordinal} data-state={s.state} data-updated={s.updated || undefined}>
      <Badge tone={w.tone} icon={w.icon} title={title}>
        <span className="mono">{s.ordinal}</span> {w.word}
      </Badge>
    </li>
  );
});

/**
 * The pods by ordinal, 0 up: each ordinal's pod and revision, the ordinals reserveOrdinals skips, and where an ordered
 * update's partition falls (docs/kruise-rules.md §13.1, §13.4).
 */
export function OrdinalsPanel({ v }: { v: OrdinalsView }) {
  return (
    <section className="panel" aria-labelledby="ordinals-h" data-testid="ordinals">
      <h2 id="ordinals-h">Pods by ordinal</h2>
      <p className="muted" data-testid="ordinals-summary">
        {v.summary}
        {v.reservedBeyond.length
          ? `; also reserved beyond the range: ${v.reservedBeyond.join(", ")} (skipped if the set grows)`
          : ""}
      </p>
      {v.slots.length === 0 ? (
        <div className="empty">No ordinals: the set has 0 replicas.</div>
      ) : (
        <ol
          aria-label="Ordinals, lowest first"
          style={{ display: "flex", flexWrap: "wrap", gap: 4, listStyle: "none", padding: 0, margin: 0 }}
        >
          {v.slots.map((s) => (
            <OrdinalWithBoundary key={s.ordinal} s={s} boundary={v.boundary} />
          ))}
        </ol>
      )}
    </section>
  );
}

function OrdinalWithBoundary({ s, boundary }: { s: OrdinalSlotView; boundary: number | null }) {
  if (boundary === null || s.ordinal !== boundary || boundary === 0) return <Slot s={s} />;
  return (
    <>
      <li data-testid="partition-boundary" aria-label={`partition ${boundary}: ordinals from here update`}>
        <span className="badge info">
          <span aria-hidden="true">┃</span> partition {boundary} →
        </span>
      </li>
      <Slot s={s} />
    </>
  );
}
