import { Writable } from "node:stream";

/** How much of a log may wait in the console for a slow browser: this much in each of the pipe's two halves. */
export const LOG_PIPE_BYTES = 64 * 1024;

export interface LogPipe {
  /** what client-node's Log writes into (it pipes the API server's response here) */
  writable: Writable;
  /** what the route answers with */
  readable: ReadableStream<Uint8Array>;
  /** ends the stream for the browser as it is (the session ended, shutdown); idempotent */
  end(): void;
}

/**
 * A Node Writable whose bytes come out of a web ReadableStream, with backpressure both ways: a write is acknowledged
 * only while the readable's queue has room, so a browser that reads slowly holds the API server's response (TCP
 * window, then the kubelet) instead of filling the console's memory. `onClose` runs once, however it ends: the log
 * finished, the browser went away (then the upstream request is aborted), `end()`, or the upstream broke.
 */
export function logPipe(onClose: (why: "finished" | "cancelled" | "ended" | "broken") => void): LogPipe {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let held: (() => void) | undefined;
  let done = false;
  const release = () => {
    const cb = held;
    held = undefined;
    cb?.();
  };
  const finish = (why: "finished" | "cancelled" | "ended" | "broken", err?: unknown) => {
    if (done) return;
    done = true;
    try {
      if (why === "broken") controller.error(err);
      else if (why !== "cancelled") controller.close();
    } catch {
      // the stream was already closed or errored by its reader
    }
    release();
    onClose(why);
  };
  const readable = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: release,
      cancel: () => finish("cancelled"),
    },
    { highWaterMark: LOG_PIPE_BYTES, size: (chunk) => chunk.byteLength },
  );
  const writable = new Writable({
    highWaterMark: LOG_PIPE_BYTES,
    write(chunk: Buffer, _encoding, cb) {
      if (done) return cb();
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      if ((controller.desiredSize ?? 0) > 0) cb();
      else held = cb;
    },
    final(cb) {
      finish("finished");
      cb();
    },
  });
  // client-node pipes the response body in; a body that breaks (a reset connection) never ends the pipe, so listen
  // on the body itself.
  writable.on("pipe", (source: NodeJS.ReadableStream) => {
    source.on("error", (e: unknown) => finish("broken", e));
  });
  return { writable, readable, end: () => finish("ended") };
}
