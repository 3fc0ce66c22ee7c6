import { STREAM_EVENT_NAMES, parseStreamMessage } from "./events";
import { receiver, type ReceiverHandlers, type WorkerMessage } from "./stream-wire";

export interface StreamTransport {
  close(): void;
}

/**
 * One SSE connection for the page: in a worker where the browser has them (large snapshots are then decoded off the
 * main thread, see ./stream-wire.ts), else a plain EventSource. Either way the handlers see the same events in the
 * same order.
 */
export function openTransport(url: string, h: ReceiverHandlers): StreamTransport {
  if (typeof Worker === "function") {
    try {
      return workerTransport(url, h);
    } catch {
      // A browser that refuses the worker (a policy, an old engine) still gets the stream on the main thread.
    }
  }
  return directTransport(url, h);
}

function workerTransport(url: string, h: ReceiverHandlers): StreamTransport {
  const worker = new Worker(new URL("./stream.worker.ts", import.meta.url), { type: "module", name: "stream" });
  const onMessage = receiver(h);
  let heard = false;
  let fallback: StreamTransport | null = null;
  worker.onmessage = (e: MessageEvent<WorkerMessage>) => {
    heard = true;
    onMessage(e.data);
  };
  // A worker that never started (its script refused or failed to load) leaves the stream to the main thread.
  worker.onerror = () => {
    if (heard || fallback) return;
    worker.terminate();
    fallback = directTransport(url, h);
  };
  // Resolved against the page, so the stream keeps the page's origin and cookies.
  worker.postMessage({ kind: "open", url: new URL(url, location.href).href });
  return {
    close: () => {
      worker.terminate();
      fallback?.close();
    },
  };
}

function directTransport(url: string, h: ReceiverHandlers): StreamTransport {
  const es = new EventSource(url);
  const now = () => performance.timeOrigin + performance.now();
  for (const name of STREAM_EVENT_NAMES)
    es.addEventListener(name, (e: MessageEvent<string>) => {
      const ev = parseStreamMessage(e.type, e.data);
      if (ev) h.event(ev, now());
    });
  es.addEventListener("open", () => h.open());
  es.addEventListener("error", () => h.error(es.readyState === EventSource.CLOSED));
  return { close: () => es.close() };
}
