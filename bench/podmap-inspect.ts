// What one load of a page is made of, for the podmap benchmark (bench/podmap.ts): the JavaScript it loads, its long
// tasks with what ran in them, a CPU profile, and the categories of a Chromium performance trace.
import fs from "node:fs";
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import { taskContents, type ProbeFigures } from "./browser";

/** The JavaScript a first visit to a page loads (its <script src> chunks), raw and gzip-compressed. */
export async function routeJs(base: string, page: string): Promise<{ raw: number; gzip: number; files: number }> {
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

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Each long task from navigation to first row + 3 s, in ms from the pods snapshot, with its frame's scripts. */
export function printTasks(p: ProbeFigures, snap: number, row: number) {
  console.log(`      load: snapshot at ${snap.toFixed(0)} ms, first row ${(row - snap).toFixed(0)} ms after it`);
  for (const [start, d] of p.tasks)
    console.log(
      `        ${(start - snap).toFixed(0).padStart(6)} +${d.toFixed(0).padStart(4)}  ${taskContents(p, start, d)}`,
    );
}

/** A Chromium CPU profile of one `load` of the page, written to `file`. */
export async function profileLoad(page: Page, load: () => Promise<unknown>, file: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await load();
  const { profile } = await cdp.send("Profiler.stop");
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`  CPU profile of one load: ${file}`);
}

// What DevTools' Performance panel records: tasks, style/layout/paint, user timing and JS samples.
export const TRACE_CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.frame",
  "disabled-by-default-v8.cpu_profiler",
  "v8.execute",
  "blink.user_timing",
  "toplevel",
  "loading",
];
