// Benchmark (not a test): the CloneSet list page with many CloneSets while their status changes stream in, in real
// Chromium against the built app (`next build` first) on a sandbox API server. Prints figures only.
//   first rows:     navigation → every CloneSet listed ("200 of 200") and the first rows drawn
//   input latency:  typing into "Filter by name" while status patches stream in: each key's timestamp → the next
//                   frame after its handlers (what a user feels as lag)
//   frame time:     requestAnimationFrame intervals over the same window; long tasks summed over it
// Run: npx tsx bench/listpage.ts [--cloneSets 200] [--rate 200] [--writers 8] [--seconds 8] [--app [LABEL=]DIR,…]
//      (see bench/podmap.ts) [--profile DIR]
//   --writers N   keep-alive connections the status patches are spread over
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { pages } from "../lib/urls";
import type { Browser } from "playwright-core";
import {
  APPS,
  freePort,
  frameTimes,
  launch,
  machine,
  probe,
  readProbe,
  recordFrames,
  type ProbeFigures,
  startApp,
  taskContents,
  type App,
} from "./browser";
import { median, ms, pct, sleep, startSandbox } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const COUNT = arg("cloneSets", 200);
const RATE = arg("rate", 200);
const SECONDS = arg("seconds", 8);
const WRITERS = arg("writers", 8);
const NAMESPACES = 5;
const PROFILE = process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : "";
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const GROUP = { group: "apps.kruise.io", version: "v1alpha1", plural: "clonesets" };

const nsOf = (i: number) => `fleet-${i % NAMESPACES}`;
const nameOf = (i: number) => `app-${String(i).padStart(4, "0")}`;

/** CloneSet i's status at tick t: a rollout moving through its pods, so the row's counts and bar change. */
function status(i: number, t: number, generation: number) {
  const updated = (i + t) % 11;
  return {
    status: {
      observedGeneration: generation,
      replicas: 10,
      readyReplicas: 10 - ((i + t) % 3),
      availableReplicas: 10 - ((i + t) % 3),
      updatedReplicas: updated,
      updatedReadyReplicas: Math.max(0, updated - 1),
      expectedUpdatedReplicas: 10,
      updateRevision: `${nameOf(i)}-new`,
      currentRevision: `${nameOf(i)}-old`,
    },
  };
}

async function seed(kc: KubeConfig): Promise<number[]> {
  const core = kc.makeApiClient(CoreV1Api);
  const crd = kc.makeApiClient(CustomObjectsApi);
  for (let n = 0; n < NAMESPACES; n++) await core.createNamespace({ body: { metadata: { name: nsOf(n) } } });
  const generations: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < COUNT) {
      const i = next++;
      const ns = nsOf(i);
      const cs = (await crd.createNamespacedCustomObject({
        ...GROUP,
        namespace: ns,
        body: {
          apiVersion: "apps.kruise.io/v1alpha1",
          kind: "CloneSet",
          metadata: { name: nameOf(i), namespace: ns },
          spec: {
            replicas: 10,
            selector: { matchLabels: { app: nameOf(i) } },
            template: {
              metadata: { labels: { app: nameOf(i) } },
              spec: { containers: [{ name: "app", image: "a:2" }] },
            },
          },
        },
      })) as { metadata: { generation: number } };
      generations[i] = cs.metadata.generation;
      await crd.patchNamespacedCustomObjectStatus(
        { ...GROUP, namespace: ns, name: nameOf(i), body: status(i, 0, generations[i]) },
        merge,
      );
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return generations;
}

/**
 * RATE status patches a second, round-robin over the CloneSets, until stop() (which says the rate reached). Plain
 * keep-alive requests over WRITERS connections: client-node opens a TLS connection per call, which held a
 * one-process writer to 10–15 patches/s here.
 */
function stream(kc: KubeConfig, generations: number[], tick: number) {
  const server = new URL(kc.getCurrentCluster()!.server);
  const mod = server.protocol === "https:" ? https : http;
  const ready = (async () => {
    const opts: https.RequestOptions = {};
    await kc.applyToHTTPSOptions(opts);
    const agent = new mod.Agent({
      keepAlive: true,
      maxSockets: WRITERS,
      ca: opts.ca,
      cert: opts.cert,
      key: opts.key,
      rejectUnauthorized: opts.rejectUnauthorized,
    });
    return { agent, headers: opts.headers ?? {} };
  })();
  const patch = async (i: number, body: unknown) => {
    const { agent, headers } = await ready;
    const url = `/apis/${GROUP.group}/${GROUP.version}/namespaces/${nsOf(i)}/${GROUP.plural}/${nameOf(i)}/status`;
    await new Promise<void>((resolve, reject) => {
      const req = mod.request(
        {
          host: server.hostname,
          port: server.port,
          method: "PATCH",
          path: url,
          agent,
          headers: { ...headers, "Content-Type": "application/merge-patch+json" },
        },
        (res) => {
          res.resume();
          res.on("end", () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`patch: HTTP ${res.statusCode}`)),
          );
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(body));
    });
  };
  let stop = false;
  let sent = 0;
  let failed = 0;
  const start = performance.now();
  const inflight = new Set<Promise<unknown>>();
  const done = (async () => {
    for (let k = 0; !stop; k++) {
      const wait = start + (k * 1000) / RATE - performance.now();
      if (wait > 1) await sleep(wait);
      while (inflight.size >= WRITERS * 2) await Promise.race(inflight);
      const i = k % COUNT;
      // Settles either way, so the pacing loop never throws: a failed patch is counted, not sent.
      const w: Promise<void> = patch(i, status(i, tick + Math.floor(k / COUNT) + 1, generations[i])).then(
        () => void (sent++, inflight.delete(w)),
        () => void (failed++, inflight.delete(w)),
      );
      inflight.add(w);
    }
    await Promise.all(inflight);
    (await ready).agent.destroy();
  })();
  return async () => {
    stop = true;
    const elapsed = (performance.now() - start) / 1000;
    await done;
    if (failed) console.log(`    ${failed} status patches failed`);
    return sent / elapsed;
  };
}

// Key → the first frame whose search box shows the key's text and whose rows are filtered by it: what the user waits
// for. "Key → next frame" alone rewards a page that defers the filtering and draws stale rows quickly.
const ANSWERED = `(() => {
  const a = (window.__answered = { keys: [], pending: [], lastKey: 0 });
  const shows = (v) => {
    const box = document.querySelector('input[type="search"]');
    if (!box || box.value !== v) return false;
    const needle = v.trim().toLowerCase();
    for (const r of document.querySelectorAll('[data-testid="cloneset-row"]'))
      if (!(r.getAttribute("data-name") || "").toLowerCase().includes(needle)) return false;
    return true;
  };
  const look = () => {
    const now = performance.now();
    let k = -1;
    for (let i = 0; i < a.pending.length; i++) if (shows(a.pending[i].v)) k = i;
    if (k >= 0) for (const x of a.pending.splice(0, k + 1)) a.keys.push(now - x.t0);
    if (a.pending.length) requestAnimationFrame(look);
  };
  addEventListener("keydown", (e) => (a.lastKey = e.timeStamp), true);
  addEventListener("input", (e) => {
    if (!(e.target instanceof HTMLInputElement) || e.target.type !== "search") return;
    if (a.pending.push({ v: e.target.value, t0: a.lastKey || e.timeStamp }) === 1) requestAnimationFrame(look);
  }, true);
})()`;

/** One app: navigation to the full list, then typing into the filter while the status patches stream in. */
async function measure(browser: Browser, app: App, base: string, kc: KubeConfig, generations: number[], tick: number) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await probe(page);
  await page.addInitScript(ANSWERED);
  const t0 = Date.now();
  await page.goto(`${base}${pages.cloneSets(kc.getCurrentContext())}`);
  // The list holds every CloneSet ("200 of 200") and draws its first rows; a list that draws only the rows in view
  // has no 200th row to wait for.
  await page.getByText(`${COUNT} of ${COUNT}`, { exact: true }).waitFor({ timeout: 60_000 });
  await page.getByTestId("cloneset-row").first().waitFor({ timeout: 60_000 });
  console.log(`  [${app.label}] navigation → all ${COUNT} CloneSets listed, first rows drawn: ${ms(Date.now() - t0)}`);
  await sleep(1000);
  const stop = stream(kc, generations, tick);
  await sleep(1000);
  const from = (await page.evaluate("performance.now()")) as number;
  const cdp = PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.start");
  }
  await recordFrames(page);
  const filter = page.getByRole("searchbox", { name: "Filter by name" });
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    await filter.click();
    await page.keyboard.type("app-01", { delay: 60 });
    for (let k = 0; k < 6; k++) await page.keyboard.press("Backspace", { delay: 60 });
  }
  const reached = await stop();
  if (cdp) {
    const file = path.join(PROFILE, `listpage-${app.label.replace(/\W+/g, "_")}.cpuprofile`);
    fs.mkdirSync(PROFILE, { recursive: true });
    fs.writeFileSync(file, JSON.stringify((await cdp.send("Profiler.stop")).profile));
    console.log(`    CPU profile of the typing window: ${file}`);
  }
  const p = await readProbe(page, Infinity, from);
  const answered = (await page.evaluate("window.__answered.keys")) as number[];
  const frames = await frameTimes(page);
  console.log(
    `    while ${reached.toFixed(0)} patches/s streamed (${RATE} asked over ${WRITERS} connections; ${SECONDS} s of typing, ${p.keys.length} keys):`,
  );
  console.log(
    `    input latency (key → next frame): p50 ${ms(median(p.keys))}, p95 ${ms(pct(p.keys, 0.95))}, max ${ms(Math.max(...p.keys))} (goal ≤ 100 ms)`,
  );
  console.log(
    `    key → the box shows it and the rows are filtered by it: p50 ${ms(median(answered))}, p95 ${ms(pct(answered, 0.95))}, max ${ms(Math.max(...answered))} (${answered.length} keys)`,
  );
  console.log(
    `    frame time: p50 ${ms(median(frames))}, p95 ${ms(pct(frames, 0.95))}; ${p.longTasks} long tasks totalling ${ms(p.longTaskMs)}`,
  );
  if (process.argv.includes("--tasks")) printTasks(p);
  await page.close();
}

/** --tasks: what ran in each long task's frame (scripts by entry point, in ms). */
function printTasks(p: ProbeFigures) {
  for (const [start, d] of p.tasks) console.log(`      +${d.toFixed(0).padStart(4)}  ${taskContents(p, start, d)}`);
}

async function main() {
  const sb = await startSandbox();
  const apps = [];
  for (const app of APPS) {
    const port = await freePort();
    apps.push({ app, base: `http://127.0.0.1:${port}`, proc: await startApp(app.dir, sb.kcPath, port) });
  }
  const browser = await launch();
  console.log(`list page bench: ${COUNT} CloneSets in ${NAMESPACES} namespaces, ${RATE} status patches/s asked`);
  try {
    const generations = await seed(sb.kc);
    console.log(`  ${machine()}`);
    for (const [k, { app, base }] of apps.entries()) await measure(browser, app, base, sb.kc, generations, k * 1000);
  } finally {
    await browser.close();
    for (const a of apps) a.proc.kill();
    sb.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
