import { describe, expect, it } from "vitest";
import { LOG_PIPE_BYTES, logPipe } from "./pipe";

const chunk = (n: number) => Buffer.alloc(n, 0x61);
/** Writes until the pipe says wait (or `max` chunks); returns how many bytes it took. */
function writeUntilFull(w: NodeJS.WritableStream, size: number, max = 1000): number {
  let bytes = 0;
  for (let i = 0; i < max; i++) {
    bytes += size;
    if (!w.write(chunk(size))) break;
  }
  return bytes;
}

describe("the log pipe (client-node's Writable into the route's ReadableStream)", () => {
  it("holds a fast writer once a slow reader is a pipe's worth behind, then lets it go as the reader reads", async () => {
    const closes: string[] = [];
    const p = logPipe((why) => closes.push(why));
    const taken = writeUntilFull(p.writable, 16 * 1024);
    // Both halves full (the readable's queue and the writable's buffer), and no more.
    expect(taken).toBeLessThanOrEqual(2 * LOG_PIPE_BYTES + 16 * 1024);
    const drained = new Promise((r) => p.writable.once("drain", r));
    const reader = p.readable.getReader();
    let read = 0;
    while (read < taken) read += (await reader.read()).value!.byteLength;
    await drained;
    expect(read).toBe(taken);
    p.writable.end();
    expect((await reader.read()).done).toBe(true);
    expect(closes).toEqual(["finished"]);
  });

  it("a browser that goes away cancels the pipe once, and later writes are dropped", async () => {
    const closes: string[] = [];
    const p = logPipe((why) => closes.push(why));
    p.writable.write(chunk(10));
    await p.readable.cancel();
    p.writable.write(chunk(10));
    p.end();
    expect(closes).toEqual(["cancelled"]);
  });

  it("end() closes the stream for the reader with what was already sent", async () => {
    const p = logPipe(() => undefined);
    p.writable.write(Buffer.from("INFO one\n"));
    await new Promise((r) => setImmediate(r));
    p.end();
    expect(await new Response(p.readable).text()).toBe("INFO one\n");
  });
});
