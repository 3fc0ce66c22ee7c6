/**
 * The page's stream messages to events, in arrival order. A large snapshot (5,000 pods is ~2 MB of JSON) is decoded
 * and reaches the page's per-object work (`part`: a page building its rows) a slice at a time, yielding to the page
 * between slices, so it never holds the main thread for one long task; everything after it (changes, connection
 * state) waits its turn, so the order is the server's. Small messages, nearly all of them, are handled at once, in
 * the EventSource's own task.
 */
import { parseStreamMessage } from "./events";
import { withoutArray } from "./json-slices";
import { cutInWorker, type SnapshotCutter } from "./snapshot-split";
import type { K8sObject, ResourceName, StreamEvent } from "../k8s/wire";

/** A snapshot's text above this many characters is handed to `part` in slices. */
export const SLICE_ABOVE = 256 * 1024;
/**
 * Above this many characters (~2,500 pods) a snapshot is also decoded in slices, cut where a worker says
 * (./snapshot-split.ts); below it one JSON.parse is short, and the worker would cost more than it saves.
 */
export const CUT_ABOVE = 1024 * 1024;
/** Objects per slice of a cut snapshot. */
const PIECE = 64;
/** Work per slice before the page gets the thread back (a long task is one over 50 ms). */
export const SLICE_MS = 8;
/** Objects handed to `part` together, between two looks at the clock. */
const GROUP = 32;

export interface ReceiverHandlers {
  event(ev: StreamEvent, receivedAt: number): void;
  open(): void;
  error(gaveUp: boolean): void;
  /** A large snapshot's objects, a group at a time, before the snapshot they belong to reaches `event`. */
  part?(resource: ResourceName, items: K8sObject[]): void;
}

export type Incoming =
  /** one SSE message as sent; `at` is when it arrived (epoch ms) */
  | { kind: "message"; name: string; data: string; at: number }
  | { kind: "open" }
  /** `gaveUp`: the EventSource is closed for good (an HTTP error before streaming), it will not retry by itself */
  | { kind: "error"; gaveUp: boolean };

export interface Receiver {
  push(m: Incoming): void;
  /** Drops what is queued and any snapshot half decoded. */
  close(): void;
}

export interface ReceiverOptions {
  /** gives the thread back to the page; resolves when the decoding may go on */
  pause?: () => Promise<void>;
  clock?: () => number;
  /** where a large snapshot may be cut (a worker's answer in the browser) */
  cut?: SnapshotCutter;
}

/** Lets the page handle input and render: `scheduler.yield()` where the browser has it, else a message task. */
export function yieldToPage(): Promise<void> {
  // The page's own scheduler (window or worker `self`; Chromium has scheduler.yield): absent outside a browser.
  const s =
    typeof self === "undefined" ? undefined : (self as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof s?.yield === "function") return s.yield();
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}

export function orderedReceiver(h: ReceiverHandlers, opts: ReceiverOptions = {}): Receiver {
  const pause = opts.pause ?? yieldToPage;
  const clock = opts.clock ?? (() => performance.now());
  const cut = opts.cut ?? cutInWorker;
  const queue: Incoming[] = [];
  let busy = false;
  let closed = false;
  const handle = (m: Incoming): Promise<void> | void => {
    if (m.kind === "open") {
      h.open();
      return;
    }
    if (m.kind === "error") {
      h.error(m.gaveUp);
      return;
    }
    if (m.name === "snapshot" && (m.data.length > CUT_ABOVE || (h.part && m.data.length > SLICE_ABOVE)))
      return inSlices(m.data, h.part, { pause, clock, cut, closed: () => closed }).then((ev) => {
        if (ev && !closed) h.event(ev, m.at);
      });
    const ev = parseStreamMessage(m.name, m.data);
    if (ev) h.event(ev, m.at);
  };
  // Runs synchronously until a large snapshot has to wait for its next slice.
  const drain = async () => {
    busy = true;
    try {
      while (!closed && queue.length) {
        const waiting = handle(queue.shift()!);
        if (waiting) await waiting;
      }
    } finally {
      busy = false;
    }
  };
  return {
    push(m) {
      if (closed) return;
      queue.push(m);
      if (!busy) void drain();
    },
    close() {
      closed = true;
      queue.length = 0;
    },
  };
}

interface Slicing {
  pause: () => Promise<void>;
  clock: () => number;
  cut: SnapshotCutter;
  closed: () => boolean;
}

/**
 * A large snapshot, decoded a run of objects per slice where it can be cut (above CUT_ABOVE), else in one JSON.parse
 * (native code: ~20 ms for 1,000 pods); either way its objects reach `part` a group at a time, `SLICE_MS` per task.
 * Null for a malformed message (dropped, as parseStreamMessage drops one) or when the stream closed meanwhile.
 */
async function inSlices(data: string, part: ReceiverHandlers["part"], s: Slicing): Promise<StreamEvent | null> {
  const cuts = data.length > CUT_ABOVE ? await s.cut(data, PIECE) : null;
  if (s.closed()) return null;
  const ev = parseStreamMessage("snapshot", cuts ? withoutArray(data, cuts[0], cuts[cuts.length - 1]) : data);
  if (ev?.event !== "snapshot" || !Array.isArray(ev.data.items)) return ev;
  if (!cuts && !part) return ev;
  const resource = ev.data.resource;
  const items = cuts ? [] : ev.data.items;
  const pieces = cuts ? cuts.length - 1 : Math.ceil(items.length / GROUP);
  let sliceStart = s.clock();
  for (let i = 0; i < pieces; i++) {
    if (s.clock() - sliceStart > SLICE_MS) {
      await s.pause();
      if (s.closed()) return null;
      sliceStart = s.clock();
    }
    let piece: K8sObject[];
    if (cuts) {
      try {
        piece = JSON.parse(`[${data.slice(cuts[i] + 1, cuts[i + 1])}]`) as K8sObject[];
      } catch {
        return null;
      }
      for (const o of piece) items.push(o);
    } else piece = items.slice(i * GROUP, (i + 1) * GROUP);
    part?.(resource, piece);
  }
  ev.data.items = items;
  return ev;
}
