"use client";
import type { EventRow } from "@/lib/kruise/view/events";
import { Badge } from "@/components/ui/Badge";
import { VirtualTable } from "@/components/ui/VirtualTable";

/** Events of the workload and its pods, newest first, live. Messages are plain text (never HTML). */
export function EventsPanel({ events, kind = "CloneSet" }: { events: EventRow[]; kind?: string }) {
  return (
    <section className="panel" aria-labelledby="events" data-testid="events">
      <h2 id="events">
        Events <span className="muted small">({events.length})</span>
      </h2>
      {events.length === 0 ? (
        <div className="empty">No events for this {kind} or its pods (Kubernetes keeps events for about an hour).</div>
      ) : (
        <VirtualTable
          rows={events}
          rowKey={(e) => e.key}
          rowAttrs={() => ({ "data-testid": "event-row" })}
          head={
            <tr>
              <th>LAST SEEN</th>
              <th>TYPE</th>
              <th>REASON</th>
              <th>OBJECT</th>
              <th className="num">COUNT</th>
              <th>MESSAGE</th>
            </tr>
          }
          colSpan={6}
          caption="Events"
          renderRow={(e) => (
            <>
              <td title={e.last}>{e.age}</td>
              <td>
                {e.type === "Warning" ? (
                  <Badge tone="warn" icon="!">
                    Warning
                  </Badge>
                ) : (
                  <span>{e.type}</span>
                )}
              </td>
              <td>{e.reason}</td>
              <td className="mono small">{e.object}</td>
              <td className="num">{e.count}</td>
              <td className="wrap">{e.message}</td>
            </>
          )}
        />
      )}
    </section>
  );
}
