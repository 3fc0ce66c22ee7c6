/// <reference lib="webworker" />
/**
 * The page's EventSource, off the main thread (./stream-wire.ts says why and what goes back). One worker per open
 * stream; the page ends it with `close` (or terminates it).
 */
import { forward, type PageMessage, type WorkerMessage } from "./stream-wire";
import { STREAM_EVENT_NAMES } from "./events";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (m: WorkerMessage) => scope.postMessage(m);
const now = () => performance.timeOrigin + performance.now();
let es: EventSource | null = null;

scope.onmessage = (e: MessageEvent<PageMessage>) => {
  es?.close();
  es = null;
  if (e.data.kind !== "open") return;
  const source = new EventSource(e.data.url);
  es = source;
  for (const name of STREAM_EVENT_NAMES)
    source.addEventListener(name, (m: MessageEvent<string>) => forward(name, m.data, now(), post));
  source.onopen = () => post({ kind: "open" });
  source.onerror = () => post({ kind: "error", gaveUp: source.readyState === EventSource.CLOSED });
};
