// Shared by the dashboard benchmarks: the sandbox in a child process, a counting upstream, an SSE client.
import { KubeConfig } from "@kubernetes/client-node";
import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Upstream } from "../lib/server/hub/types";
import { KubeClient } from "../lib/server/kube";
import { SSE_HEADERS } from "../lib/server/stream/sse";

const REPO = path.resolve(__dirname, "..");
export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};
export const median = (xs: number[]) => pct(xs, 0.5);
export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** The sandbox CLI as a child process, so its CPU is not this process's. */
export async function startSandbox(): Promise<{ kc: KubeConfig; kcPath: string; stop: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dash-"));
  const kcPath = path.join(dir, "kubeconfig");
  const child = spawn(
    path.join(REPO, "node_modules/.bin/tsx"),
    [
      "sandbox/cli.ts",
      "--port",
      "0",
      "--kubeconfig",
      kcPath,
      "--scenario",
      "none",
      "--no-controllers",
      "--watch-history",
      "100000",
    ],
    { cwd: REPO, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  for (let i = 0; !/ready/.test(out); i++) {
    if (i > 600 || child.exitCode !== null) throw new Error(`sandbox did not start: ${out}`);
    await sleep(100);
  }
  const kc = new KubeConfig();
  kc.loadFromFile(kcPath);
  return {
    kc,
    kcPath,
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Counts real client-node calls the hub makes (each watch() is one upstream WATCH request). */
export function countingUpstream(kc: KubeConfig) {
  const client = new KubeClient(kc);
  const c = { lists: 0, watches: 0 };
  const up: Upstream = {
    listPage: (...a) => {
      if (!a[2]?.continue) c.lists++;
      return client.listPage(...a);
    },
    watch: (...a) => {
      c.watches++;
      return client.watch(...a);
    },
  };
  return { up, c };
}

export type Ev = { event: string; data: string };

/**
 * An SSE client like the browser's EventSource; resolves `snapshot` when the first snapshot is parsed.
 * Messages are split on the raw bytes with Buffer's native search and each is decoded once: appending every network
 * chunk to one string and searching it, as a naive reader does, re-copies a 2 MB snapshot once per chunk, and a
 * byte-by-byte loop in JavaScript costs 15 ms per 1.8 MB snapshot; either way the bench would measure its own
 * client rather than the console (EventSource splits natively).
 */
export function sseClient(url: string, onChange?: (ev: Ev) => void) {
  const ctl = new AbortController();
  let resolveSnap!: (n: number) => void;
  const snapshot = new Promise<number>((r) => (resolveSnap = r));
  const dec = new TextDecoder();
  const deliver = (bytes: Uint8Array) => {
    const text = dec.decode(bytes);
    const block = text.endsWith("\n") ? text.slice(0, -1) : text; // the first of the two newlines
    const ev = block.startsWith("event: ") ? block.slice(7, block.indexOf("\n")) : undefined;
    const at = block.indexOf("data: ");
    if (at < 0) return; // a heartbeat comment or retry line
    const data = block.slice(at + 6);
    if (ev === "snapshot") resolveSnap((JSON.parse(data) as { items: unknown[] }).items.length);
    else if (ev === "change") onChange?.({ event: ev, data });
  };
  void (async () => {
    const res = await fetch(url, { signal: ctl.signal });
    const reader = res.body!.getReader();
    let parts: Buffer[] = [];
    let endsInLf = false; // the bytes held so far end with "\n"
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      let from = 0;
      // A message ends at a blank line: "\n\n" inside this chunk, or a "\n" here after one that ended the last.
      if (endsInLf && chunk[0] === 10) {
        deliver(Buffer.concat(parts));
        parts = [];
        from = 1;
      }
      for (let at = chunk.indexOf("\n\n", from); at >= 0; at = chunk.indexOf("\n\n", from)) {
        parts.push(chunk.subarray(from, at + 1));
        deliver(Buffer.concat(parts));
        parts = [];
        from = at + 2;
      }
      if (from < chunk.length) {
        parts.push(chunk.subarray(from));
        endsInLf = chunk[chunk.length - 1] === 10;
      } else endsInLf = false;
    }
  })().catch(() => {});
  return { snapshot, close: () => ctl.abort() };
}

/** A bare node server around an SSE body from lib/server/sse.ts — what the Next route handler returns, minus Next. */
export async function serveSse(
  open: (req: http.IncomingMessage, signal: AbortSignal) => ReadableStream<Uint8Array>,
  path = "/",
): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(async (req, res) => {
    const ctl = new AbortController();
    const reader = open(req, ctl.signal).getReader();
    res.on("close", () => {
      ctl.abort();
      void reader.cancel();
    });
    res.writeHead(200, SSE_HEADERS);
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      if (!res.write(value)) await once(res, "drain");
    }
    res.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * A seeded pod's status at tick t: ready, not ready, or failing to pull (a few), changing with t. `restarts` is
 * its container's restartCount (a writer that must never send a no-op patch passes the tick).
 */
export function podStatus(i: number, t: number, restarts = 0) {
  const failing = (i + t) % 97 === 0;
  const ready = !failing && (i + t) % 13 !== 0;
  return {
    status: {
      phase: "Running",
      conditions: [{ type: "Ready", status: ready ? "True" : "False" }],
      containerStatuses: [
        {
          name: "app",
          image: "app",
          imageID: "",
          ready,
          restartCount: restarts,
          state: failing ? { waiting: { reason: "ImagePullBackOff", message: "bench" } } : { running: {} },
        },
      ],
    },
  };
}
