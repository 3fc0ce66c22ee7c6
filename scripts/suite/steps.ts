/**
 * Running the suite's steps: each in a child process, timed by wall clock and by CPU (the user + system time of
 * everything the step started), so the closing table says both where the wall time goes and which steps keep the
 * cores busy rather than wait.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";

export type Step = {
  label: string;
  cmd: string;
  args: string[];
  extra?: Record<string, string>;
  after?: (ok: boolean) => void;
};

export interface StepTime {
  label: string;
  wall: number;
  cpu: number | null;
}

export class Steps {
  readonly times: StepTime[] = [];
  private started = Date.now();
  private n = 0;
  constructor(
    private root: string,
    private tmp: string,
    private env: NodeJS.ProcessEnv,
  ) {}

  /**
   * Runs one step; `live` streams its output, otherwise it is held and returned, so a lane's log reads as one step
   * after another. Resolves with the exit status and the held output.
   */
  async run(st: Step, live: boolean): Promise<{ ok: boolean; held: Buffer[]; stdout: string }> {
    const held: Buffer[] = [];
    const say = (text: string) => (live ? process.stdout.write(text) : held.push(Buffer.from(text)));
    say(`\n── ${st.label}: ${st.cmd} ${st.args.join(" ")}\n`);
    const cpuFile = path.join(this.tmp, `cpu-${process.pid}-${this.n}`);
    const group = cpuGroup(`kruise-console-suite-${process.pid}-${this.n++}`);
    const t0 = Date.now();
    let stdout = "";
    const code = await new Promise<number | null>((resolve) => {
      // The step joins its CPU accounting group (when there is one) before it starts anything.
      const script = 'if [ -n "$1" ]; then echo $$ > "$1/cgroup.procs"; fi; shift; "$@"; rc=$?; times > "$0"; exit $rc';
      const child = spawn("bash", ["-c", script, cpuFile, group ?? "", st.cmd, ...st.args], {
        cwd: this.root,
        env: { ...this.env, ...st.extra },
        stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"],
      });
      child.stdout?.on("data", (d: Buffer) => {
        held.push(d);
        stdout += d.toString();
      });
      child.stderr?.on("data", (d: Buffer) => held.push(d));
      child.on("close", resolve);
    });
    const cpu = group ? groupCpu(group) : childCpu(cpuFile);
    rmSync(cpuFile, { force: true });
    this.times.push({ label: st.label, wall: (Date.now() - t0) / 1000, cpu });
    st.after?.(code === 0);
    return { ok: code === 0, held, stdout };
  }

  /** Lanes of steps side by side; the first lane streams live, the others print whole when they end. */
  async lanes(...all: Step[][]): Promise<void> {
    await Promise.all(all.map((steps, i) => this.lane(steps, i === 0)));
  }

  private async lane(steps: Step[], live: boolean): Promise<void> {
    const held: Buffer[] = [];
    for (const st of steps) held.push(...(await this.run(st, live)).held);
    if (!live) process.stdout.write(Buffer.concat(held));
  }

  print(): void {
    const wall = (Date.now() - this.started) / 1000;
    const cpu = this.times.reduce((a, s) => a + (s.cpu ?? 0), 0);
    console.log("\nStep times (wall; CPU of the step's processes; CPU ÷ wall = cores it kept busy):");
    for (const s of this.times) {
      const c = s.cpu === null ? "      –" : s.cpu.toFixed(1).padStart(7);
      const busy = s.cpu === null || s.wall === 0 ? "" : `  ${(s.cpu / s.wall).toFixed(2)}`;
      console.log(`  ${s.label.padEnd(22)} ${s.wall.toFixed(1).padStart(7)} s ${c} s${busy}`);
    }
    console.log(`  ${"CPU of all steps".padEnd(22)} ${"".padStart(7)}   ${cpu.toFixed(1).padStart(7)} s`);
    console.log(`  ${"wall".padEnd(22)} ${wall.toFixed(1).padStart(7)} s`);
  }
}

/**
 * A cgroup (v1 cpuacct) for one step, where the machine lets us make one (root, cgroups mounted): it counts every
 * process the step starts, including daemons it orphans (the e2e web server's sandbox and dashboards, Chromium's
 * renderers), which bash's `times` misses. Null elsewhere; the step then falls back to `times`.
 */
function cpuGroup(name: string): string | null {
  const dir = path.join("/sys/fs/cgroup/cpuacct", name);
  try {
    mkdirSync(dir);
    return dir;
  } catch {
    return null;
  }
}

/** CPU seconds a step's cgroup used; the group is removed once its processes are gone (it is empty by then). */
function groupCpu(dir: string): number | null {
  try {
    const ns = Number(readFileSync(path.join(dir, "cpuacct.usage"), "utf8"));
    try {
      rmdirSync(dir);
    } catch {
      // A process the step left running still holds it; the kernel drops it when that ends.
    }
    return ns / 1e9;
  } catch {
    return null;
  }
}

/** The children line of bash's `times` ("0m1.234s 0m0.567s" after the shell's own line): user + system seconds. */
function childCpu(file: string): number | null {
  try {
    const lines = readFileSync(file, "utf8").trim().split("\n");
    const m = [...(lines[1] ?? "").matchAll(/(\d+)m([\d.]+)s/g)];
    return m.length === 2 ? m.reduce((a, x) => a + Number(x[1]) * 60 + Number(x[2]), 0) : null;
  } catch {
    return null;
  }
}
