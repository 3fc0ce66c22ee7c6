// The kubelet's read-only HTTPS endpoint for container logs: GET /containerLogs/{namespace}/{pod}/{container}, which
// kube-apiserver (and the sandbox API server) proxy `pods/log` to. One server per node, on 127.0.0.1, with the sandbox's
// self-signed certificate: kube-apiserver without --kubelet-certificate-authority does not verify it.
import { createServer, type Server } from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Pod } from "@/lib/k8s/objects";
import { selfSignedCert } from "../../apiserver/listener";
import {
  DecodeError,
  decodePodLogOptions,
  validatePodLogOptions,
  type PodLogOptions,
} from "../../apiserver/mechanics/pod-log-options";
import type { Clock } from "../clock";
import { containerLogTarget } from "./log-status";
import { finished, firstLineFrom, lineAt, lineCount, nextLineTime, periodOf, renderLine, type RunLog } from "./logs";
import { containerStatus, type Ctr, type Delays } from "./runtime";

/** What the kubelet knows of a pod bound to one of its nodes. */
export interface KubeletPod {
  pod: Pod;
  ctrs: ReadonlyMap<string, Ctr>;
}

export interface LogHost {
  /** the pod if it runs on `node` (the kubelet's pod manager), else undefined */
  pod(node: string, namespace: string, name: string): KubeletPod | undefined;
  delays: Delays;
  clock: Clock;
}

/** Bytes gathered before a write: big enough to keep writes few, small enough to keep memory flat. */
const CHUNK = 64 * 1024;

function plain(res: ServerResponse, code: number, text: string): void {
  res.writeHead(code, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
  res.end(text);
}

/** The run a container id names: the one running now, or the one that ended last. */
function runOf(kp: KubeletPod, container: string, id: string, periodMs: number): RunLog | undefined {
  const c = kp.ctrs.get(container);
  if (!c) return undefined;
  const base = {
    namespace: kp.pod.metadata.namespace ?? "",
    pod: kp.pod.metadata.name ?? "",
    container,
    periodMs,
  };
  if (c.running && c.id === id)
    return {
      ...base,
      id,
      image: c.running.image,
      since: c.running.since,
      end: c.running.crashAt,
      crashed: !!c.running.crashAt,
    };
  const p = c.previousRun;
  if (p?.id === id) return { ...base, id, image: p.image, since: p.since, end: p.end, crashed: p.exitCode !== 0 };
  return undefined;
}

/** The run as it stands now (a running one may have been stopped since the request began). */
function current(host: LogHost, node: string, r: RunLog): RunLog | undefined {
  const kp = host.pod(node, r.namespace, r.pod);
  return kp ? runOf(kp, r.container, r.id, r.periodMs) : undefined;
}

/**
 * kubernetes pkg/kubelet/server/server.go getContainerLogs, then GetKubeletContainerLogs: decode and validate the
 * options, find the pod on this node and the container, pick the run from its status, then write the lines.
 */
async function containerLogs(host: LogHost, node: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "https://kubelet");
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== "containerLogs" || parts.length !== 4) return plain(res, 404, "404 page not found\n");
  if (req.method !== "GET") return plain(res, 405, "405: Method Not Allowed");
  const [, namespace, podName, container] = parts;
  const q = url.searchParams;
  const tail = q.get("tail");
  // the older "tail" parameter; "all" is the same as none
  if (tail === "all") q.delete("tailLines");
  else if (tail !== null) q.set("tailLines", tail);
  let o: PodLogOptions;
  try {
    o = decodePodLogOptions(q);
  } catch (e) {
    if (e instanceof DecodeError) return plain(res, 400, `{"message": "Unable to decode query."}`);
    throw e;
  }
  if (validatePodLogOptions(o).length) return plain(res, 422, `{"message": "Invalid request."}`);
  const kp = host.pod(node, namespace, podName);
  if (!kp) return plain(res, 404, `pod "${podName}" does not exist`);
  const spec = kp.pod.spec.containers.find((c) => c.name === container);
  if (!spec) return plain(res, 404, `container "${container}" not found in pod "${podName}"`);
  const ctr = kp.ctrs.get(container);
  const now = host.clock.now();
  const ref = `${podName}_${namespace}(${kp.pod.metadata.uid})`;
  const target = containerLogTarget(podName, container, ctr && containerStatus(ctr, now, host.delays, ref), o.previous);
  if ("error" in target) return plain(res, 400, target.error);
  const run = runOf(kp, container, target.id, periodOf(spec.env));
  if (!run) return plain(res, 400, `failed to get container status "${target.id}": not found`);
  res.writeHead(200, { "Content-Type": "text/plain; charset=utf-8", "Transfer-Encoding": "chunked" });
  await writeLines(host, node, run, o, res);
}

/**
 * The lines from where tailLines and since put the start (kubernetes pkg/kubelet/kuberuntime/logs/logs.go ReadLogs:
 * tail first, then lines older than since are skipped), cut at limitBytes; with follow, new lines as the run writes
 * them until it ends. Writes wait for the reader (backpressure): a slow reader holds the kubelet, not its memory.
 */
async function writeLines(host: LogHost, node: string, first: RunLog, o: PodLogOptions, res: ServerResponse) {
  const now = host.clock.now();
  const since =
    o.sinceSeconds !== undefined ? now - o.sinceSeconds * 1000 : o.sinceTime !== undefined ? o.sinceTime : undefined;
  let run = first;
  let next = lineCount(run, now);
  if (o.tailLines !== undefined) next = Math.max(0, next - o.tailLines);
  else next = 0;
  if (since !== undefined) next = Math.max(next, firstLineFrom(run, since, now));
  let remain = o.limitBytes ?? Infinity;
  let closed = false;
  res.on("close", () => (closed = true));
  for (;;) {
    const upTo = lineCount(run, host.clock.now());
    while (next < upTo && remain > 0 && !closed) {
      let chunk = "";
      while (next < upTo && chunk.length < CHUNK) chunk += renderLine(lineAt(run, next++), o.timestamps);
      let bytes = Buffer.from(chunk, "utf8");
      if (bytes.length > remain) bytes = bytes.subarray(0, remain);
      remain -= bytes.length;
      if (!res.write(bytes)) await drained(res);
    }
    if (closed || remain <= 0 || !o.follow || finished(run, host.clock.now())) break;
    const at = nextLineTime(run, next);
    if (at === undefined) break;
    await sleep(host.clock, at - host.clock.now(), res);
    const now = current(host, node, run);
    if (!now) break; // the pod is gone: its containers were killed
    run = now;
  }
  res.end();
}

const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });

/** Waits `ms` on the kubelet's clock, or until the reader goes away; re-checks at least once a second. */
const sleep = (clock: Clock, ms: number, res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const t = clock.setTimeout(done, Math.min(Math.max(ms, 0), 1000));
    function done() {
      clock.clearTimeout(t);
      res.off("close", done);
      resolve();
    }
    res.on("close", done);
  });

export interface KubeletEndpoint {
  port: number;
  close(): Promise<void>;
}

/** Serves one node's container logs over HTTPS on 127.0.0.1 (a free port). */
export async function startKubeletEndpoint(node: string, host: LogHost): Promise<KubeletEndpoint> {
  const sockets = new Set<Socket>();
  const server: Server = createServer(selfSignedCert(), (req, res) => {
    containerLogs(host, node, req, res).catch((e: unknown) => {
      if (!res.headersSent) plain(res, 500, String((e as Error)?.message ?? e));
      else res.destroy();
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    port: (server.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}
