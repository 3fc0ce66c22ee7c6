"use client";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import type { EventRow } from "@/lib/kruise/view/events";
import { timeOf } from "@/lib/kruise/view/format";
import type { UpdateProgress } from "@/lib/kruise/view/list";
import type { PodRow } from "@/lib/kruise/view/pods";
import { historySamples, joinHistory } from "@/lib/kruise/view/timeline-history";
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

/** The chart's box width in CSS pixels, followed as the window resizes (the chart draws at its real size). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number | undefined] {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => setWidth(Math.round(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The rollout over time, from the workload's creation: the counts its current pods went through (reconstructed from
 * their own times, lib/kruise/view/timeline-history.ts), then as the page sees them, and the marks (who changed
 * what, which pod failed), each change once.
 */
export function Timeline({
  cs,
  progress,
  events,
  now,
  pods,
  kind = "CloneSet",
}: {
  cs: ViewWorkload;
  progress: UpdateProgress;
  events: EventRow[];
  now: Date;
  /** the workload's pods, whose own times give the lines before the page opened */
  pods?: readonly PodRow[];
  /** the workload's kind, whose own events mark the timeline */
  kind?: string;
}) {
  const [box, width] = useWidth<HTMLDivElement>();
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
  const created = timeOf(cs.metadata?.creationTimestamp);
  const updateRevision = cs.status?.updateRevision ?? "";
  const minReady = cs.spec?.minReadySeconds ?? 0;
  // Up to any time: the live samples take over from the page's first moment (joinHistory).
  const history = useMemo(
    () => (pods && created ? historySamples(pods, updateRevision, created, Infinity, minReady) : []),
    [pods, updateRevision, created, minReady],
  );
  const shown = useMemo(() => joinHistory(history, samples), [history, samples]);
  return (
    <section className="panel" aria-labelledby="timeline-h" data-testid="timeline">
      <h2 id="timeline-h">Timeline</h2>
      <div className="timeline-legend small muted" aria-hidden="true">
        <span className="tl-key tl-updated">updated</span>
        <span className="tl-key tl-ready">ready</span>
        <span className="tl-key tl-available">available</span>
        <span>
          {history.length
            ? "pods on the update revision since creation; marks from Events and managedFields"
            : "lines since this page opened; marks from Events and managedFields"}
        </span>
      </div>
      <div ref={box}>
        <TimelineChart
          samples={shown}
          marks={marks}
          replicas={cs.spec?.replicas ?? 1}
          now={now.getTime()}
          from={history.length ? created : undefined}
          width={width}
        />
      </div>
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
