// Benchmark (not a test): the Advanced StatefulSet detail page at 1,000 pods (ordinals, reserved ordinals marked), in
// real Chromium (Playwright), against the built app (`next build` first) on a sandbox API server without controllers.
// Prints figures only:
//   first render:     navigation start → the pod map drawn with every pod (summary says N pods)
//   first pod row:    the pods snapshot reaching the page → the first pod row in the DOM
//   long tasks:       main-thread tasks over 50 ms, summed, from navigation to 3 s after the first pod row
//   next step:        the action bar's "Next step" clicked → its dialog's partition preview naming the pods that move
// Run: npx tsx --conditions=react-server bench/statefulset.ts [--pods 1000] [--runs 3] [--app …]
import { AppsV1Api, CoreV1Api, CustomObjectsApi, PatchStrategy, setHeaderOptions } from "@kubernetes/client-node";
import type { KubeConfig } from "@kubernetes/client-node";
import type { Browser, Page } from "playwright-core";
import { pages } from "../lib/urls";
import { APPS, freePort, launch, machine, probe, readProbe, startApp, type App } from "./browser";
import { median, ms, podStatus, sleep, startSandbox } from "./lib";

const arg = (name: string, def: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const SIZES = arg("pods", "1000").split(",").map(Number);
const RUNS = Number(arg("runs", "3"));
const merge = setHeaderOptions("Content-Type", PatchStrategy.MergePatch);
const OLD = "big-5b76c46c9b";
const NEW = "big-659d94d4c9";
const GROUP = { group: "apps.kruise.io", version: "v1beta1", plural: "statefulsets" };
// In place needs the InPlaceUpdateReady gate (the StatefulSet webhook refuses the set without it).
const template = (image: string) => ({
  metadata: { labels: { app: "big" } },
  spec: { readinessGates: [{ conditionType: "InPlaceUpdateReady" }], containers: [{ name: "app", image }] },
});

/**
 * An Advanced StatefulSet of n pods mid-rollout, as its controller would leave it: ordinals 0…n (ordinal 7 reserved),
 * those at or above the partition (60 % of them) on the update revision, a few failing; its two revisions.
 */
async function seed(kc: KubeConfig, ns: string, n: number): Promise<void> {
  const core = kc.makeApiClient(CoreV1Api);
  const crd = kc.makeApiClient(CustomObjectsApi);
  await core.createNamespace({ body: { metadata: { name: ns } } });
  const reserved = 7;
  const partition = Math.round(n * 0.6);
  const set = (await crd.createNamespacedCustomObject({
    ...GROUP,
    namespace: ns,
    body: {
      apiVersion: "apps.kruise.io/v1beta1",
      kind: "StatefulSet",
      metadata: { name: "big", namespace: ns },
      spec: {
        replicas: n,
        serviceName: "big",
        reserveOrdinals: [reserved],
        selector: { matchLabels: { app: "big" } },
        template: template("app:2"),
        updateStrategy: {
          type: "RollingUpdate",
          rollingUpdate: { partition, maxUnavailable: 1, podUpdatePolicy: "InPlaceIfPossible" },
        },
      },
    },
  })) as { metadata: { uid: string; generation: number } };
  const owner = {
    apiVersion: "apps.kruise.io/v1beta1",
    kind: "StatefulSet",
    name: "big",
    uid: set.metadata.uid,
    controller: true,
  };
  const ordinals = Array.from({ length: n + 1 }, (_, i) => i).filter((o) => o !== reserved);
  const updated = ordinals.filter((o) => o >= partition).length;
  await crd.patchNamespacedCustomObjectStatus(
    {
      ...GROUP,
      namespace: ns,
      name: "big",
      body: {
        status: {
          observedGeneration: set.metadata.generation,
          replicas: n,
          readyReplicas: n,
          availableReplicas: n,
          currentReplicas: n - updated,
          updatedReplicas: updated,
          updatedReadyReplicas: updated,
          currentRevision: OLD,
          updateRevision: NEW,
        },
      },
    },
    merge,
  );
  const apps = kc.makeApiClient(AppsV1Api);
  for (const [name, image, revision] of [
    [OLD, "app:1", 1],
    [NEW, "app:2", 2],
  ] as const)
    await apps.createNamespacedControllerRevision({
      namespace: ns,
      body: {
        metadata: { name, namespace: ns, labels: { app: "big" }, ownerReferences: [owner] },
        revision,
        data: { spec: { template: { ...template(image), $patch: "replace" } } },
      },
    });
  let next = 0;
  const worker = async () => {
    while (next < ordinals.length) {
      const o = ordinals[next++];
      const name = `big-${o}`;
      const up = o >= partition;
      await core.createNamespacedPod({
        namespace: ns,
        body: {
          metadata: {
            name,
            labels: {
              app: "big",
              "controller-revision-hash": up ? NEW : OLD,
              "statefulset.kubernetes.io/pod-name": name,
            },
            ownerReferences: [owner],
          },
          spec: { nodeName: `node-${o % 20}`, containers: [{ name: "app", image: up ? "app:2" : "app:1" }] },
        },
      });
      await core.patchNamespacedPodStatus({ namespace: ns, name, body: podStatus(o, 0) }, merge);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** One load: navigation → map drawn, snapshot → first pod row, long tasks until first row + 3 s, then the bar's step. */
async function load(page: Page, url: string, n: number) {
  const start = Date.now();
  await page.goto(url);
  await page
    .getByTestId("pod-map-summary")
    .filter({ hasText: `${n} pods` })
    .waitFor({ timeout: 120_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const drawn = Date.now() - start;
  await page.getByTestId("pod-row").first().waitFor({ state: "attached" });
  const row = (await readProbe(page)).firstRowAt ?? NaN;
  await sleep(Math.max(0, row + 3000 - ((await page.evaluate("performance.now()")) as number)));
  const p = await readProbe(page, row + 3000);
  const snap = p.snapshotAt ?? NaN;
  const t0 = Date.now();
  await page.getByTestId("bar-partition-step").getByRole("button").click();
  await page.getByRole("dialog").getByTestId("preview-will-move").waitFor({ timeout: 60_000 });
  const step = Date.now() - t0;
  return { drawn, toRow: row - snap, longMs: p.longTaskMs, longN: p.longTasks, step };
}

async function measure(browser: Browser, app: App, base: string, kc: KubeConfig, ns: string, n: number) {
  const url = `${base}${pages.workload(kc.getCurrentContext(), ns, "statefulsets", "big")}`;
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
  console.log(`    pods snapshot → first pod row:               ${fig(runs.map((r) => r.toRow))}`);
  console.log(
    `    long tasks, navigation → first row + 3 s:    ${fig(runs.map((r) => r.longMs))} (${runs.map((r) => r.longN).join(", ")} tasks)`,
  );
  console.log(`    action bar: Next step → its preview shown:   ${fig(runs.map((r) => r.step))}`);
}

async function main() {
  const sb = await startSandbox();
  const apps = [];
  for (const app of APPS) {
    const port = await freePort();
    apps.push({ app, base: `http://127.0.0.1:${port}`, proc: await startApp(app.dir, sb.kcPath, port) });
  }
  const browser = await launch();
  console.log(`Advanced StatefulSet detail bench: ordinals, the bar's preview, in Chromium\n  ${machine()}`);
  try {
    for (const n of SIZES) {
      const ns = `bench-sts-${n}`;
      const t0 = Date.now();
      await seed(sb.kc, ns, n);
      console.log(`\n${n} pods (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s; ${machine()})`);
      for (const { app, base } of apps) await measure(browser, app, base, sb.kc, ns, n);
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
