/**
 * Cuts for a large snapshot's items (./json-slices.ts arrayCuts), found in a Web Worker started the first time a
 * snapshot needs it. Scanning 2 MB of text in script costs more than JSON.parse itself, so on the page's thread it
 * would not pay; in a worker it leaves the page only the decoding, a run of objects per task. Only pages that
 * receive such a snapshot (thousands of pods) start the worker: for the rest it would be cost without gain.
 * The worker is built from arrayCuts' own source as a blob: nothing to fetch, so it starts in milliseconds (a
 * bundled worker loaded its scripts synchronously from the server first, half a second on a busy machine).
 */
import { arrayCuts } from "./json-slices";

/** Offsets to cut at ([open, …, close], see arrayCuts), or null: then the page decodes the text in one piece. */
export type SnapshotCutter = (text: string, every: number) => Promise<ArrayLike<number> | null>;

export interface CutRequest {
  id: number;
  text: string;
  every: number;
}
export interface CutReply {
  id: number;
  cuts: Float64Array | null;
}

/** undefined: not started yet; null: this page cannot have it (no workers, refused, failed). */
let worker: Worker | null | undefined;
const waiting = new Map<number, (cuts: ArrayLike<number> | null) => void>();
let nextId = 0;

export const cutInWorker: SnapshotCutter = (text, every) => {
  if (worker === undefined) worker = startWorker();
  const w = worker;
  if (!w) return Promise.resolve(null);
  return new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    const request: CutRequest = { id, text, every };
    w.postMessage(request);
  });
};

function startWorker(): Worker | null {
  if (typeof Worker !== "function") return null;
  try {
    const source = `const arrayCuts = ${arrayCuts.toString()};
onmessage = (e) => {
  const cuts = arrayCuts(e.data.text, "items", e.data.every);
  const found = cuts ? Float64Array.from(cuts) : null;
  postMessage({ id: e.data.id, cuts: found }, found ? [found.buffer] : []);
};`;
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const w = new Worker(url, { name: "snapshot-split" });
    w.onmessage = (e: MessageEvent<CutReply>) => {
      URL.revokeObjectURL(url);
      const resolve = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      resolve?.(e.data.cuts);
    };
    // A worker refused (a policy) or broken: what waits for it, and every later snapshot, is decoded whole.
    w.onerror = () => {
      URL.revokeObjectURL(url);
      worker = null;
      w.terminate();
      for (const resolve of waiting.values()) resolve(null);
      waiting.clear();
    };
    return w;
  } catch {
    return null;
  }
}
