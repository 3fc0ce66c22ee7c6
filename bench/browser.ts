// Shared by the browser benchmarks (podmap, listpage): the built app on a free port, Chromium, and a probe the page
// loads before its own scripts that records long tasks, when the pods snapshot arrived (its SSE message on the page,
// or the page's "snapshot pods" mark when a worker holds the stream), when the first pod row
// appeared, and how long each keystroke waited for the next frame.
import { spawn } from "node:child_process";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

export interface App {
  label: string;
  dir: string;
}

/**
 * The checkouts whose builds are served: this one, or `--app [LABEL=]DIR[,[LABEL=]DIR…]` (other checkouts, each
 * built), measured in turn on the same seeded cluster, so a before/after pair shares the machine's moment.
 */
export const APPS: App[] = (arg("app") ?? path.join(__dirname, "..")).split(",").map((a) => {
  const [label, dir] = a.includes("=") ? a.split("=", 2) : [a, a];
  return { label, dir: path.resolve(dir) };
});

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const p = (s.address() as net.AddressInfo).port;
  s.close();
  return p;
}

/** The console (scripts/serve.ts of `dir`, its `next build`) in local mode on the sandbox's kubeconfig. */
export async function startApp(dir: string, kcPath: string, port: number) {
  const app = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/serve.ts", "--host", "127.0.0.1", "--port", String(port), "--mode", "local"],
    {
      cwd: dir,
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

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
}

/** How busy the machine is: printed with the figures, since they depend on it. */
export function machine(): string {
  const l = os.loadavg().map((x) => x.toFixed(2));
  return `${os.cpus().length} CPUs, load average ${l.join(" / ")} (1/5/15 min)`;
}

// A string, not a function: tsx's name helpers do not exist in the page.
const PROBE = `(() => {
  const p = (window.__probe = { longTasks: [], frames: [], snapshotAt: null, firstRowAt: null, keys: [] });
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) p.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  // Long animation frames say what ran in them (scripts by entry point, forced style and layout): for --tasks.
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        p.frames.push({
          start: e.startTime,
          duration: e.duration,
          forced: e.forcedStyleAndLayoutDuration,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          scripts: e.scripts.map((s) => ({
            start: s.startTime,
            duration: s.duration,
            forced: s.forcedStyleAndLayoutDuration,
            what: [s.invokerType, s.invoker, s.sourceFunctionName, String(s.sourceURL).split("/").pop()].join(" "),
          })),
        });
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {}
  // A page that streams through a worker marks each snapshot's arrival (user timing "snapshot <resource>").
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        if (e.name === "snapshot pods" && p.snapshotAt === null) p.snapshotAt = e.startTime;
    }).observe({ type: "mark", buffered: true });
  } catch {}
  const add = EventSource.prototype.addEventListener;
  EventSource.prototype.addEventListener = function (type, fn, opts) {
    if (type === "snapshot" && typeof fn === "function") {
      const inner = fn;
      fn = function (e) {
        if (p.snapshotAt === null && String(e.data).slice(0, 80).includes('"resource":"pods"'))
          p.snapshotAt = performance.now();
        return inner.call(this, e);
      };
    }
    return add.call(this, type, fn, opts);
  };
  // Pages without pod rows (the list) stop looking 20 s in (or 20 s after a pods snapshot, for a slow load on a busy
  // machine), so the probe does not load the page it measures.
  const look = () => {
    if (document.querySelector('[data-testid="pod-row"]')) p.firstRowAt = performance.now();
    else if (performance.now() < Math.max(20000, (p.snapshotAt ?? 0) + 20000)) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  // Input latency: from the key's timestamp (when the browser received it) to the next frame after its handlers.
  addEventListener("keydown", (e) => {
    const t0 = e.timeStamp;
    requestAnimationFrame(() => p.keys.push(performance.now() - t0));
  }, true);
})()`;

export async function probe(page: Page): Promise<void> {
  await page.addInitScript(PROBE);
}

/** A long animation frame as the probe kept it: when, how long, and the scripts that ran in it. */
export interface ProbeFrame {
  start: number;
  duration: number;
  /** forced style and layout inside the frame's scripts */
  forced: number;
  /** style, layout and paint at the frame's end */
  render: number;
  scripts: { start: number; duration: number; forced: number; what: string }[];
}

export interface ProbeFigures {
  snapshotAt: number | null;
  firstRowAt: number | null;
  /** summed duration of the main thread's long tasks (> 50 ms) that started between `fromMs` and `untilMs` */
  longTaskMs: number;
  longTasks: number;
  /** the long tasks themselves, [start, duration] */
  tasks: [number, number][];
  /** long animation frames that started between `fromMs` and `untilMs` */
  frames: ProbeFrame[];
  keys: number[];
}

export async function readProbe(page: Page, untilMs = Infinity, fromMs = 0): Promise<ProbeFigures> {
  const p = (await page.evaluate("window.__probe")) as {
    snapshotAt: number | null;
    firstRowAt: number | null;
    longTasks: [number, number][];
    frames: ProbeFrame[];
    keys: number[];
  };
  const tasks = p.longTasks.filter(([start]) => start >= fromMs && start < untilMs);
  const frames = p.frames.filter((f) => f.start >= fromMs && f.start < untilMs);
  return {
    snapshotAt: p.snapshotAt,
    firstRowAt: p.firstRowAt,
    longTaskMs: tasks.reduce((s, [, d]) => s + d, 0),
    longTasks: tasks.length,
    tasks,
    frames,
    keys: p.keys,
  };
}

/** requestAnimationFrame intervals from now on, read back with frameTimes(). */
export async function recordFrames(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (t) => { window.__frames.push(t - last); last = t; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
}

export async function frameTimes(page: Page): Promise<number[]> {
  return ((await page.evaluate("window.__frames")) as number[]).slice(5);
}

/** What ran in the frame of the long task at `start` lasting `d` ms: scripts by entry point (≥ 5 ms), forced style and
 * layout, and the frame's rendering, for the benches' --tasks listings. */
export function taskContents(p: ProbeFigures, start: number, d: number): string {
  const f = p.frames.find((x) => x.start <= start + 1 && start < x.start + x.duration);
  const scripts = (f?.scripts ?? [])
    .filter((s) => s.start >= start - 1 && s.start < start + d && s.duration >= 5)
    .map((s) => `${s.what} ${s.duration.toFixed(0)}${s.forced >= 5 ? ` (forced ${s.forced.toFixed(0)})` : ""}`);
  const render = f && f.render >= 10 ? `; frame render ${f.render.toFixed(0)}` : "";
  return `${scripts.join(" | ")}${render}`;
}
