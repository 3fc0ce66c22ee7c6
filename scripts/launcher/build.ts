/**
 * Whether `next build` must run (no build yet, or a source newer than the last build), and running it with progress.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.js",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];

function newest(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) {
    if (e === "node_modules" || e.startsWith(".") || e.endsWith(".test.ts")) continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

/** True when `.next/BUILD_ID` is missing or older than any source the app is built from. */
export function needsBuild(root: string): boolean {
  const id = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(id)) return true;
  const built = statSync(id).mtimeMs;
  return SOURCES.some((s) => newest(path.join(root, s)) > built);
}

/** How often a build that prints nothing says it is still going. */
export const BUILD_HEARTBEAT_MS = 15_000;

/**
 * The line a quiet build prints every BUILD_HEARTBEAT_MS: how long it has run and what it was doing last (Next's
 * own last line), so the terminal is never silent for the minutes of a first build.
 */
export function buildProgress(elapsedMs: number, lastLine: string): string {
  const doing = lastLine.trim().replace(/\s+/g, " ").slice(0, 100);
  return `still building (${took(elapsedMs)})${doing ? `: ${doing}` : ""}`;
}

/** "45 s", "2 min 05 s". */
export function took(ms: number): string {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s` : `${s} s`;
}

/**
 * Runs `next build` in `root`, streaming its output and, while it is quiet, a progress line every
 * BUILD_HEARTBEAT_MS. Resolves when it succeeds; rejects with its exit code.
 */
export function runBuild(root: string, env: NodeJS.ProcessEnv, log: (msg: string) => void): Promise<void> {
  const started = Date.now();
  let last = "";
  let quietSince = Date.now();
  const child = spawn("npx", ["next", "build"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const onData = (to: NodeJS.WriteStream) => (b: Buffer) => {
    to.write(b);
    const lines = b
      .toString()
      .split("\n")
      .filter((l) => l.trim());
    if (lines.length) last = lines[lines.length - 1];
    quietSince = Date.now();
  };
  child.stdout.on("data", onData(process.stdout));
  child.stderr.on("data", onData(process.stderr));
  const timer = setInterval(() => {
    if (Date.now() - quietSince >= BUILD_HEARTBEAT_MS - 100) log(buildProgress(Date.now() - started, last));
  }, BUILD_HEARTBEAT_MS);
  return new Promise((resolve, reject) => {
    child.on("error", (e) => {
      clearInterval(timer);
      reject(e);
    });
    child.on("exit", (code) => {
      clearInterval(timer);
      if (code === 0) {
        log(`built in ${took(Date.now() - started)}`);
        resolve();
      } else reject(new Error(`next build failed (exit code ${code})`));
    });
  });
}
