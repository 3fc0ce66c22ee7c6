/**
 * Whether `next build` must run: no build yet, or a source newer than the last build.
 */
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
