/**
 * The whole test suite (the README's second command, and CI's).
 * Prepares what the tests need (Debian packages, the real kube-apiserver build, the Next.js build),
 * runs lint, type check, vitest (unit, integration, contract, security) in two lanes side by side, then
 * Playwright e2e alone (its specs share one sandbox and some watch the clock), and prints one closing line with
 * the real totals: `N passed, N failed, N skipped`.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(__dirname, "..");
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const only = process.argv.slice(2); // e.g. `npm test -- unit contract`
const wants = (step: string) => only.length === 0 || only.includes(step);

type Totals = { passed: number; failed: number; skipped: number };
const totals: Totals = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

/** Wall time of every step, printed at the end: where the suite's time goes. */
const stepTimes: { label: string; seconds: number }[] = [];
const started = Date.now();
function timed<T>(label: string, f: () => T): T {
  const t0 = Date.now();
  try {
    return f();
  } finally {
    stepTimes.push({ label, seconds: (Date.now() - t0) / 1000 });
  }
}

function run(label: string, cmd: string, args: string[], extra: Record<string, string> = {}) {
  console.log(`\n── ${label}: ${cmd} ${args.join(" ")}`);
  const res = timed(label, () => spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...env, ...extra } }));
  return res.status === 0;
}

/**
 * Two lanes of steps side by side (the machines have 2 cores, and much of the contract and security suites is
 * waiting on controllers and timers). A lane's output is held and printed whole when the lane ends, so the
 * log reads as one step after another; the first lane streams live.
 */
type Step = {
  label: string;
  cmd: string;
  args: string[];
  extra?: Record<string, string>;
  after?: (ok: boolean) => void;
};
async function lanes(...all: Step[][]): Promise<void> {
  await Promise.all(all.map((steps, i) => lane(steps, i === 0)));
}

async function lane(steps: Step[], live: boolean): Promise<void> {
  const held: Buffer[] = [];
  const say = (text: string) => (live ? process.stdout.write(text) : held.push(Buffer.from(text)));
  for (const st of steps) {
    say(`\n── ${st.label}: ${st.cmd} ${st.args.join(" ")}\n`);
    const t0 = Date.now();
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(st.cmd, st.args, {
        cwd: root,
        env: { ...env, ...st.extra },
        stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"],
      });
      child.stdout?.on("data", (d: Buffer) => held.push(d));
      child.stderr?.on("data", (d: Buffer) => held.push(d));
      child.on("close", resolve);
    });
    stepTimes.push({ label: st.label, seconds: (Date.now() - t0) / 1000 });
    st.after?.(code === 0);
  }
  if (!live) process.stdout.write(Buffer.concat(held));
}

function capture(label: string, cmd: string, args: string[]): string | null {
  const res = timed(label, () =>
    spawnSync(cmd, args, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }),
  );
  return res.status === 0 ? (res.stdout.trim().split("\n").pop() ?? null) : null;
}

function printSteps() {
  const total = stepTimes.reduce((a, s) => a + s.seconds, 0);
  console.log("\nStep times (each step's own wall time; the two lanes run side by side):");
  for (const s of stepTimes)
    console.log(
      `  ${s.label.padEnd(22)} ${s.seconds.toFixed(1).padStart(7)} s  ${((100 * s.seconds) / total).toFixed(0)}%`,
    );
  console.log(`  ${"sum of steps".padEnd(22)} ${total.toFixed(1).padStart(7)} s`);
  console.log(`  ${"wall".padEnd(22)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`);
}

function check(label: string, ok: boolean) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    failures.push(label);
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

// vitest's json reporter is jest-compatible.
function addVitest(file: string, label: string, ok: boolean) {
  const r = readJson<{
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    numTotalTestSuites: number;
    testResults: {
      status: string;
      name: string;
      message?: string;
      assertionResults?: { status: string; fullName?: string; title: string }[];
    }[];
  }>(file);
  if (!r) {
    check(`${label} (no report)`, false);
    return;
  }
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
  // Name every failed test, so the tail of a CI log says which one without scrolling back.
  for (const f of r.testResults)
    for (const a of f.assertionResults ?? [])
      if (a.status === "failed") failures.push(`${label}: ${path.relative(root, f.name)} › ${a.fullName ?? a.title}`);
  // A file that fails to load has no test results but a failed suite status.
  const broken = r.testResults.filter(
    (t) => t.status === "failed" && t.message && !(t.assertionResults ?? []).some((a) => a.status === "failed"),
  );
  for (const b of broken) failures.push(`${label}: ${path.relative(root, b.name)}`);
  if (r.numFailedTests === 0 && broken.length > 0) totals.failed += broken.length;
  if (!ok && r.numFailedTests === 0 && broken.length === 0) check(`${label} (runner exited non-zero)`, false);
}

type PwStats = { expected: number; unexpected: number; flaky: number; skipped: number };
type PwSuite = {
  title: string;
  file?: string;
  suites?: PwSuite[];
  specs?: { title: string; file: string; tests: { status: string; projectName?: string }[] }[];
};
/** The titles of the e2e tests whose outcome was "unexpected" (failed on every attempt). */
function pwFailures(suites: PwSuite[], out: string[] = []): string[] {
  for (const s of suites) {
    for (const spec of s.specs ?? [])
      if (spec.tests.some((t) => t.status === "unexpected")) out.push(`e2e: ${spec.file} › ${spec.title}`);
    pwFailures(s.suites ?? [], out);
  }
  return out;
}
function addPlaywright(file: string, ok: boolean) {
  const r = readJson<{ stats: PwStats; suites?: PwSuite[] }>(file);
  if (!r) {
    check("e2e (no report)", false);
    return;
  }
  totals.passed += r.stats.expected + r.stats.flaky;
  totals.failed += r.stats.unexpected;
  totals.skipped += r.stats.skipped;
  if (r.stats.unexpected > 0) {
    const named = pwFailures(r.suites ?? []);
    failures.push(...(named.length ? named : ["e2e"]));
  }
  if (!ok && r.stats.unexpected === 0) check("e2e (runner exited non-zero)", false);
}

async function main() {
  const deps = run("system packages", "bash", ["test/setup/system-deps.sh"]);
  check("system packages installed", deps);

  let kubeApiserver = "";
  if (wants("contract") || wants("security")) {
    kubeApiserver = capture("kube-apiserver build", "bash", ["test/setup/kube-apiserver-build.sh"]) ?? "";
    check("kube-apiserver built from Debian's source package", kubeApiserver !== "" && existsSync(kubeApiserver));
  }

  const vitest = (project: string): Step => {
    const out = path.join(tmp, `vitest-${project}.json`);
    rmSync(out, { force: true });
    return {
      label: project,
      cmd: "npx",
      args: [
        "vitest",
        "run",
        "--project",
        project,
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${out}`,
      ],
      extra: kubeApiserver ? { KUBE_APISERVER_BIN: kubeApiserver } : {},
      after: (ok) => addVitest(out, project, ok),
    };
  };
  const checked = (label: string, step: Omit<Step, "after">): Step => ({ ...step, after: (ok) => check(label, ok) });

  // Lane A: the type check (before the build rewrites .next/types), the Next.js build, then the suites that need
  // it (integration starts real console processes on it: two replicas sharing Redis) and security.
  // Lane B: lint, format, citations, unit, and the contract suite (sandbox and kube-apiserver, no build).
  const a: Step[] = [],
    b: Step[] = [];
  let built = true;
  if (wants("typecheck")) a.push(checked("type check", { label: "type check", cmd: "npx", args: ["tsc", "--noEmit"] }));
  if (wants("integration") || wants("e2e"))
    a.push({
      label: "next build",
      cmd: "npx",
      args: ["next", "build"],
      after: (ok) => {
        built = ok;
        check("next build", ok);
      },
    });
  if (wants("integration")) a.push(vitest("integration"));
  if (wants("security")) a.push(vitest("security"));
  if (wants("lint")) {
    b.push(checked("lint (eslint, import boundaries)", { label: "lint", cmd: "npx", args: ["eslint", "."] }));
    b.push(checked("format (prettier --check)", { label: "format", cmd: "npx", args: ["prettier", "--check", "."] }));
    b.push(
      checked("citations stay inside the repository", {
        label: "citations",
        cmd: "npx",
        args: ["tsx", "scripts/check-citations.ts"],
      }),
    );
  }
  if (wants("unit")) b.push(vitest("unit"));
  if (wants("contract")) b.push(vitest("contract"));
  await lanes(a, b);

  if (wants("e2e")) {
    if (built) {
      const out = path.join(tmp, "playwright.json");
      rmSync(out, { force: true });
      const ok = run("e2e", "npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
      addPlaywright(out, ok);
    }
  }

  printSteps();
  if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ✘ ${f}`).join("\n")}`);
  const line =
    `${totals.passed} passed, ${totals.failed} failed` + (totals.skipped ? `, ${totals.skipped} skipped` : "");
  console.log(`\n${line}`);
  process.exit(totals.failed === 0 && totals.passed > 0 ? 0 : 1);
}

void main();
