// Benchmark (not a test): the CloneSet detail page with its pod map at 1,000 and 5,000 pods, in real Chromium
// (Playwright), against the built app (`next build` first) on a sandbox API server. Prints figures only.
//   first render:     navigation start → the map drawn with every pod (summary says N pods)
//   first pod row:    the pods snapshot reaching the page's EventSource → the first pod row in the DOM
//   long tasks:       main-thread tasks over 50 ms, summed, from navigation to 3 s after the first pod row
//   frame time:       requestAnimationFrame intervals while pods change live (status patches streaming in) and
//                     the pointer sweeps the map (hover tooltips)
// Run: npx tsx bench/podmap.ts [--pods 1000,5000] [--seconds 5] [--runs 3] [--app …] [--profile DIR]
//   --app [LABEL=]DIR,…  serve these checkouts' builds (e.g. before=<main's checkout>,after=.), each measured in
//                        turn on the same seeded pods, for a before/after pair at the same moment
//   --profile DIR  write a Chromium CPU profile of one load per size (open it in DevTools' Performance panel)
//   --trace DIR    write a Chromium performance trace of one load per size (tasks, layout, paint and JS samples; open
//                  it in DevTools' Performance panel)
//   --tasks        print each load's long tasks (ms from the pods snapshot) with what ran in their frames
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { pages } from "../lib/urls";
import {
  APPS,
  freePort,
  frameTimes,
  launch,
  machine,
  probe,
  readProbe,
  recordFrames,
  startApp,
  type App,
} from "./browser";
import { median, ms, pct, podStatus, sleep, startSandbox } from "./lib";
import { kib, printTasks, profileLoad, routeJs, TRACE_CATEGORIES } from "./podmap-inspect";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const SIZES = arg("pods", "1000,5000").split(",").map(Number);
const SECONDS = Number(arg("seconds", "5"));
const RUNS = Number(arg("runs", "3"));
const PROFILE = arg("profile", "");
const TRACE = arg("trace", "");
const TASKS = process.argv.includes("--tasks");
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const OLD = "big-5b76c46c9b";
const NEW = "big-659d94d4c9";

/** A CloneSet of n pods mid-rollout: 40% on the update revision, a few failing, some updating in place. */
async function seed(kc: KubeConfig, ns: string, n: number): Promise<void> {
  const core = kc.makeApiClient(CoreV1Api);
  const crd = kc.makeApiClient(CustomObjectsApi);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  const cs = (await crd.createNamespacedCustomObject({
    group: "apps.kruise.io",
    version: "v1alpha1",
    namespace: ns,
    plural: "clonesets",
    body: {
      apiVersion: "apps.kruise.io/v1alpha1",
      kind: "CloneSet",
      metadata: { name: "big", namespace: ns },
      spec: {
        replicas: n,
        selector: { matchLabels: { app: "big" } },
        template: { metadata: { labels: { app: "big" } }, spec: { containers: [{ name: "app", image: "app:2" }] } },
        updateStrategy: { type: "InPlaceIfPossible", partition: Math.round(n * 0.6) },
      },
    },
  })) as { metadata: { uid: string; generation: number } };
  await crd.patchNamespacedCustomObjectStatus(
    {
      group: "apps.kruise.io",
      version: "v1alpha1",
      namespace: ns,
      plural: "clonesets",
      name: "big",
      body: {
        status: {
          observedGeneration: cs.metadata.generation,
          replicas: n,
          updateRevision: NEW,
          currentRevision: OLD,
          expectedUpdatedReplicas: n - Math.round(n * 0.6),
          // Required by the CRD's status schema; the page recounts from the pods anyway.
          readyReplicas: n,
          availableReplicas: n,
          updatedReplicas: n - Math.round(n * 0.6),
          updatedReadyReplicas: n - Math.round(n * 0.6),
        },
      },
    },
    merge,
  );
  const owner = [
    { apiVersion: "apps.kruise.io/v1alpha1", kind: "CloneSet", name: "big", uid: cs.metadata.uid, controller: true },
  ];
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      const updated = i % 5 < 2;
      const name = `big-${String(i).padStart(5, "0")}`;
      await core.createNamespacedPod({
        namespace: ns,
        body: {
          metadata: {
            name,
            labels: { app: "big", "controller-revision-hash": updated ? NEW : OLD },
            ownerReferences: owner,
          },
          spec: { nodeName: `node-${i % 20}`, containers: [{ name: "app", image: updated ? "app:2" : "app:1" }] },
        },
      });
      await core.patchNamespacedPodStatus({ namespace: ns, name, body: podStatus(i, 0) }, merge);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** One load of the detail page: navigation → map drawn, snapshot → first row, long tasks until first row + 3 s. */
async function load(page: Page, url: string, n: number) {
  const start = Date.now();
  await page.goto(url);
  await page
    .getByTestId("pod-map-summary")
    .filter({ hasText: `${n} pods` })
    .waitFor({ timeout: 120_000 });
  await page.getByTestId("pod-map-canvas").first().waitFor();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const drawn = Date.now() - start;
  await page.getByTestId("pod-row").first().waitFor({ state: "attached" });
  const row = (await readProbe(page)).firstRowAt ?? NaN;
  await sleep(Math.max(0, row + 3000 - ((await page.evaluate("performance.now()")) as number)));
  const p = await readProbe(page, row + 3000);
  const snap = p.snapshotAt ?? NaN;
  const afterSnap = await readProbe(page, row + 3000, snap);
  if (TASKS) printTasks(p, snap, row);
  return {
    drawn,
    toSnap: snap,
    toRow: row - snap,
    longMs: p.longTaskMs,
    longN: p.longTasks,
    afterMs: afterSnap.longTaskMs,
  };
}

/** ~2% of the pods change status every 250 ms until stop() is called. */
function churn(kc: KubeConfig, ns: string, n: number, from: number) {
  const core = kc.makeApiClient(CoreV1Api);
  let stop = false;
  const done = (async () => {
    for (let t = from; !stop; t++) {
      const batch = Array.from({ length: Math.max(1, Math.round(n / 50)) }, (_, k) => (k * 50 + t) % n);
      await Promise.all(
        batch.map((i) =>
          core.patchNamespacedPodStatus(
            { namespace: ns, name: `big-${String(i).padStart(5, "0")}`, body: podStatus(i, t) },
            merge,
          ),
        ),
      );
      await sleep(250);
    }
  })();
  return () => ((stop = true), done);
}

/** Loads, then live changes with hover, for one app on the seeded namespace. */
async function measure(browser: Browser, app: App, base: string, kc: KubeConfig, ns: string, n: number, tick: number) {
  const url = `${base}${pages.cloneSet(kc.getCurrentContext(), ns, "big")}`;
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await probe(page);
    runs.push(await load(page, url, n));
    await page.close();
  }
  const fig = (xs: number[]) => `median ${ms(median(xs))}, runs ${xs.map((f) => f.toFixed(0)).join(", ")} ms`;
  console.log(`  [${app.label}]`);
  console.log(`    first render (navigation → map of ${n} drawn): ${fig(runs.map((r) => r.drawn))}`);
  console.log(`    navigation → pods snapshot at the page:      ${fig(runs.map((r) => r.toSnap))}`);
  console.log(`    pods snapshot → first pod row:               ${fig(runs.map((r) => r.toRow))}`);
  console.log(
    `    long tasks, navigation → first row + 3 s:    ${fig(runs.map((r) => r.longMs))} (${runs.map((r) => r.longN).join(", ")} tasks)`,
  );
  console.log(`      of which from the pods snapshot on:         ${fig(runs.map((r) => r.afterMs))}`);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await probe(page);
  if (PROFILE) {
    fs.mkdirSync(PROFILE, { recursive: true });
    const file = path.join(PROFILE, `podmap-${app.label.replace(/\W+/g, "_")}-${n}.cpuprofile`);
    await profileLoad(page, () => load(page, url, n), file);
  } else if (TRACE) {
    fs.mkdirSync(TRACE, { recursive: true });
    const file = path.join(TRACE, `podmap-${app.label.replace(/\W+/g, "_")}-${n}.trace.json`);
    await browser.startTracing(page, { path: file, categories: TRACE_CATEGORIES });
    await load(page, url, n);
    await browser.stopTracing();
    console.log(`  trace of one load: ${file}`);
  } else {
    await load(page, url, n);
  }
  await page.getByTestId("pod-map").scrollIntoViewIfNeeded();
  await recordFrames(page);
  // Live changes while the pointer sweeps the map.
  const stop = churn(kc, ns, n, tick);
  const box = (await page.getByTestId("pod-map-canvas").first().boundingBox())!;
  const until = Date.now() + SECONDS * 1000;
  for (let k = 0; Date.now() < until; k++) {
    await page.mouse.move(box.x + ((k * 37) % box.width), box.y + ((k * 11) % Math.max(box.height, 1)));
    await sleep(16);
  }
  await stop();
  const frames = await frameTimes(page);
  const long = frames.filter((f) => f > 50).length;
  console.log(
    `    frame time with live changes + hover: p50 ${ms(median(frames))}, p95 ${ms(pct(frames, 0.95))}, max ${ms(Math.max(...frames))}, ${long} of ${frames.length} frames over 50 ms`,
  );
  await page.close();
}

async function main() {
  const sb = await startSandbox();
  const apps = [];
  for (const app of APPS) {
    const port = await freePort();
    apps.push({ app, base: `http://127.0.0.1:${port}`, proc: await startApp(app.dir, sb.kcPath, port) });
  }
  const browser = await launch();
  const context = sb.kc.getCurrentContext();
  console.log(`pod map bench: detail page in Chromium, ${SECONDS} s of live changes per size\n  ${machine()}`);
  for (const { app, base } of apps) {
    for (const [label, p] of [
      ["list route", pages.cloneSets(context)],
      ["detail route", pages.cloneSet(context, "default", "any")],
    ] as const) {
      const js = await routeJs(base, p);
      console.log(
        `  [${app.label}] ${label} JS on first load: ${kib(js.gzip)} gzip (${kib(js.raw)} raw, ${js.files} files)`,
      );
    }
  }
  try {
    for (const n of SIZES) {
      const ns = `bench-${n}`;
      const t0 = Date.now();
      await seed(sb.kc, ns, n);
      console.log(`\n${n} pods (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${machine()})`);
      for (const [k, { app, base }] of apps.entries()) await measure(browser, app, base, sb.kc, ns, n, 1 + k * 1000);
      await sb.kc.makeApiClient(CoreV1Api).deleteNamespace({ name: ns });
    }
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
