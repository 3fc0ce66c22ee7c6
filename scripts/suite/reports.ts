/**
 * Reading the runners' own reports into one tally: vitest's json reporter (jest-compatible) and Playwright's json
 * reporter. Every failed test is named, so the tail of a CI log says which one without scrolling back.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export type Totals = { passed: number; failed: number; skipped: number };

export class Tally {
  readonly totals: Totals = { passed: 0, failed: 0, skipped: 0 };
  readonly failures: string[] = [];
  constructor(private root: string) {}

  check(label: string, ok: boolean): void {
    if (ok) this.totals.passed++;
    else {
      this.totals.failed++;
      this.failures.push(label);
    }
  }

  addVitest(file: string, label: string, ok: boolean): void {
    const r = readJson<VitestReport>(file);
    if (!r) return this.check(`${label} (no report)`, false);
    this.totals.passed += r.numPassedTests;
    this.totals.failed += r.numFailedTests;
    this.totals.skipped += r.numPendingTests + r.numTodoTests;
    for (const f of r.testResults)
      for (const a of f.assertionResults ?? [])
        if (a.status === "failed")
          this.failures.push(`${label}: ${path.relative(this.root, f.name)} › ${a.fullName ?? a.title}`);
    // A file that fails to load has no test results but a failed suite status.
    const broken = r.testResults.filter(
      (t) => t.status === "failed" && t.message && !(t.assertionResults ?? []).some((a) => a.status === "failed"),
    );
    for (const b of broken) this.failures.push(`${label}: ${path.relative(this.root, b.name)}`);
    if (r.numFailedTests === 0 && broken.length > 0) this.totals.failed += broken.length;
    if (!ok && r.numFailedTests === 0 && broken.length === 0) this.check(`${label} (runner exited non-zero)`, false);
  }

  addPlaywright(file: string, ok: boolean): void {
    const r = readJson<{ stats: PwStats; suites?: PwSuite[] }>(file);
    if (!r) return this.check("e2e (no report)", false);
    this.totals.passed += r.stats.expected + r.stats.flaky;
    this.totals.failed += r.stats.unexpected;
    this.totals.skipped += r.stats.skipped;
    if (r.stats.unexpected > 0) {
      const named = pwFailures(r.suites ?? []);
      this.failures.push(...(named.length ? named : ["e2e"]));
    }
    if (!ok && r.stats.unexpected === 0) this.check("e2e (runner exited non-zero)", false);
  }

  /** The closing line CI reads: the real totals. */
  line(): string {
    const t = this.totals;
    return `${t.passed} passed, ${t.failed} failed` + (t.skipped ? `, ${t.skipped} skipped` : "");
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    status: string;
    name: string;
    message?: string;
    assertionResults?: { status: string; fullName?: string; title: string }[];
  }[];
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

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}
