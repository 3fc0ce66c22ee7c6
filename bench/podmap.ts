// Benchmark (not a test): the CloneSet detail page with its pod map at 1,000 and 5,000 pods, in real Chromium
// (Playwright), against the built app (`next build` first) on a sandbox API server. Prints figures only.
//   first render: navigation start → the map drawn with every pod (summary says N pods)
//   frame time:   requestAnimationFrame intervals while pods change live (status patches streaming in) and the
//                 pointer sweeps the map (hover tooltips)
// Run: npx tsx bench/podmap.ts [--pods 1000,5000] [--seconds 5]
import { CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions, type KubeConfig } from "@kubernetes/client-node";
import { spawn } from "node:child_process";
import net from "node:net";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { chromium } from "playwright-core";
import { pages } from "../lib/urls";
import { median, ms, pct, sleep, startSandbox } from "./lib";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const SIZES = arg("pods", "1000,5000").split(",").map(Number);
const SECONDS = Number(arg("seconds", "5"));
const REPO = path.resolve(__dirname, "..");
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const OLD = "big-5b76c46c9b";
const NEW = "big-659d94d4c9";

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const p = (s.address() as net.AddressInfo).port;
  s.close();
  return p;
}

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

/** Pod i's status at tick t: ready, or not ready, or failing to pull (a few), changing with t. */
function podStatus(i: number, t: number) {
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
          restartCount: 0,
          state: failing ? { waiting: { reason: "ImagePullBackOff", message: "bench" } } : { running: {} },
        },
      ],
    },
  };
}

async function startApp(kcPath: string, port: number) {
  const app = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/serve.ts", "--host", "127.0.0.1", "--port", String(port), "--mode", "local"],
    {
      cwd: REPO,
      env: { ...process.env, KRUISE_CONSOLE_KUBECONFIG: kcPath, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    app.on("exit", (c) => reject(new Error(`app exited ${c}`)));
    app.stdout!.on("data", (c: Buffer) => String(c).includes("ready on") && resolve());
  });
  return app;
}

/** The JavaScript a first visit to a page loads (its <script src> chunks), raw and gzip-compressed. */
async function routeJs(base: string, page: string): Promise<{ raw: number; gzip: number; files: number }> {
  const html = await (await fetch(base + page)).text();
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]))];
  let raw = 0,
    gzip = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { raw, gzip, files: srcs.length };
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function main() {
  const sb = await startSandbox();
  const port = await freePort();
  const app = await startApp(sb.kcPath, port);
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  const context = sb.kc.getCurrentContext();
  console.log(`pod map bench: detail page in Chromium, ${SECONDS} s of live changes per size`);
  for (const [label, p] of [
    ["list route", pages.cloneSets(context)],
    ["detail route", pages.cloneSet(context, "default", "any")],
  ] as const) {
    const js = await routeJs(`http://127.0.0.1:${port}`, p);
    console.log(`  ${label} JS on first load: ${kib(js.gzip)} gzip (${kib(js.raw)} raw, ${js.files} files)`);
  }
  try {
    for (const n of SIZES) {
      const ns = `bench-${n}`;
      const t0 = Date.now();
      await seed(sb.kc, ns, n);
      console.log(`\n${n} pods (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const firsts: number[] = [];
      for (let run = 0; run < 3; run++) {
        const start = Date.now();
        await page.goto(`http://127.0.0.1:${port}${pages.cloneSet(context, ns, "big")}`);
        await page
          .getByTestId("pod-map-summary")
          .filter({ hasText: `${n} pods` })
          .waitFor({ timeout: 120_000 });
        await page.getByTestId("pod-map-canvas").first().waitFor();
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        firsts.push(Date.now() - start);
      }
      console.log(
        `  first render (navigation → map of ${n} drawn): median ${ms(median(firsts))}, runs ${firsts.map((f) => f.toFixed(0)).join(", ")} ms`,
      );
      await page.getByTestId("pod-map").scrollIntoViewIfNeeded();
      // A string, not a function: tsx's name helpers do not exist in the page.
      await page.evaluate(`(() => {
        window.__frames = [];
        let last = performance.now();
        const tick = (t) => { window.__frames.push(t - last); last = t; requestAnimationFrame(tick); };
        requestAnimationFrame(tick);
      })()`);
      // Live changes: ~2% of the pods change status every 250 ms, while the pointer sweeps the map.
      const core = sb.kc.makeApiClient(CoreV1Api);
      let stop = false;
      const churn = (async () => {
        for (let t = 1; !stop; t++) {
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
      const box = (await page.getByTestId("pod-map-canvas").first().boundingBox())!;
      const until = Date.now() + SECONDS * 1000;
      for (let k = 0; Date.now() < until; k++) {
        await page.mouse.move(box.x + ((k * 37) % box.width), box.y + ((k * 11) % Math.max(box.height, 1)));
        await sleep(16);
      }
      stop = true;
      await churn;
      const frames = ((await page.evaluate("window.__frames")) as number[]).slice(5);
      const long = frames.filter((f) => f > 50).length;
      console.log(
        `  frame time with live changes + hover: median ${ms(median(frames))}, p95 ${ms(pct(frames, 0.95))}, max ${ms(Math.max(...frames))}, ${long} of ${frames.length} frames over 50 ms`,
      );
      await page.close();
      await core.deleteNamespace({ name: ns });
    }
  } finally {
    await browser.close();
    app.kill();
    sb.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
