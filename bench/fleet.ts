// Benchmark (not a test): one console (the production build, `next build` first) watching a fleet of clusters while
// many browsers look at it. Each cluster is a sandbox API server process on 127.0.0.1 (bench/fleet-cluster.ts),
// seeded directly through its API with CloneSets and their pods (no controllers); the console gets one kubeconfig
// with a context per cluster; one Chromium holds a browser context (own session, own connection pool) per browser.
// Prints figures only:
//   seeding time;  time to interactive per page (bench/fleet-pages.ts);  upstream watches per cluster and scope,
//   counted by the API servers themselves;  the console's RSS and CPU (its process tree, from /proc) while the
//   pages load and while a writer patches status at --rate across the fleet and every list page types into its
//   filter;  the list's input latency then;  where the machine's CPU went (the bench shares 2 cores).
// Run: npx tsx --conditions=react-server bench/fleet.ts [--clusters 5] [--pods 10000] [--clonesets 200]
//        [--browsers 20] [--pages 4] [--seconds 30] [--rate 200] [--quick]
//        [--real list,list-ns,detail,detail-big] [--profile DIR]
//        (--quick: 2 × 1,000 pods × 20, 4 browsers, 10 s; --pages: how many browsers are real Chromium pages, the
//        others hold the same streams as stand-ins; --pages 20 makes all twenty real; --real: which kinds of page;
//        --profile: a Chromium CPU profile of each real list page over the typing window, written to DIR)
import { execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stringify } from "yaml";
import { freePort, launch, startApp } from "./browser";
import { sampler } from "./fleet-proc";
import { layout, seed, startCluster, writer, type Cluster } from "./fleet-seed";
import { open, plans, typeUntil, type Kind, type Opened } from "./fleet-pages";
import { pickReal, recordStreams, standIn, type StandIn } from "./fleet-streams";
import { reportWatches } from "./fleet-report";
import { median, ms, pct, sleep } from "./lib";

const QUICK = process.argv.includes("--quick");
const arg = (name: string, def: number, quick: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : QUICK ? quick : def;
};
const CLUSTERS = arg("clusters", 5, 2);
const PODS = arg("pods", 10_000, 1_000);
const CLONESETS = arg("clonesets", 200, 20);
const BROWSERS = arg("browsers", 20, 4);
const SECONDS = arg("seconds", 30, 10);
const RATE = arg("rate", 200, 50);
// Real Chromium pages among the browsers; the rest are stand-ins holding a page's streams (bench/fleet-streams.ts).
const PAGES = Math.min(BROWSERS, arg("pages", 4, 4));
// --real list,list-ns: only these kinds of page are real (the stand-ins take the rest), e.g. to see the list pages
// without detail pages drawing beside them in the same Chromium.
const REAL_KINDS = (() => {
  const i = process.argv.indexOf("--real");
  return i > 0 ? (process.argv[i + 1].split(",") as Kind[]) : undefined;
})();
const PROFILE = process.argv.includes("--profile") ? process.argv[process.argv.indexOf("--profile") + 1] : "";
const REPO = path.resolve(__dirname, "..");
const mib = (n: number) => `${(n / 1048576).toFixed(0)} MiB`;
const uptime = () => execSync("uptime").toString().trim();
const spread = (xs: number[]) =>
  xs.length ? `p50 ${ms(median(xs))}, p95 ${ms(pct(xs, 0.95))}, max ${ms(Math.max(...xs))} (n=${xs.length})` : "none";

function kubeconfig(clusters: Cluster[], file: string) {
  fs.writeFileSync(
    file,
    stringify({
      apiVersion: "v1",
      kind: "Config",
      // https, as a real cluster: the sandbox serves TLS and plain HTTP on one port (self-signed, loopback).
      clusters: clusters.map((c) => ({
        name: c.name,
        cluster: { server: c.url.replace(/^http:/, "https:"), "insecure-skip-tls-verify": true },
      })),
      users: clusters.map((c) => ({ name: `${c.name}-admin`, user: { token: c.token } })),
      contexts: clusters.map((c) => ({ name: c.name, context: { cluster: c.name, user: `${c.name}-admin` } })),
      "current-context": clusters[0].name,
    }),
    { mode: 0o600 },
  );
}

type Sampled = ReturnType<ReturnType<typeof sampler>["stop"]>;
function printCpu(title: string, s: Sampled) {
  const pctOf = (sec: number) => `${((sec / s.seconds) * 100).toFixed(0)}%`;
  const g = s.groups;
  console.log(`  ${title} (${s.seconds.toFixed(1)} s; % of one core):`);
  const c = g.console;
  console.log(
    `    console: CPU ${c.cpuSec.toFixed(1)} s = ${pctOf(c.cpuSec)}, RSS peak ${mib(c.peakRss)} (start ${mib(c.firstRss)}, end ${mib(c.lastRss)})`,
  );
  const other = s.machineBusySec - Object.values(g).reduce((a, x) => a + x.cpuSec, 0);
  console.log(
    `    machine busy ${pctOf(s.machineBusySec)} of ${os.cpus().length * 100}%: sandboxes ${pctOf(g.sandboxes.cpuSec)}, ` +
      `Chromium ${pctOf(g.chromium.cpuSec)}, this process (writer + Playwright) ${pctOf(g.bench.cpuSec)}, ` +
      `console ${pctOf(c.cpuSec)}, everything else on the machine ${pctOf(Math.max(0, other))}`,
  );
  return s.machineBusySec / s.seconds / os.cpus().length;
}

async function main() {
  console.log(
    `fleet bench: ${CLUSTERS} clusters × ${PODS} pods × ${CLONESETS} workloads (CloneSets, Advanced StatefulSets and DaemonSets), ${BROWSERS} browsers, ` +
      `${RATE} writes/s asked for ${SECONDS} s${QUICK ? " (--quick)" : ""}\n  ${uptime()}; ${os.cpus().length} CPUs, ${mib(os.totalmem())} RAM`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-fleet-"));
  const plan = layout(PODS, CLONESETS);
  const clusters = await Promise.all(Array.from({ length: CLUSTERS }, (_, i) => startCluster(`fleet-${i}`, plan)));
  const stops: (() => void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];
  for (const c of clusters) stops.unshift(() => c.proc.kill("SIGTERM"));
  try {
    const big = plan.workloads.filter((c) => c.name.startsWith("big-")).map((c) => c.pods);
    const small = plan.workloads.filter((c) => !c.name.startsWith("big-")).map((c) => c.pods);
    const seeded = plan.workloads.reduce((n, w) => n + w.pods, 0);
    const mix = (["clonesets", "statefulsets", "daemonsets"] as const)
      .map((k) => `${plan.workloads.filter((w) => w.kind === k).length} ${k}`)
      .join(", ");
    const seedCpu = sampler({
      sandboxes: { roots: () => clusters.map((c) => c.proc.pid!) },
      bench: { roots: () => [process.pid], exclude: () => childrenOf(process.pid) },
    });
    let t0 = performance.now();
    await Promise.all(clusters.map(seed));
    const seedSec = (performance.now() - t0) / 1000;
    const sc = seedCpu.stop();
    const writes = CLUSTERS * (seeded + CLONESETS) * 2;
    console.log(
      `\nseeded ${CLUSTERS * seeded} pods and ${CLUSTERS * CLONESETS} workloads (per cluster: ${mix}; ${plan.namespaces.length} namespaces, ` +
        `workloads of ${big.join(" and ")} pods and ${Math.min(...small)}–${Math.max(...small)} pods) in ${seedSec.toFixed(1)} s ` +
        `(${writes} writes, ${(writes / seedSec).toFixed(0)}/s, 16 in flight per cluster; CPU: sandboxes ` +
        `${sc.groups.sandboxes.cpuSec.toFixed(1)} s = ${((sc.groups.sandboxes.cpuSec * 1000) / writes).toFixed(2)} ms per write, ` +
        `this process ${sc.groups.bench.cpuSec.toFixed(1)} s, machine ${sc.machineBusySec.toFixed(1)} s of ` +
        `${(seedSec * os.cpus().length).toFixed(0)} s)\n  ${uptime()}`,
    );

    const kcPath = path.join(dir, "kubeconfig");
    kubeconfig(clusters, kcPath);
    // Local mode counts every stream against one session key; 20 browsers are many sessions (each list page holds
    // up to 5 streams), so the per-session cap is raised for the bench.
    process.env.KRUISE_CONSOLE_MAX_STREAMS = "1000";
    const port = await freePort();
    const app = await startApp(REPO, kcPath, port);
    stops.unshift(() => app.kill());
    const base = `http://127.0.0.1:${port}`;
    await sleep(2000);
    const groups = {
      console: { roots: () => [app.pid!] },
      sandboxes: { roots: () => clusters.map((c) => c.proc.pid!) },
      // Chromium: what this process started besides the console and the sandboxes; "bench": this process alone.
      chromium: {
        roots: () => childrenOf(process.pid).filter((p) => p !== app.pid && !clusters.some((c) => c.proc.pid === p)),
      },
      bench: { roots: () => [process.pid], exclude: () => childrenOf(process.pid) },
    };
    const idle = sampler(groups).stop().groups.console.lastRss;
    console.log(`\nconsole started (idle RSS ${mib(idle)}); ${BROWSERS} browsers open at once:`);

    const browser = await launch();
    stops.unshift(() => void browser.close());
    const all = plans(clusters, BROWSERS);
    const real = pickReal(all, PAGES, REAL_KINDS);
    const ps = all.filter((p) => real.has(p.browser));
    const standInPlans = all.filter((p) => !real.has(p.browser));
    const recorded = new Map<number, string[]>();
    if (standInPlans.length) {
      for (const p of standInPlans) recorded.set(p.browser, await recordStreams(browser, base, p));
      const n = [...recorded.values()].reduce((a, u) => a + u.length, 0);
      console.log(
        `  ${ps.length} real pages (${ps.map((p) => p.label).join("; ")}) and ${standInPlans.length} stand-ins ` +
          `holding the ${n} streams their pages opened (recorded from one load of each page); the hub's scopes ` +
          `from the recording loads are left to idle out`,
      );
      await sleep(35_000);
    }
    let s = sampler(groups);
    t0 = performance.now();
    const standIns: StandIn[] = standInPlans.map((p) => standIn(p, recorded.get(p.browser)!));
    stops.unshift(() => standIns.forEach((x) => x.close()));
    const opened: Opened[] = await Promise.all(ps.map((p) => open(browser, base, p)));
    console.log(
      `  ${opened.filter((o) => !o.failed).length} of ${ps.length} pages interactive, the last ${((performance.now() - t0) / 1000).toFixed(1)} s after the first navigation`,
    );
    if (standIns.length) {
      const snaps = await Promise.all(standIns.map((x) => x.ready));
      console.log(`  stand-ins: every stream's snapshot decoded: ${spread(snaps)}`);
    }
    for (const o of opened.filter((x) => x.failed))
      console.log(`  NOT INTERACTIVE: ${o.plan.label} (${o.plan.url}): ${o.failed}`);
    const lists = opened.filter((o) => o.plan.kind.startsWith("list") && !o.failed);
    const details = opened.filter((o) => !o.plan.kind.startsWith("list") && !o.failed);
    console.log(`  list pages (${lists.length}; ${lists.map((o) => o.plan.label).join(", ")}):`);
    console.log(`    navigation → first row:                      ${spread(lists.map((o) => o.firstRow))}`);
    console.log(
      `    navigation → interactive (first row + filter answered a key): ${spread(lists.map((o) => o.ready))}`,
    );
    if (details.length) {
      console.log(`  detail pages (${details.length}; ${details.map((o) => o.plan.label).join(", ")}):`);
      console.log(`    navigation → first pod row:                  ${spread(details.map((o) => o.firstRow))}`);
      console.log(`    navigation → pod map counts every pod:       ${spread(details.map((o) => o.ready))}`);
      for (const o of details.filter((d) => d.plan.kind === "detail-big"))
        console.log(`    ${o.plan.label}: first pod row ${ms(o.firstRow)}, map complete ${ms(o.ready)}`);
    }
    printCpu("while the pages loaded", s.stop());
    await sleep(2000);
    const atLoad = await Promise.all(clusters.map((c) => c.stats()));
    reportWatches("upstream watches after the pages loaded (counted by each API server)", clusters, atLoad);

    console.log(`\nsteady: ${SECONDS} s of status writes at ${RATE}/s asked, every list page typing into its filter`);
    s = sampler(groups);
    const stopWriter = writer(clusters, RATE);
    await sleep(1000);
    const cdps = PROFILE ? await Promise.all(lists.map((o) => o.page.context().newCDPSession(o.page))) : [];
    for (const c of cdps) await c.send("Profiler.enable").then(() => c.send("Profiler.start"));
    const typed = await typeUntil(lists, Date.now() + SECONDS * 1000);
    for (const [i, c] of cdps.entries()) {
      const file = path.join(PROFILE, `fleet-${lists[i].plan.label.replace(/\W+/g, "_")}.cpuprofile`);
      fs.mkdirSync(PROFILE, { recursive: true });
      fs.writeFileSync(file, JSON.stringify((await c.send("Profiler.stop")).profile));
      console.log(`  CPU profile of ${lists[i].plan.label} over the typing window: ${file}`);
    }
    const w = await stopWriter();
    const steady = s.stop();
    const short = w.total < RATE * 0.9;
    console.log(
      `  writer reached ${w.total.toFixed(0)}/s of ${RATE}/s asked (per cluster ${w.perCluster.map((r) => r.toFixed(0)).join(", ")}/s; ` +
        `answered in ${spread(w.latencies)}${w.failed.length ? `; ${w.failed.length} failed, first: ${w.failed[0]}` : ""})`,
    );
    const keys = typed.flatMap((t) => t.keys);
    console.log(
      `  list input latency (key → first frame with the filtered rows), ${lists.length} pages typing: ${spread(keys)}` +
        `${typed.some((t) => t.unresolved) ? `; ${typed.reduce((a, t) => a + t.unresolved, 0)} keys never shown` : ""}`,
    );
    for (const [i, t] of typed.entries())
      console.log(
        `    ${lists[i].plan.label}: p50 ${ms(median(t.keys))}, p95 ${ms(pct(t.keys, 0.95))} (${t.keys.length} keys)`,
      );
    const busy = printCpu("console and machine over the steady window", steady);
    const trend = steady.groups.console.rss.filter((_, i, a) => i % Math.max(1, Math.floor(a.length / 8)) === 0);
    console.log(`    console RSS over the window: ${trend.map(mib).join(" → ")}`);
    const atEnd = await Promise.all(clusters.map((c) => c.stats()));
    reportWatches("upstream watches at the end of the steady window", clusters, atEnd);
    const problems = opened.flatMap((o) => o.problems.map((p) => `${o.plan.label}: ${p}`));
    console.log(
      `  console answers ≥ 400 and page errors: ${problems.length ? problems.slice(0, 10).join("; ") : "none"}`,
    );
    if (short || busy > 0.9)
      console.log(
        `  NOTE: the machine was the bottleneck here (CPU ${(busy * 100).toFixed(0)}% busy` +
          `${short ? `, writer short of the asked rate` : ""}): latencies above include waiting for a core.`,
      );

    if (standIns.length)
      console.log(`  stand-ins decoded ${standIns.reduce((a, x) => a + x.events(), 0)} change events over the run`);
    standIns.forEach((x) => x.close());
    await browser.close();
    t0 = performance.now();
    let left = Infinity;
    while (left > 0 && performance.now() - t0 < 45_000) {
      await sleep(1000);
      const st = await Promise.all(clusters.map((c) => c.stats()));
      left = st.reduce((a, x) => a + Object.values(x).reduce((b, y) => b + y.open, 0), 0);
    }
    console.log(
      `\nafter the browsers closed: ${left} upstream watches open ${((performance.now() - t0) / 1000).toFixed(0)} s later ` +
        `(the hub stops a scope 30 s after its last subscriber)\n  ${uptime()}`,
    );
  } finally {
    for (const stop of stops) stop();
  }
}

function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const st = fs.readFileSync(`/proc/${d}/stat`, "utf8");
        return Number(st.slice(st.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
