// The sustained-writes half of bench/apiserver.ts: merge patches at a paced rate while watches read every event,
// with the CPU the server (its own process) and this process spent on them.
import http, { request } from "node:http";
import { spawn } from "node:child_process";
import { connect } from "node:net";
import { readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { loadUsers } from "../sandbox/apiserver/auth";
import { DEFAULT_USERS } from "../sandbox/apiserver/paths";

export interface WriteOptions {
  rate: number;
  seconds: number;
  watches: number;
  /** the checkout whose sandbox serves the writes */
  sandboxDir: string;
  /** where the sandbox writes a V8 CPU profile, if given */
  profileDir?: string;
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN;
};
export const ms = (n: number) => `${n.toFixed(1)} ms`;

export const podBody = (i: number) => ({
  metadata: { name: `bench-${i}`, labels: { bench: "1", idx: String(i % 10) } },
  spec: { containers: [{ name: "main", image: "nginx:1.25", env: [{ name: "N", value: String(i) }] }] },
});

/**
 * Opens a raw watch and reports every event's lag from the `sent` annotation each event line carries. The reader is
 * a plain TCP socket that finds the annotations in the bytes as they arrive, without decoding lines or even the
 * HTTP framing (chunk boundaries fall between lines, and no header or chunk size contains the marker): 100 watches
 * parsed by node:http and decoded line by line cost this process more CPU than the server it measures, on the same
 * two cores, so the figure was the bench's, not the server's.
 */
// The writes set this one annotation; the longer the needle, the further Buffer.indexOf skips ahead.
const SENT = Buffer.from('"annotations":{"sent":"');
const QUOTE = 0x22;
function openWatch(url: string, token: string, rv: string, onLag: (ms: number) => void): () => void {
  const u = new URL(url);
  const socket = connect({ host: u.hostname, port: Number(u.port) });
  socket.setNoDelay(true);
  socket.write(
    `GET /api/v1/namespaces/default/pods?watch=1&resourceVersion=${rv} HTTP/1.1\r\n` +
      `Host: ${u.host}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
  );
  let rest: Buffer | undefined; // bytes that may hold the start of a marker or of its value
  socket.on("data", (chunk: Buffer) => {
    const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0,
      at;
    while ((at = buf.indexOf(SENT, start)) >= 0) {
      const from = at + SENT.length;
      const end = buf.indexOf(QUOTE, from);
      if (end < 0) break;
      const sent = Number(buf.toString("latin1", from, end));
      if (sent) onLag(performance.timeOrigin + performance.now() - sent);
      start = end + 1;
    }
    rest = at >= 0 ? buf.subarray(at) : buf.subarray(Math.max(start, buf.length - SENT.length + 1));
  });
  socket.on("error", () => {});
  return () => socket.destroy();
}

/**
 * Raw keep-alive HTTP call to the sandbox (plain http side), so the figures are the server's, not TLS handshakes.
 * node:http with a keep-alive agent, not fetch: undici's fetch cost this process more CPU per write than the server
 * spent on the write (both share the machine's 2 cores). The user agent stays "node" (fetch's), the field manager
 * the server records.
 */
const writer = new http.Agent({ keepAlive: true, maxSockets: 64 });
const send = (url: string, token: string, method: string, path: string, body: unknown, ct = "application/json") =>
  new Promise<string>((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        agent: writer,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": ct, "User-Agent": "node" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });

/** CPU seconds (user, system) a process has used, from /proc (Linux; USER_HZ is 100). */
function processCpu(pid: number): { user: number; system: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

/** The sandbox in its own process (the CLI), so client-side parsing here does not slow the server down. */
async function startSandboxProcess(
  o: WriteOptions,
): Promise<{ url: string; token: string; pid: number; stop: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      ...(o.profileDir ? ["--cpu-prof", "--cpu-prof-dir", resolvePath(o.profileDir)] : []),
      "--import",
      "tsx",
      "sandbox/cli.ts",
      "--port",
      "0",
      "--no-controllers",
      "--kubeconfig",
      `/tmp/bench-sandbox-${process.pid}.kubeconfig`,
    ],
    { stdio: ["ignore", "pipe", "inherit"], cwd: o.sandboxDir },
  );
  const exited = new Promise<void>((r) => child.on("exit", () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d) => {
      out += d;
      const m = /ready: (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on("exit", (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return {
    url,
    token: loadUsers(DEFAULT_USERS).users.find((u) => u.name === "admin")!.token,
    pid: child.pid!,
    // The sandbox exits on SIGTERM (the profile is written then).
    stop: () => (child.kill("SIGTERM"), exited),
  };
}

export async function sustainedWrites(o: WriteOptions) {
  const { rate: RATE, seconds: SECONDS, watches: WATCHES } = o;
  const sb = await startSandboxProcess(o);
  const h = { url: sb.url, tokens: { admin: sb.token }, close: sb.stop };
  const call = (method: string, path: string, body: unknown, ct?: string) =>
    send(h.url, h.tokens.admin, method, path, body, ct);
  for (let i = 0; i < 50; i++) await call("POST", "/api/v1/namespaces/default/pods", podBody(i));
  const rv = JSON.parse(
    await (
      await fetch(`${h.url}/api/v1/namespaces/default/pods?limit=1`, {
        headers: { Authorization: `Bearer ${h.tokens.admin}` },
      })
    ).text(),
  ).metadata.resourceVersion;
  const lags: number[] = [];
  const closers = Array.from({ length: WATCHES }, () => openWatch(h.url, h.tokens.admin, rv, (l) => lags.push(l)));
  const total = RATE * SECONDS;
  const serverCpu0 = processCpu(sb.pid),
    clientCpu0 = process.cpuUsage();
  const start = performance.now();
  let sent = 0,
    inflight = 0;
  while (sent < total) {
    // Pace writes to RATE/s; keep at most 64 in flight.
    const due = Math.floor(((performance.now() - start) / 1000) * RATE);
    while (sent < Math.min(due, total) && inflight < 64) {
      const i = sent++ % 50;
      inflight++;
      const body = { metadata: { annotations: { sent: String(performance.timeOrigin + performance.now()) } } };
      void call("PATCH", `/api/v1/namespaces/default/pods/bench-${i}`, body, "application/merge-patch+json").finally(
        () => {
          inflight--;
        },
      );
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  while (inflight > 0) await new Promise((r) => setTimeout(r, 5));
  const elapsed = (performance.now() - start) / 1000;
  const deadline = Date.now() + 10000;
  while (lags.length < total * WATCHES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const serverCpu1 = processCpu(sb.pid);
  const serverUser = serverCpu1.user - serverCpu0.user,
    serverSystem = serverCpu1.system - serverCpu0.system,
    serverCpu = serverUser + serverSystem;
  const clientUsage = process.cpuUsage(clientCpu0);
  const clientCpu = (clientUsage.user + clientUsage.system) / 1e6;
  closers.forEach((c) => c());
  writer.destroy();
  await h.close();
  console.log(
    `sustained writes: ${sent} merge patches in ${elapsed.toFixed(2)} s = ${(sent / elapsed).toFixed(0)} writes/s (target ${RATE}/s) with ${WATCHES} watches`,
  );
  console.log(
    `  events delivered ${lags.length}/${total * WATCHES}; delivery lag p50 ${ms(pct(lags, 0.5))}, p99 ${ms(pct(lags, 0.99))}, max ${ms(pct(lags, 1))}`,
  );
  console.log(
    `  CPU, writes until the last event: server ${serverCpu.toFixed(2)} s (user ${serverUser.toFixed(2)}, system ${serverSystem.toFixed(2)}) = ${((serverCpu * 1000) / sent).toFixed(2)} ms per write (sandbox from ${o.sandboxDir}); bench client (writer + ${WATCHES} watch readers) ${clientCpu.toFixed(2)} s = ${((clientCpu * 1000) / sent).toFixed(2)} ms per write`,
  );
}
