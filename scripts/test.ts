/**
 * The whole test suite (the README's second command, and CI's).
 * Prepares what the tests need (Debian packages, the real kube-apiserver build, the Next.js build),
 * runs lint, type check, vitest (unit, integration, contract, security) and Playwright e2e, then prints one
 * closing line with the real totals: `N passed, N failed, N skipped`.
 */
import { spawnSync } from "node:child_process";
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
const steps: { label: string; seconds: number }[] = [];
function timed<T>(label: string, f: () => T): T {
  const t0 = Date.now();
  try {
    return f();
  } finally {
    steps.push({ label, seconds: (Date.now() - t0) / 1000 });
  }
}

function run(label: string, cmd: string, args: string[], extra: Record<string, string> = {}) {
  console.log(`\n── ${label}: ${cmd} ${args.join(" ")}`);
  const res = timed(label, () => spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...env, ...extra } }));
  return res.status === 0;
}

function capture(label: string, cmd: string, args: string[]): string | null {
  const res = timed(label, () =>
    spawnSync(cmd, args, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }),
  );
  return res.status === 0 ? (res.stdout.trim().split("\n").pop() ?? null) : null;
}

function printSteps() {
  const total = steps.reduce((a, s) => a + s.seconds, 0);
  console.log("\nStep times (wall):");
  for (const s of steps)
    console.log(
      `  ${s.label.padEnd(22)} ${s.seconds.toFixed(1).padStart(7)} s  ${((100 * s.seconds) / total).toFixed(0)}%`,
    );
  console.log(`  ${"total".padEnd(22)} ${total.toFixed(1).padStart(7)} s`);
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

function main() {
  const deps = run("system packages", "bash", ["test/setup/system-deps.sh"]);
  check("system packages installed", deps);

  let kubeApiserver = "";
  if (wants("contract") || wants("security")) {
    kubeApiserver = capture("kube-apiserver build", "bash", ["test/setup/kube-apiserver-build.sh"]) ?? "";
    check("kube-apiserver built from Debian's source package", kubeApiserver !== "" && existsSync(kubeApiserver));
  }

  if (wants("lint")) {
    check("lint (eslint, import boundaries)", run("lint", "npx", ["eslint", "."]));
    check("format (prettier --check)", run("format", "npx", ["prettier", "--check", "."]));
    check("citations stay inside the repository", run("citations", "npx", ["tsx", "scripts/check-citations.ts"]));
  }
  if (wants("typecheck")) check("type check", run("type check", "npx", ["tsc", "--noEmit"]));

  // The Next.js build comes before the vitest projects: integration starts real console processes on it
  // (two replicas sharing Redis), and e2e serves it.
  let built = true;
  if (wants("integration") || wants("e2e")) {
    built = run("next build", "npx", ["next", "build"]);
    check("next build", built);
  }

  for (const project of ["unit", "integration", "contract", "security"]) {
    if (!wants(project)) continue;
    const out = path.join(tmp, `vitest-${project}.json`);
    rmSync(out, { force: true });
    const ok = run(
      project,
      "npx",
      ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`],
      kubeApiserver ? { KUBE_APISERVER_BIN: kubeApiserver } : {},
    );
    addVitest(out, project, ok);
  }

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

main();
