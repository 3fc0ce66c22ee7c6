import type { ResourceName } from "@/lib/client/types";
import type { InformerHub } from "./hub/hub";

export interface SseOptions {
  /** comment line interval that keeps proxies and the browser from timing the stream out (default 15 s) */
  heartbeatMs?: number;
  /** a client this far behind (bytes queued) is cut off; its EventSource reconnects and gets a fresh snapshot */
  maxQueuedBytes?: number;
  /** EventSource reconnect delay the browser should use */
  retryMs?: number;
}

const encoder = new TextEncoder();

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/**
 * A Server-Sent Events stream of hub frames for one page: for each resource a `status`, a
 * `snapshot` once the scope has listed, then `change` and `status` events, plus heartbeat comments.
 * Unsubscribes from the hub when the browser goes away (cancel or request abort).
 */
export function sseStream(hub: InformerHub, cluster: string, resources: readonly ResourceName[], namespace: string | null,
  signal: AbortSignal | undefined, opts: SseOptions = {}): ReadableStream<Uint8Array> {
  const { heartbeatMs = 15_000, maxQueuedBytes = 16 << 20, retryMs = 2000 } = opts;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const unsubs: (() => void)[] = [];
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed or errored by the runtime
        }
      };
      const send = (chunk: Uint8Array) => {
        if (closed) return;
        if ((controller.desiredSize ?? 0) < -maxQueuedBytes) return close();
        controller.enqueue(chunk);
      };
      cleanup = () => {
        closed = true;
        clearInterval(heartbeat);
        for (const u of unsubs.splice(0)) u();
        signal?.removeEventListener("abort", close);
      };
      const heartbeat = setInterval(() => send(encoder.encode(`: heartbeat ${Date.now()}\n\n`)), heartbeatMs);
      signal?.addEventListener("abort", close);
      send(encoder.encode(`retry: ${retryMs}\n: kruise-console stream\n\n`));
      for (const resource of resources) {
        unsubs.push(hub.subscribe({ cluster, resource, namespace }, (frame) => send(frame.bytes())));
      }
      if (signal?.aborted) close();
    },
    cancel() {
      cleanup();
    },
  }, { highWaterMark: 1 << 20, size: (chunk) => chunk.byteLength });
}
