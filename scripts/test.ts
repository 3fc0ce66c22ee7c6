/**
 * The whole test suite (the README's second command, and CI's).
 * Prepares what the tests need (Debian packages, the real kube-apiserver build, the Next.js build, and with
 * KRUISE_SOURCE_ARCHIVE the real kruise-manager build), runs lint, type check, vitest (unit, integration, contract,
 * security, and the controller lane when it can) in two lanes side by side, then Playwright e2e alone (its specs
 * share one sandbox and some watch the clock), and prints one closing line with the real totals:
 * `N passed, N failed, N skipped`.
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { Tally } from "./suite/reports";
import { Steps, type Step } from "./suite/steps";

const root = path.resolve(__dirname, "..");
const tmp = path.join(root, ".tmp");
mkdirSync(tmp, { recursive: true });
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
const only = process.argv.slice(2); // e.g. `npm test -- unit contract`
const wants = (step: string) => only.length === 0 || only.includes(step);

const tally = new Tally(root);
const steps = new Steps(root, tmp, env);

async function main() {
  const deps = await steps.run({ label: "system packages", cmd: "bash", args: ["test/setup/system-deps.sh"] }, true);
  tally.check("system packages installed", deps.ok);

  // The real-controller lane needs the OpenKruise source archive, which the repository cannot carry.
  const archive = process.env.KRUISE_SOURCE_ARCHIVE ?? "";
  const lane = wants("controller") && archive !== "";
  if (wants("controller") && !lane)
    console.log(
      "\ncontroller: not run — the real-controller lane needs KRUISE_SOURCE_ARCHIVE=<openkruise-kruise-v1.6.2.tar.gz, with vendor/> (e.g. KRUISE_SOURCE_ARCHIVE=... npm test -- controller)",
    );

  let kubeApiserver = "";
  if (wants("contract") || wants("security") || lane) {
    // The script prints progress on stderr and the binary's path as its last stdout line.
    const built = await steps.run(
      { label: "kube-apiserver build", cmd: "bash", args: ["test/setup/kube-apiserver-build.sh"] },
      false,
    );
    process.stdout.write(Buffer.concat(built.held));
    kubeApiserver = built.ok ? (built.stdout.trim().split("\n").pop() ?? "") : "";
    tally.check("kube-apiserver built from Debian's source package", kubeApiserver !== "" && existsSync(kubeApiserver));
  }
  let kruiseManager = "";
  if (lane) {
    // Built once per archive (minutes the first time), then only the cached directory is printed.
    const built = await steps.run(
      { label: "kruise-manager build", cmd: "bash", args: ["test/setup/kruise-manager-build.sh"] },
      false,
    );
    process.stdout.write(Buffer.concat(built.held));
    kruiseManager = built.ok ? (built.stdout.trim().split("\n").pop() ?? "") : "";
    tally.check(
      "kruise-manager built from KRUISE_SOURCE_ARCHIVE",
      kruiseManager !== "" && existsSync(path.join(kruiseManager, "kruise-manager")),
    );
  }

  const vitest = (label: string, projects = [label]): Step => {
    const out = path.join(tmp, `vitest-${label}.json`);
    rmSync(out, { force: true });
    return {
      label,
      cmd: "npx",
      args: [
        "vitest",
        "run",
        ...projects.flatMap((p) => ["--project", p]),
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${out}`,
      ],
      extra: {
        ...(kubeApiserver ? { KUBE_APISERVER_BIN: kubeApiserver } : {}),
        ...(kruiseManager ? { KRUISE_MANAGER_DIR: kruiseManager } : {}),
      },
      after: (ok) => tally.addVitest(out, label, ok),
    };
  };
  const checked = (label: string, step: Omit<Step, "after">): Step => ({
    ...step,
    after: (ok) => tally.check(label, ok),
  });

  // Lane A: the type check (before the build rewrites .next/types), the Next.js build, then the suites that need
  // it (integration starts real console processes on it: two replicas sharing Redis) and security.
  // Lane B: lint, format, citations, unit, the contract suite (sandbox and kube-apiserver, no build), then the
  // controller lane (the sandbox controller and kruise-manager on the same scenarios).
  const a: Step[] = [],
    b: Step[] = [];
  let built = true;
  // Route types first (`next typegen`), so the check sees what the build's own TypeScript pass would see.
  if (wants("typecheck"))
    a.push(
      checked("type check", {
        label: "type check",
        cmd: "bash",
        args: ["-c", "npx next typegen >/dev/null && npx tsc --noEmit"],
      }),
    );
  if (wants("integration") || wants("e2e"))
    a.push({
      label: "next build",
      cmd: "npx",
      args: ["next", "build"],
      // The type check step just before covers the build's own TypeScript pass (see next.config.js).
      extra: wants("typecheck") ? { KRUISE_CONSOLE_TYPES_CHECKED: "1" } : {},
      after: (ok) => {
        built = ok;
        tally.check("next build", ok);
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
    b.push(
      checked("lib/server imports without a folder or file cycle", {
        label: "cycles",
        cmd: "npx",
        args: ["tsx", "scripts/check-cycles.ts"],
      }),
    );
  }
  if (wants("unit")) b.push(vitest("unit"));
  if (wants("contract")) b.push(vitest("contract"));
  if (lane && kruiseManager) b.push(vitest("controller"));
  await steps.lanes(a, b);

  if (wants("e2e") && built) {
    const out = path.join(tmp, "playwright.json");
    rmSync(out, { force: true });
    const e2e = await steps.run(
      { label: "e2e", cmd: "npx", args: ["playwright", "test"], extra: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } },
      true,
    );
    tally.addPlaywright(out, e2e.ok);
  }

  steps.print();
  if (tally.failures.length) console.log(`\nFailed:\n${tally.failures.map((f) => `  ✘ ${f}`).join("\n")}`);
  console.log(`\n${tally.line()}`);
  process.exit(tally.totals.failed === 0 && tally.totals.passed > 0 ? 0 : 1);
}

void main();
