"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useLayoutEffect, useRef } from "react";
import { lineLevel, shortTime, splitTimestamp } from "@/lib/logs/lines";
import type { LineRing } from "@/lib/logs/ring";
import { highlightParts } from "@/lib/logs/search";

/** Every line is one row of this height (no wrapping: long lines scroll sideways), so rows need no measuring. */
export const ROW_PX = 18;

const Line = memo(function Line({
  number,
  line,
  search,
  showTime,
  current,
}: {
  number: number;
  line: string;
  search: string;
  showTime: boolean;
  current: boolean;
}) {
  const { time, text } = splitTimestamp(line);
  const level = lineLevel(text);
  return (
    <>
      <span className="log-no" aria-hidden="true">
        {number}
      </span>
      {showTime && time ? (
        <time className="log-time" dateTime={time} title={time}>
          {shortTime(time)}
        </time>
      ) : null}
      <span className="log-text" data-level={level} data-current={current || undefined}>
        {search ? highlightParts(text, search).map((p, i) => (p.match ? <mark key={i}>{p.text}</mark> : p.text)) : text}
      </span>
    </>
  );
});

export interface LogViewProps {
  ring: LineRing;
  /** changes when the ring does: the rows re-render for it */
  version: number;
  /** the ring's indices to show (only matching lines), or null for all */
  shown: readonly number[] | null;
  search: string;
  showTime: boolean;
  /** keep the newest line in view */
  following: boolean;
  /** the user scrolled up: following stops until they ask for it again */
  onScrolledUp: () => void;
  /** scroll to this ring index (a search match); a new `seq` asks again */
  reveal: { index: number; seq: number } | null;
  label: string;
}

/**
 * The log's lines, rendering only those in view (10,000 kept lines cost a screenful of DOM). While following, each
 * render that brings lines scrolls to the newest; a scroll up by the user stops that.
 */
export function LogView({
  ring,
  version,
  shown,
  search,
  showTime,
  following,
  onScrolledUp,
  reveal,
  label,
}: LogViewProps) {
  const box = useRef<HTMLDivElement>(null);
  const autoTop = useRef(0);
  const count = shown ? shown.length : ring.size;
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count,
    getScrollElement: () => box.current,
    estimateSize: () => ROW_PX,
    overscan: 20,
  });
  const dropped = useRef(ring.dropped);
  useLayoutEffect(() => {
    const el = box.current;
    const gone = ring.dropped - dropped.current;
    dropped.current = ring.dropped;
    if (!el) return;
    if (following) {
      el.scrollTop = el.scrollHeight;
      autoTop.current = el.scrollTop;
    } else if (gone > 0 && !shown) {
      // A full ring drops its oldest lines as new ones come: keep the lines the user is reading where they are.
      el.scrollTop = Math.max(0, el.scrollTop - gone * ROW_PX);
    }
  }, [following, count, version, ring, shown]);
  useEffect(() => {
    if (!reveal) return;
    const at = shown ? shown.indexOf(reveal.index) : reveal.index;
    if (at >= 0) v.scrollToIndex(at, { align: "center" });
    // Only a new request scrolls; new lines must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);
  const onScroll = () => {
    const el = box.current;
    // Our own scrolls land at the bottom; only a scroll above where we put it is the user's.
    if (el && following && el.scrollTop < autoTop.current - 2) onScrolledUp();
  };
  const first = ring.dropped + 1;
  return (
    <div
      ref={box}
      className="log-view"
      role="log"
      aria-live="off"
      aria-label={label}
      tabIndex={0}
      onScroll={onScroll}
      data-testid="log-view"
      data-following={following}
    >
      <div style={{ height: v.getTotalSize(), position: "relative", minWidth: "100%" }}>
        {v.getVirtualItems().map((it) => {
          const i = shown ? shown[it.index] : it.index;
          return (
            <div
              key={first + i}
              className="log-line"
              data-testid="log-line"
              style={{ position: "absolute", top: it.start, height: ROW_PX, left: 0 }}
            >
              <Line
                number={first + i}
                line={ring.at(i)}
                search={search}
                showTime={showTime}
                current={reveal?.index === i}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
