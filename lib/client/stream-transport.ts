import { STREAM_EVENT_NAMES } from "./events";
import { orderedReceiver, type ReceiverHandlers } from "./stream-decode";

export interface StreamTransport {
  close(): void;
}

/**
 * One SSE connection for the page, on the main thread: an EventSource whose messages, open and error reach the
 * handlers in arrival order, a large snapshot decoded in slices (./stream-decode.ts). A Web Worker holding the
 * stream was measured slower (its start and the hand-over cost more than the slices save, on every page).
 */
export function openTransport(url: string, h: ReceiverHandlers): StreamTransport {
  const es = new EventSource(url);
  const receiver = orderedReceiver(h);
  const now = () => performance.timeOrigin + performance.now();
  for (const name of STREAM_EVENT_NAMES)
    es.addEventListener(name, (e: MessageEvent<string>) =>
      receiver.push({ kind: "message", name: e.type, data: e.data, at: now() }),
    );
  es.addEventListener("open", () => receiver.push({ kind: "open" }));
  es.addEventListener("error", () => receiver.push({ kind: "error", gaveUp: es.readyState === EventSource.CLOSED }));
  return {
    close: () => {
      receiver.close();
      es.close();
    },
  };
}
