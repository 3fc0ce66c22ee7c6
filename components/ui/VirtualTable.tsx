"use client";
import { elementScroll, useVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, type ReactNode } from "react";

interface Props<T> {
  rows: T[];
  rowKey: (row: T) => string;
  head: ReactNode;
  /** The row's cells (<td>s); the row itself is rendered here so it can be measured. */
  renderRow: (row: T) => ReactNode;
  rowAttrs?: (row: T) => Record<string, string | undefined>;
  colSpan: number;
  /** Estimated row height in px; rows are measured after render. */
  estimate?: number;
  caption: string;
  testId?: string;
  /** Scroll this row into view (a new `seq` asks again for the same row). */
  scrollTo?: { key: string; seq: number } | null;
  /**
   * Column widths (a <colgroup>) for `table-layout: fixed` (class "fixed"): the columns then keep their widths as
   * rows scroll in and out, instead of following whichever rows happen to be drawn.
   */
  colgroup?: ReactNode;
  tableTestId?: string;
  /** The table's least width in px: narrower boxes scroll sideways rather than cut the fixed columns' headers. */
  tableMinWidth?: number;
}

// Sizes come from ResizeObserver, which reports them after the browser's own layout: reading clientHeight or
// offsetHeight while React commits forces a layout of the whole fresh page first (most of a 5,000-pod page's load).
type V = Virtualizer<HTMLDivElement, Element>;

/** Until the scroll box reports its size: the viewport's share `.scroll` allows (max-height: 70vh). */
function firstRect() {
  return typeof window === "undefined" ? { width: 0, height: 0 } : { width: 0, height: window.innerHeight * 0.7 };
}

function observeElementRect(v: V, cb: (rect: { width: number; height: number }) => void) {
  const el = v.scrollElement;
  if (!el || typeof ResizeObserver === "undefined") return;
  const ro = new ResizeObserver(([e]) => {
    const box = e.contentBoxSize?.[0];
    cb(box ? { width: Math.round(box.inlineSize), height: Math.round(box.blockSize) } : { width: 0, height: 0 });
  });
  ro.observe(el);
  return () => ro.disconnect();
}

/** A row's height as ResizeObserver last saw it; a row not seen yet keeps its last size or the estimate. */
function measureElement(el: Element, entry: ResizeObserverEntry | undefined, v: V): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  const i = v.indexFromElement(el);
  return v.measurementsCache[i]?.size ?? v.options.estimateSize(i);
}

// Boxes this table has scrolled: until then a box is where it was made, at the top.
const scrolled = new WeakSet<Element>();

/** Scrolls, except a fresh box to the top it is at: the virtualiser's scroll on mount would force a layout too. */
function scrollToFn(offset: number, o: { adjustments?: number; behavior?: ScrollBehavior }, v: V) {
  const el = v.scrollElement;
  if (el && !scrolled.has(el) && offset + (o.adjustments ?? 0) === 0 && v.scrollOffset === 0) return;
  if (el) scrolled.add(el);
  elementScroll(offset, o, v);
}

/**
 * A real <table> (headers stay semantic) whose body renders only the visible rows, so a 1,000-pod
 * CloneSet stays responsive. Spacer rows keep the scroll height right.
 */
export function VirtualTable<T>({
  rows,
  rowKey,
  head,
  renderRow,
  rowAttrs,
  colSpan,
  estimate = 34,
  caption,
  testId,
  scrollTo,
  colgroup,
  tableTestId,
  tableMinWidth,
}: Props<T>) {
  const parent = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => estimate,
    overscan: 12,
    initialRect: firstRect(),
    observeElementRect,
    measureElement,
    scrollToFn,
  });
  useEffect(() => {
    if (!scrollTo) return;
    const i = rows.findIndex((r) => rowKey(r) === scrollTo.key);
    if (i < 0) return;
    v.scrollToIndex(i, { align: "center" });
    parent.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    // Only a new request scrolls; live updates of the rows must not pull the view back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scrollTo]);
  const items = v.getVirtualItems();
  const top = items.length ? items[0].start : 0;
  const bottom = items.length ? v.getTotalSize() - items[items.length - 1].end : 0;
  return (
    <div ref={parent} className="scroll" data-testid={testId} tabIndex={0} aria-label={caption}>
      <table
        className={colgroup ? "fixed" : undefined}
        data-testid={tableTestId}
        style={tableMinWidth ? { minWidth: tableMinWidth } : undefined}
      >
        <caption className="sr-only">
          {caption} ({rows.length} rows)
        </caption>
        {colgroup}
        <thead>{head}</thead>
        <tbody>
          {top > 0 ? (
            <tr aria-hidden="true" style={{ height: top }}>
              <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((it) => (
            <tr
              key={rowKey(rows[it.index])}
              data-index={it.index}
              ref={v.measureElement}
              {...rowAttrs?.(rows[it.index])}
            >
              {renderRow(rows[it.index])}
            </tr>
          ))}
          {bottom > 0 ? (
            <tr aria-hidden="true" style={{ height: bottom }}>
              <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
