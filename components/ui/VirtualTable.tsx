"use client";
import { useVirtualizer } from "@tanstack/react-virtual";
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
}: Props<T>) {
  const parent = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library
  const v = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => estimate,
    overscan: 12,
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
      <table>
        <caption className="sr-only">
          {caption} ({rows.length} rows)
        </caption>
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
