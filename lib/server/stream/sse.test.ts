import { vi } from "vitest";
vi.mock("server-only", () => ({}));

import { describe, expect, it } from "vitest";
import type { InformerHub } from "../hub/hub";
import { Shutdown } from "../shutdown";
import { SHUTDOWN_RETRY_MS, sseStream } from "./sse";

/** A hub that never sends anything: the stream's own lines are what this reads. */
const quietHub = { subscribe: () => () => {} } as unknown as InformerHub;

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  let text = "";
  const dec = new TextDecoder();
  for (const reader = body.getReader(); ;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += dec.decode(value);
  }
}

describe("graceful shutdown", () => {
  it("ends every open stream with a short reconnect hint, waits for the write in flight, then reports", async () => {
    const shutdown = new Shutdown();
    const body = sseStream(quietHub, "dev", ["pods"], null, undefined, { heartbeatMs: 60_000, shutdown });
    const text = readAll(body);
    let finishWrite = () => {};
    let written = false;
    const write = shutdown.trackWrite(
      () =>
        new Promise<string>((resolve) => {
          finishWrite = () => {
            written = true;
            resolve("done");
          };
        }),
    );
    let flushed = false;
    const drained = shutdown.drain(5000, async () => {
      flushed = true;
    });
    expect(shutdown.shuttingDown()).toBe(true);
    // the stream has ended (the browser reconnects, through another replica)
    expect(await text).toMatch(new RegExp(`retry: ${SHUTDOWN_RETRY_MS}\\n: replica shutting down, reconnect\\n\\n$`));
    let settled = false;
    void drained.then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(false); // still waiting for the write
    finishWrite();
    expect(await write).toBe("done");
    expect(await drained).toEqual({ streams: 1, writes: 0 });
    expect(written).toBe(true);
    expect(flushed).toBe(true); // the audit log, last
  });
});
