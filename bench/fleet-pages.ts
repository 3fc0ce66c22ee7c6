// The fleet benchmark's browsers (bench/fleet.ts): which page each one opens, a probe the page loads before its own
// scripts, the time to interactive, and typing into the list's filter.
//   list page ready:    navigation start → the first workload row drawn (the list of every kind), and → the first key typed into "Filter by
//                       name" shown (the URL and the rows follow the key) — the page is then interactive
//   detail page ready:  navigation start → the pod map counts every pod of the CloneSet, and → the first pod row
//   input latency:      a key's timestamp → the first frame whose rows are filtered by the input's new value
import type { Browser, Page } from "playwright-core";
import { pages } from "../lib/urls";
import type { Cluster } from "./fleet-seed";
import { sleep } from "./lib";

export type Kind = "list" | "list-ns" | "detail" | "detail-big";

export interface Plan {
  browser: number;
  cluster: Cluster;
  kind: Kind;
  url: string;
  /** the CloneSet's pods (detail pages) */
  pods?: number;
  label: string;
}

/**
 * Browser b opens page kind b % 4 on cluster b % clusters, so 20 browsers on 5 clusters give every cluster each
 * kind once: the list in all namespaces, the list of one namespace, a detail page of a ~40-pod CloneSet, and
 * (clusters 0 and 1) a detail page of a big workload — cluster 0's CloneSet, cluster 1's Advanced StatefulSet — a
 * small one elsewhere (of any kind).
 */
export function plans(clusters: Cluster[], browsers: number): Plan[] {
  const kinds = ["list", "list-ns", "detail", "detail-big"] as const;
  return Array.from({ length: browsers }, (_, b) => {
    const cluster = clusters[b % clusters.length];
    const ci = b % clusters.length;
    let kind: Kind = kinds[b % 4];
    if (kind === "detail-big" && ci >= 2) kind = "detail";
    const ns = cluster.namespaces[(b + 1) % cluster.namespaces.length];
    if (kind === "list" || kind === "list-ns") {
      // Every kind in one list: the fleet's CloneSets, Advanced StatefulSets and DaemonSets side by side.
      const url = pages.workloads(cluster.name, kind === "list-ns" ? { ns } : {});
      return { browser: b, cluster, kind, url, label: `${cluster.name} ${kind === "list" ? "list" : `list ns=${ns}`}` };
    }
    const small = cluster.workloads.filter((c) => !c.name.startsWith("big-"));
    const cs = kind === "detail-big" ? cluster.workloads[ci % 2] : small[(b * 7) % small.length];
    return {
      browser: b,
      cluster,
      kind,
      url: pages.workload(cluster.name, cs.ns, cs.kind, cs.name),
      pods: cs.pods,
      label: `${cluster.name} ${cs.kind} ${cs.ns}/${cs.name} (${cs.pods} pods)`,
    };
  });
}

// A list row of any kind (components/workload/list/WorkloadTable.tsx names its test id after the kind).
const ROW = ["cloneset", "statefulset", "daemonset"].map((k) => `[data-testid="${k}-row"]`).join(",");

// A string, not a function: tsx's name helpers do not exist in the page. rAF loops run only while there is
// something to look for, so the probe does not keep 20 pages drawing.
const PROBE = `(() => {
  const p = (window.__fleet = { firstRowAt: null, podRowAt: null, mapAt: null, pods: 0, keys: [], pending: [], lastKey: 0 });
  const rowsMatch = (q) => {
    const needle = q.trim().toLowerCase();
    if (!needle) return true;
    for (const r of document.querySelectorAll(${JSON.stringify(ROW)}))
      if (!(r.getAttribute("data-name") || "").toLowerCase().includes(needle)) return false;
    return true;
  };
  const look = () => {
    const now = performance.now();
    if (p.firstRowAt === null && document.querySelector(${JSON.stringify(ROW)})) p.firstRowAt = now;
    if (p.podRowAt === null && document.querySelector('[data-testid="pod-row"]')) p.podRowAt = now;
    if (p.mapAt === null && p.pods) {
      const s = document.querySelector('[data-testid="pod-map-summary"]');
      if (s && new RegExp("(^|\\\\D)" + p.pods + " pods").test(s.textContent || "")) p.mapAt = now;
    }
    if (p.pending.length) {
      const q = new URLSearchParams(location.search).get("q") || "";
      let k = -1;
      for (let i = 0; i < p.pending.length; i++) if (p.pending[i].v === q) k = i;
      if (k >= 0 && rowsMatch(q)) for (const x of p.pending.splice(0, k + 1)) p.keys.push(now - x.t0);
    }
    const waiting = p.firstRowAt === null && (p.podRowAt === null || (p.pods && p.mapAt === null));
    if (p.pending.length || (waiting && now < 180000)) requestAnimationFrame(look);
  };
  p.look = () => requestAnimationFrame(look);
  requestAnimationFrame(look);
  addEventListener("keydown", (e) => (p.lastKey = e.timeStamp), true);
  addEventListener("input", (e) => {
    if (!(e.target instanceof HTMLInputElement) || e.target.type !== "search") return;
    const start = p.pending.length === 0;
    p.pending.push({ v: e.target.value, t0: p.lastKey || e.timeStamp });
    if (start) requestAnimationFrame(look);
  }, true);
})()`;

export interface Opened {
  plan: Plan;
  page: Page;
  /** ms from navigation start: first row (list) or first pod row (detail) */
  firstRow: number;
  /** ms from navigation start: first row + the filter's answer to a first key (list), or the map counting every
   * pod (detail) */
  ready: number;
  /** HTTP answers ≥ 400 from the console, and page errors */
  problems: string[];
  /** the stream URLs the page opened (absolute) */
  streams: string[];
  /** why the page never became interactive (its times are NaN) */
  failed?: string;
}

interface ProbeState {
  firstRowAt: number | null;
  podRowAt: number | null;
  mapAt: number | null;
  keys: number[];
  pending: unknown[];
}
/**
 * Polls `expr` in the page until true (5 min at most). Not waitForFunction: it compiles its predicate with
 * `new Function`, which the console's Content-Security-Policy (no 'unsafe-eval') refuses.
 */
const WAIT_MS = 300_000;
async function until(page: Page, expr: string, everyMs: number): Promise<void> {
  // Right after the commit the document (and the probe) may not exist yet: an error is "not yet".
  const check = () => page.evaluate(expr).catch(() => false);
  for (const end = Date.now() + WAIT_MS; !(await check()); await sleep(everyMs))
    if (Date.now() > end) throw new Error(`${page.url()}: still not ${expr} after ${WAIT_MS / 60_000} min`);
}

/**
 * Focuses the list's filter (the page's one search input) from inside the page. Not a Playwright locator: a click
 * waits for the box to hold still over two frames, and a role query computes accessible names over the whole
 * table; on a saturated machine, with live rows re-rendering, either took over 30 s and the keys were lost.
 */
const focusFilter = async (page: Page) => {
  if (
    !(await page.evaluate(
      `(() => { const i = document.querySelector('input[type="search"]'); i?.focus(); return !!i })()`,
    ))
  )
    throw new Error("no filter input on the page");
};

const state = (page: Page) => page.evaluate("window.__fleet") as Promise<ProbeState>;

/** One browser context (its own session and connection pool), its page, navigated and made interactive. */
export async function open(browser: Browser, base: string, plan: Plan): Promise<Opened> {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  const problems: string[] = [];
  const streams = { asked: 0, answered: 0, urls: [] as string[] };
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  // On the context, not the page: a stream opened from a Web Worker is the context's request too.
  ctx.on("request", (r) => {
    if (!r.url().includes("/stream?")) return;
    streams.asked++;
    streams.urls.push(r.url());
  });
  ctx.on("response", (r) => {
    if (r.url().includes("/stream?")) streams.answered++;
    if (r.status() >= 400) problems.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await page.addInitScript(PROBE);
  if (plan.pods) await page.addInitScript(`window.__fleet.pods = ${plan.pods}`);
  try {
    // "commit": the probe times from navigation start; waiting for `load` on a saturated machine only adds a timeout.
    await page.goto(base + plan.url, { timeout: WAIT_MS, waitUntil: "commit" });
    if (plan.kind === "list" || plan.kind === "list-ns") {
      await until(page, "window.__fleet.firstRowAt !== null", 250);
      await focusFilter(page);
      await page.keyboard.type("-");
      await until(page, "window.__fleet.keys.length > 0", 100);
      const p = await state(page);
      await page.keyboard.press("Backspace");
      await until(page, "window.__fleet.pending.length === 0", 100);
      // Interactive = first row drawn + how long the filter took to answer a key typed then (the driver's own gap
      // between seeing the row and pressing the key is not the page's).
      return { plan, page, firstRow: p.firstRowAt!, ready: p.firstRowAt! + p.keys[0], problems, streams: streams.urls };
    }
    await until(page, "window.__fleet.mapAt !== null && window.__fleet.podRowAt !== null", 250);
    const p = await state(page);
    return { plan, page, firstRow: p.podRowAt!, ready: p.mapAt!, problems, streams: streams.urls };
  } catch (e) {
    // Say what the page shows instead of stopping the run: the other pages' figures still count.
    const shows = ((await page.evaluate("document.body?.innerText ?? ''").catch(() => "")) as string)
      .replace(/\s+/g, " ")
      .slice(0, 240);
    const failed = `${(e as Error).message.split("\n")[0]}; streams asked ${streams.asked}, answered ${streams.answered}; page shows: "${shows}"`;
    return { plan, page, firstRow: NaN, ready: NaN, problems, streams: streams.urls, failed };
  }
}

/**
 * Types into the filter of every list page at once until `until` (Date.now() ms): "svc-01" one key per 100 ms,
 * then back to empty, over and over, like a person narrowing the list. Resolves with each page's latencies.
 */
export async function typeUntil(listPages: Opened[], until: number): Promise<{ keys: number[]; unresolved: number }[]> {
  // A starved renderer acknowledges each key late (a full run once spent 14 min in one cycle): keys stop at `until`
  // and whatever a page has not answered 60 s later is counted as unresolved.
  const capped = <T>(p: Promise<T>, ms: number, fallback: T) =>
    Promise.race([p, sleep(ms).then(() => fallback)]).catch(() => fallback);
  return Promise.all(
    listPages.map(async ({ page, plan }) => {
      const from = (await capped(state(page), 30_000, null))?.keys.length ?? 0;
      const typing = (async () => {
        await focusFilter(page);
        const keys = [..."svc-01"].concat(Array(6).fill("Backspace") as string[]);
        for (let k = 0; Date.now() < until; k = (k + 1) % keys.length) {
          await page.keyboard.press(keys[k]);
          await sleep(100);
        }
      })().catch((e: Error) => console.log(`    ${plan.label}: typing stopped: ${e.message.split("\n")[0]}`));
      await capped(typing, until - Date.now() + 60_000, undefined);
      await capped(page.evaluate("window.__fleet.look()"), 10_000, undefined);
      for (let i = 0; i < 20 && (await capped(state(page), 10_000, null))?.pending.length; i++) await sleep(250);
      const s = await capped(state(page), 10_000, null);
      if (!s) console.log(`    ${plan.label}: the page did not answer; its keys are not counted`);
      return { keys: s?.keys.slice(from) ?? [], unresolved: s?.pending.length ?? 0 };
    }),
  );
}
