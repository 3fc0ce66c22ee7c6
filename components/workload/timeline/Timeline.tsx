"use client";
import { useEffect, useMemo, useRef, useState } from "react";
import type { EventRow } from "@/lib/kruise/view/events";
import type { UpdateProgress } from "@/lib/kruise/view/list";
import {
  addSample,
  eventMarks,
  managedMarks,
  mergeMarks,
  specChangeMarks,
  type Sample,
  type TimelineMark,
} from "@/lib/kruise/view/timeline";
import type { ViewWorkload } from "@/lib/kruise/view/types";
import { MARK_GLYPH, TimelineChart } from "./TimelineChart";

const LISTED = 8;

/** The rollout over time: counts since the page opened and the marks (who changed what, which pod failed). */
export function Timeline({
  cs,
  progress,
  events,
  now,
  kind = "CloneSet",
}: {
  cs: ViewWorkload;
  progress: UpdateProgress;
  events: EventRow[];
  now: Date;
  /** the workload's kind, whose own events mark the timeline */
  kind?: string;
}) {
  const [samples, setSamples] = useState<Sample[]>([]);
  const [live, setLive] = useState<TimelineMark[]>([]);
  const prev = useRef<ViewWorkload | null>(null);
  const { updated, updatedReady, updatedAvailable } = progress;
  useEffect(() => {
    // Sampling is the point of this effect: the lines are what the page saw, moment by moment.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSamples((s) => addSample(s, { at: Date.now(), updated, ready: updatedReady, available: updatedAvailable }));
  }, [updated, updatedReady, updatedAvailable]);
  useEffect(() => {
    if (prev.current && prev.current !== cs) {
      const m = specChangeMarks(prev.current, cs, Date.now());
      if (m.length) setLive((l) => [...l, ...m]);
    }
    prev.current = cs;
  }, [cs]);
  const marks = useMemo(() => mergeMarks(live, managedMarks(cs), eventMarks(events, kind)), [live, cs, events, kind]);
  const recent = marks.slice(-LISTED).reverse();
  return (
    <section className="panel" aria-labelledby="timeline-h" data-testid="timeline">
      <h2 id="timeline-h">Timeline</h2>
      <div className="timeline-legend small muted" aria-hidden="true">
        <span className="tl-key tl-updated">updated</span>
        <span className="tl-key tl-ready">ready</span>
        <span className="tl-key tl-available">available</span>
        <span>lines since this page opened; marks from Events and managedFields</span>
      </div>
      <TimelineChart samples={samples} marks={marks} replicas={cs.spec?.replicas ?? 1} now={now.getTime()} />
      {recent.length === 0 ? (
        <p className="muted small">No changes or pod failures recorded yet.</p>
      ) : (
        <ol className="timeline-marks small" aria-label="Timeline marks, newest first" data-testid="timeline-marks">
          {recent.map((m, i) => (
            <li key={`${m.at}-${i}`} data-kind={m.kind} data-testid="timeline-mark">
              <span className="mono muted">{new Date(m.at).toISOString().slice(11, 19)}</span>{" "}
              <span aria-hidden="true">{MARK_GLYPH[m.kind]}</span> {m.text}
            </li>
          ))}
          {marks.length > LISTED ? <li className="muted">…{marks.length - LISTED} earlier</li> : null}
        </ol>
      )}
    </section>
  );
}
