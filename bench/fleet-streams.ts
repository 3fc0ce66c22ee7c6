// The fleet benchmark's stand-in browsers (bench/fleet.ts). Twenty Chromium renderers on two cores measure the
// machine, not the console, so by default only a few browsers are real pages; each of the others is a stand-in
// that holds exactly the streams a real page of its plan opened (recorded from one real load of that page) and
// decodes every event, as the page's stream reader does. The console sees the same sessions, scopes and frames as
// from 20 pages; the real pages measure time to interactive and input latency with a core left to draw on.
import type { Browser } from "playwright-core";
import { open, type Kind, type Plan } from "./fleet-pages";
import { sseClient } from "./lib";

const KINDS: readonly Kind[] = ["list", "detail-big", "list-ns", "detail"];

/**
 * Which plans get a real page: the first of each kind (of `kinds`, all by default), then in order among those
 * kinds, up to `n`.
 */
export function pickReal(plans: Plan[], n: number, kinds: readonly Kind[] = KINDS): Set<number> {
  const real = new Set<number>();
  for (const kind of KINDS.filter((k) => kinds.includes(k))) {
    const p = plans.find((x) => x.kind === kind && !real.has(x.browser));
    if (p && real.size < n) real.add(p.browser);
  }
  for (const p of plans) if (real.size < n && kinds.includes(p.kind)) real.add(p.browser);
  return real;
}

/** Loads the plan's page once in a throwaway context and returns the stream URLs it opened. */
export async function recordStreams(browser: Browser, base: string, plan: Plan): Promise<string[]> {
  const o = await open(browser, base, plan);
  const urls = [...new Set(o.streams)];
  await o.page.context().close();
  if (o.failed) throw new Error(`recording ${plan.label}: ${o.failed}`);
  if (!urls.length) throw new Error(`recording ${plan.label}: the page opened no stream`);
  return urls;
}

export interface StandIn {
  plan: Plan;
  /** ms from start until every stream's snapshot was decoded */
  ready: Promise<number>;
  events(): number;
  close(): void;
}

/** Opens the recorded streams (each its own connection, as a page's EventSources are) and decodes every event. */
export function standIn(plan: Plan, urls: string[]): StandIn {
  const t0 = performance.now();
  let events = 0;
  const clients = urls.map((u) =>
    sseClient(u, (ev) => {
      JSON.parse(ev.data);
      events++;
    }),
  );
  return {
    plan,
    ready: Promise.all(clients.map((c) => c.snapshot)).then(() => performance.now() - t0),
    events: () => events,
    close: () => clients.forEach((c) => c.close()),
  };
}
