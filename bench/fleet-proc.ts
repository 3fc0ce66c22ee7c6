// Process figures for the fleet benchmark, read from /proc (Linux): CPU seconds and RSS of process trees (the
// console, the sandboxes, Chromium), and the whole machine's busy CPU, sampled over a measured window.
import fs from "node:fs";

const TICKS = 100; // USER_HZ: /proc reports CPU time in 1/100 s on Linux
const PAGE = 4096;

interface Stat {
  ppid: number;
  ticks: number;
  rss: number;
}

function stat(pid: number): Stat | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state ppid … utime(14) stime(15) … rss(24).
    const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), rss: Number(f[21]) * PAGE };
  } catch {
    return null; // gone between the listing and the read
  }
}

function allStats(): Map<number, Stat> {
  const out = new Map<number, Stat>();
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    const s = stat(Number(d));
    if (s) out.set(Number(d), s);
  }
  return out;
}

/** `root` and every process below it. */
function treeOf(root: number, all: Map<number, Stat>): number[] {
  const kids = new Map<number, number[]>();
  for (const [pid, s] of all) kids.set(s.ppid, [...(kids.get(s.ppid) ?? []), pid]);
  const out: number[] = [];
  const walk = (p: number) => {
    if (!all.has(p)) return;
    out.push(p);
    for (const k of kids.get(p) ?? []) walk(k);
  };
  walk(root);
  return out;
}

/** Busy and total CPU ticks of the whole machine (all cores) since boot. */
function machineTicks(): { busy: number; total: number } {
  const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - cpu[3] - cpu[4], total }; // idle and iowait are not busy
}

export interface GroupFigures {
  cpuSec: number;
  peakRss: number;
  firstRss: number;
  lastRss: number;
  /** RSS at each sample, for the trend */
  rss: number[];
}

/**
 * Samples named groups of process trees every `everyMs` until stop(). A group is a list of roots; `exclude`
 * trees are left out of it (Chromium is "this process's tree minus the console and the sandboxes").
 * CPU counts only what each process used inside the window (a process born in it counts from zero).
 */
export function sampler(groups: Record<string, { roots: () => number[]; exclude?: () => number[] }>, everyMs = 1000) {
  const base = new Map<number, number>();
  const first = allStats();
  for (const [pid, s] of first) base.set(pid, s.ticks);
  const used = new Map<number, number>();
  const figs: Record<string, GroupFigures> = {};
  const m0 = machineTicks();
  let m1 = m0;
  const t0 = performance.now();
  const sample = () => {
    const all = allStats();
    m1 = machineTicks();
    for (const [name, g] of Object.entries(groups)) {
      const skip = new Set((g.exclude?.() ?? []).flatMap((r) => treeOf(r, all)));
      const pids = g.roots().flatMap((r) => treeOf(r, all).filter((p) => !skip.has(p)));
      let rss = 0;
      for (const p of pids) {
        const s = all.get(p)!;
        rss += s.rss;
        used.set(p, s.ticks - (base.get(p) ?? 0));
      }
      const f = (figs[name] ??= { cpuSec: 0, peakRss: 0, firstRss: rss, lastRss: rss, rss: [] });
      f.cpuSec = pids.reduce((sum, p) => sum + (used.get(p) ?? 0), 0) / TICKS;
      f.peakRss = Math.max(f.peakRss, rss);
      f.lastRss = rss;
      f.rss.push(rss);
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - t0) / 1000;
      const machineBusy = (m1.busy - m0.busy) / TICKS; // CPU seconds over all cores
      return { seconds, groups: figs, machineBusySec: machineBusy };
    },
  };
}
