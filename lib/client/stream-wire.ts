/**
 * What the stream worker (./stream.worker.ts) and the page say to each other. The worker holds the EventSource; a
 * large snapshot (5,000 pods is ~2 MB of JSON) is decoded there and handed to the page in parts of JSON text, so
 * the page parses it a few hundred objects per task instead of in one long task that freezes it. Everything else
 * goes through as the SSE message's text, decoded on the page as before (parseStreamMessage).
 */
import { parseStreamMessage } from "./events";
import type { K8sObject, ResourceName, SnapshotPayload, StreamEvent } from "../k8s/wire";

/** A snapshot's text above this many characters is split into parts. */
export const SPLIT_ABOVE = 256 * 1024;
/** Objects per part: each part is one task on the page. */
export const PART_ITEMS = 250;

export type WorkerMessage =
  | { kind: "open" }
  /** `gaveUp`: the EventSource is closed for good (an HTTP error before streaming), it will not retry by itself */
  | { kind: "error"; gaveUp: boolean }
  /** one SSE message as sent; `at` is when the worker received it (epoch ms) */
  | { kind: "message"; name: string; data: string; at: number }
  /** a slice of the next snapshot's items, as a JSON array */
  | { kind: "part"; resource: ResourceName; json: string }
  /** the snapshot whose items came in the parts before it; `head` is the snapshot without its items */
  | { kind: "snapshot"; head: Omit<SnapshotPayload, "items">; at: number };

export type PageMessage = { kind: "open"; url: string } | { kind: "close" };

/** Worker side: one SSE message to the page, a large snapshot in parts. */
export function forward(name: string, data: string, at: number, post: (m: WorkerMessage) => void): void {
  if (name === "snapshot" && data.length > SPLIT_ABOVE) {
    const parsed = parseStreamMessage(name, data);
    if (parsed?.event === "snapshot" && Array.isArray(parsed.data.items)) {
      const { items, ...head } = parsed.data;
      for (let i = 0; i < items.length; i += PART_ITEMS)
        post({ kind: "part", resource: head.resource, json: JSON.stringify(items.slice(i, i + PART_ITEMS)) });
      post({ kind: "snapshot", head, at });
      return;
    }
  }
  // Small messages (and anything malformed, which the page drops as before) go through as text.
  post({ kind: "message", name, data, at });
}

export interface ReceiverHandlers {
  event(ev: StreamEvent, receivedAt: number): void;
  open(): void;
  error(gaveUp: boolean): void;
  /** Each part's objects as they are decoded, before the snapshot they belong to is complete. */
  part?(resource: ResourceName, items: K8sObject[]): void;
}

/** Page side: worker messages back into stream events, a snapshot's parts decoded one message (one task) each. */
export function receiver(h: ReceiverHandlers): (m: WorkerMessage) => void {
  let items: K8sObject[] = [];
  return (m) => {
    switch (m.kind) {
      case "open":
        return h.open();
      case "error":
        return h.error(m.gaveUp);
      case "message": {
        const ev = parseStreamMessage(m.name, m.data);
        if (ev) h.event(ev, m.at);
        return;
      }
      case "part": {
        const part = JSON.parse(m.json) as K8sObject[];
        for (const o of part) items.push(o);
        h.part?.(m.resource, part);
        return;
      }
      case "snapshot": {
        const data: SnapshotPayload = { ...m.head, items };
        items = [];
        h.event({ event: "snapshot", data }, m.at);
        return;
      }
    }
  };
}
