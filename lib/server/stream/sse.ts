import type { ResourceName } from "@/lib/k8s/wire";
import { KINDS, streamNamespace } from "@/lib/kinds";
import { FilteredSubscription, type ListDecision } from "../hub/filter";
import type { InformerHub } from "../hub/hub";
import type { Shutdown } from "../shutdown";

/** Whose stream this is, for per-user filtering of the shared hub (token and proxy modes). */
export interface StreamViewer {
  /** may the user list+watch `resource` in `namespace` (null = cluster-wide)? (cached by the caller) */
  mayList(resource: ResourceName, namespace: string | null): Promise<ListDecision>;
  /** how often open streams re-ask, so a revoked permission takes effect (the access-cache time) */
  recheckMs: number;
  /** false once the user's session ended (signed out, idle, expired, token refused): the stream closes at the next re-check */
  alive?: () => boolean | Promise<boolean>;
}

export interface SseOptions {
  /** comment line interval that keeps proxies and the browser from timing the stream out (default 15 s) */
  heartbeatMs?: number;
  /** a client this far behind (bytes queued) is cut off; its EventSource reconnects and gets a fresh snapshot */
  maxQueuedBytes?: number;
  /** EventSource reconnect delay the browser should use */
  retryMs?: number;
  /** filter for this user; absent (local mode) = the shared frames as they are, zero-copy */
  viewer?: StreamViewer;
  /** called once when the stream ends (per-session stream counting) */
  onClose?: () => void;
  /** the process's shutdown, which ends every open stream with a reconnect hint */
  shutdown?: Shutdown;
}

const encoder = new TextEncoder();
const NO_SHUTDOWN = { onShutdown: () => () => {} };

/** How soon a browser reconnects after a replica ended its stream on shutdown. */
export const SHUTDOWN_RETRY_MS = 250;

export const SSE_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/**
 * A Server-Sent Events stream of hub frames for one page: for each resource a `status`, a
 * `snapshot` once the scope has listed, then `change` and `status` events, plus heartbeat comments.
 * Unsubscribes from the hub when the browser goes away (cancel or request abort). With a `viewer`,
 * each resource goes through a FilteredSubscription: the user sees only what they may list.
 */
export function sseStream(
  hub: InformerHub,
  cluster: string,
  resources: readonly ResourceName[],
  namespace: string | null,
  signal: AbortSignal | undefined,
  opts: SseOptions = {},
): ReadableStream<Uint8Array> {
  const { heartbeatMs = 15_000, maxQueuedBytes = 16 << 20, retryMs = 2000, viewer, onClose, shutdown } = opts;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>(
    {
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
        let released = false;
        // This replica is going away: tell the browser to come back soon (through another replica) and end.
        const unregister = (shutdown ?? NO_SHUTDOWN).onShutdown(() => {
          send(encoder.encode(`retry: ${SHUTDOWN_RETRY_MS}\n: replica shutting down, reconnect\n\n`));
          close();
        });
        cleanup = () => {
          closed = true;
          unregister();
          clearInterval(heartbeat);
          for (const u of unsubs.splice(0)) u();
          signal?.removeEventListener("abort", close);
          if (!released) {
            released = true;
            onClose?.();
          }
        };
        const heartbeat = setInterval(() => send(encoder.encode(`: heartbeat ${Date.now()}\n\n`)), heartbeatMs);
        signal?.addEventListener("abort", close);
        send(encoder.encode(`retry: ${retryMs}\n: kruise-console stream\n\n`));
        unsubs.push(attach(hub, { cluster, resources, namespace }, send, close, viewer));
        if (signal?.aborted) close();
      },
      cancel() {
        cleanup();
      },
    },
    { highWaterMark: 1 << 20, size: (chunk) => chunk.byteLength },
  );
}

/** Subscribes the stream to each resource's scope (filtered per user when there is a viewer); returns the undo. */
function attach(
  hub: InformerHub,
  t: { cluster: string; resources: readonly ResourceName[]; namespace: string | null },
  send: (chunk: Uint8Array) => void,
  close: () => void,
  viewer?: StreamViewer,
): () => void {
  const { cluster } = t;
  // A cluster-scoped kind (nodes) is watched cluster-wide whatever namespace the page streams.
  const scope = (resource: ResourceName) => ({
    cluster,
    resource,
    namespace: streamNamespace(KINDS.get(resource), t.namespace),
  });
  if (!viewer) {
    // local mode: every subscriber gets the same Frame bytes (serialised once for all tabs)
    const unsubs = t.resources.map((resource) => hub.subscribe(scope(resource), (frame) => send(frame.bytes())));
    return () => unsubs.forEach((u) => u());
  }
  const subs = t.resources.map(
    (resource) => new FilteredSubscription(hub, scope(resource), (ns) => viewer.mayList(resource, ns), send, close),
  );
  subs.forEach((s) => s.start());
  let asking = false;
  const recheck = setInterval(
    () => {
      if (asking) return; // a slow answer is not asked again on top of itself
      asking = true;
      void Promise.resolve(viewer.alive ? viewer.alive() : true)
        .catch(() => false)
        .then((alive) => {
          asking = false;
          if (!alive) return close(); // the browser reconnects and gets a 401 (sign in again)
          subs.forEach((s) => s.recheck());
        });
    },
    Math.max(100, viewer.recheckMs),
  );
  return () => {
    clearInterval(recheck);
    subs.forEach((s) => s.close());
  };
}
