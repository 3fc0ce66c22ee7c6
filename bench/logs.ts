// Benchmark (not a test): the console's memory while a fast log streams to a slow browser. A sandbox (a child process,
// with its kubelet) runs a container writing SANDBOX_LOG_RATE lines a second; this process is the console: the real log
// route (lib/server/logs) reading pods/log through client-node, and a "browser" that reads the answer slowly. With
// backpressure the console holds a pipe's worth of the log however far behind the browser is; without it, it would
// hold everything the browser has not read yet. Prints figures.
// Run: npm run bench -- logs [--rate 100000] [--seconds 20] [--read-kib 64] [--every-ms 50]
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConsoleConfig } from "../lib/server/auth/config";
import { getPodLog } from "../lib/server/logs";
import { buildRuntime } from "../lib/server/runtime";
import { sleep } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const RATE = arg("rate", 100_000);
const SECONDS = arg("seconds", 20);
const READ_KIB = arg("read-kib", 64);
const EVERY_MS = arg("every-ms", 50);
const REPO = path.resolve(__dirname, "..");
const MB = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

async function sandboxWithKubelet() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-logs-"));
  const kcPath = path.join(dir, "kubeconfig");
  const child = spawn(
    path.join(REPO, "node_modules/.bin/tsx"),
    ["sandbox/cli.ts", "--port", "0", "--kubeconfig", kcPath, "--scenario", "none", "--fast"],
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

interface Sample {
  rss: number;
  heap: number;
  buffers: number;
}

const sample = (): Sample => {
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed, buffers: m.arrayBuffers };
};

/** Reads `res` like a browser on a slow link: `kib` KiB every `everyMs`, for `seconds`; samples memory meanwhile. */
async function slowBrowser(res: Response, kib: number, everyMs: number, seconds: number) {
  const reader = res.body!.getReader();
  const samples: Sample[] = [];
  let read = 0;
  const end = Date.now() + seconds * 1000;
  let pending: Uint8Array | undefined;
  while (Date.now() < end) {
    let budget = kib * 1024;
    while (budget > 0 && Date.now() < end) {
      const chunk = pending ?? (await reader.read()).value;
      if (!chunk) break;
      const take = Math.min(budget, chunk.byteLength);
      read += take;
      budget -= take;
      pending = take < chunk.byteLength ? chunk.subarray(take) : undefined;
    }
    samples.push(sample());
    await sleep(everyMs);
  }
  await reader.cancel();
  return { read, samples };
}

function report(label: string, r: { read: number; samples: Sample[] }, seconds: number, lines: number) {
  const max = (k: keyof Sample) => Math.max(...r.samples.map((s) => s[k]));
  const last = r.samples.at(-1)!;
  console.log(label);
  console.log(
    `  the browser read ${MB(r.read)} in ${seconds} s (${MB(r.read / seconds)}/s) of a log of ${lines.toLocaleString("en-US")} lines and growing`,
  );
  console.log(
    `  console memory: rss max ${MB(max("rss"))} (end ${MB(last.rss)}), heap max ${MB(max("heap"))}, array buffers max ${MB(max("buffers"))}`,
  );
}

async function main() {
  const sb = await sandboxWithKubelet();
  try {
    process.env.KRUISE_CONSOLE_KUBECONFIG = sb.kcPath;
    const rt = buildRuntime(readConsoleConfig(process.env));
    const core = sb.kc.makeApiClient(CoreV1Api);
    const name = "fast-logger";
    await core.createNamespacedPod({
      namespace: "default",
      body: {
        metadata: { name },
        spec: {
          containers: [
            {
              name: "app",
              image: "registry.example.com/bench/logger:1.0",
              env: [{ name: "SANDBOX_LOG_RATE", value: String(RATE) }],
            },
          ],
        },
      },
    });
    for (;;) {
      const p = await core.readNamespacedPod({ name, namespace: "default" });
      if (p.status?.containerStatuses?.[0]?.state?.running) break;
      await sleep(100);
    }
    console.log(`a container writing ${RATE.toLocaleString("en-US")} lines a second; letting it write for 5 s first`);
    await sleep(5000);
    const cluster = sb.kc.getCurrentContext();
    const open = (query: string) =>
      getPodLog(
        rt,
        new Request(`http://127.0.0.1:3000/api/c/${cluster}/ns/default/pods/${name}/log?${query}`),
        cluster,
        "default",
        "pods",
        name,
      );
    // Lines written so far: the container writes RATE a second, and had written for 5 s before the first read.
    const written = () => Math.round(RATE * ((Date.now() - started) / 1000 + 5));
    const started = Date.now();
    global.gc?.();
    const before = sample();
    console.log(
      `console memory before: rss ${MB(before.rss)}, heap ${MB(before.heap)}, array buffers ${MB(before.buffers)}`,
    );
    const whole = await open("container=app&download=true");
    report(
      `the whole log (download), read at ${READ_KIB} KiB every ${EVERY_MS} ms:`,
      await slowBrowser(whole, READ_KIB, EVERY_MS, SECONDS),
      SECONDS,
      written(),
    );
    global.gc?.();
    const live = await open("container=app&follow=true&tailLines=10000");
    report(
      `the live log (follow), read at ${READ_KIB} KiB every ${EVERY_MS} ms:`,
      await slowBrowser(live, READ_KIB, EVERY_MS, SECONDS),
      SECONDS,
      written(),
    );
    global.gc?.();
    const fast = await open("container=app&follow=true&tailLines=10000");
    report(
      "the live log, read as fast as this process can:",
      await slowBrowser(fast, 1 << 20, 0, Math.min(SECONDS, 10)),
      Math.min(SECONDS, 10),
      written(),
    );
    await rt.close();
  } finally {
    sb.stop();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
