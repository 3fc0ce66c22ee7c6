// The scale bench's other processes, so the figures are not one event loop's queueing:
//   console <kubeconfig> <namespace>                 the hub and its SSE endpoint (what the Next server runs);
//                                                    prints `url=<sse url>`, serves until killed
//   writer <kubeconfig> <namespace> <rate> <seconds> merge patches pod-0..pod-99 at <rate>/s over keep-alive
//                                                    connections, each stamped with its send time (epoch ms);
//                                                    prints `achieved=<writes/s>` and exits
import { KubeConfig } from "@kubernetes/client-node";
import http from "node:http";
import https from "node:https";
import { InformerHub } from "../lib/server/hub/hub";
import { KubeClient } from "../lib/server/kube";
import { sseStream } from "../lib/server/stream/sse";
import { serveSse, sleep } from "./lib";

const [mode, kcPath, ns, rateArg, secondsArg] = process.argv.slice(2);
const kc = new KubeConfig();
kc.loadFromFile(kcPath);
const now = () => performance.timeOrigin + performance.now();

async function runConsole() {
  const hub = new InformerHub(() => new KubeClient(kc));
  const srv = await serveSse((_req, signal) => sseStream(hub, "bench", ["pods"], ns, signal), "/stream");
  console.log(`url=${srv.url}`);
}

/**
 * The load generator, not the console: plain keep-alive requests (client-node opens a TLS connection per call,
 * which caps a one-process writer far below 200 writes/s on kube-apiserver).
 */
async function runWriter() {
  const rate = Number(rateArg),
    total = rate * Number(secondsArg);
  const server = new URL(kc.getCurrentCluster()!.server);
  const opts: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  const mod = server.protocol === "https:" ? https : http;
  const agent = new mod.Agent({ keepAlive: true, maxSockets: 32, ca: opts.ca, cert: opts.cert, key: opts.key });
  const patch = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = JSON.stringify({
        metadata: { annotations: { "bench/seq": String(i), "bench/sent": String(now()) } },
      });
      const req = mod.request(
        {
          host: server.hostname,
          port: server.port,
          method: "PATCH",
          path: `/api/v1/namespaces/${ns}/pods/pod-${i % 100}?fieldManager=bench`,
          agent,
          headers: { ...opts.headers, "Content-Type": "application/merge-patch+json" },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`patch: HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const inflight = new Set<Promise<void>>();
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    while (inflight.size >= 32) await Promise.race(inflight);
    const w = patch(i);
    inflight.add(w);
    void w.finally(() => inflight.delete(w));
  }
  await Promise.all(inflight);
  console.log(`achieved=${(total / ((performance.now() - start) / 1000)).toFixed(0)}`);
  agent.destroy();
}

(mode === "console"
  ? runConsole()
  : mode === "writer"
    ? runWriter()
    : Promise.reject(new Error(`mode ${mode}?`))
).catch((e) => {
  console.error(e);
  process.exit(1);
});
