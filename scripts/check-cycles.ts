/**
 * Fails when the folders of `lib/server` import each other in a cycle, or two of its files do (type imports count):
 * scripts/check-cycles-core.ts. Run by the lint step of `npm test`; alone: `npx tsx scripts/check-cycles.ts`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileCycles, folderCycles, importsOf, resolveImport } from "./check-cycles-core";

const root = path.resolve(__dirname, "..");
const LAYER = "lib/server";

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((f) => {
    const rel = `${dir}/${f}`;
    if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [rel] : [];
  });
}

const sourceFiles = sources(LAYER);
const known = new Set(sourceFiles);
const imports = new Map(
  sourceFiles.map((f) => [
    f,
    importsOf(readFileSync(path.join(root, f), "utf8"))
      .map((s) => resolveImport(f, s, known))
      .filter((t): t is string => t !== undefined),
  ]),
);
const folders = folderCycles(imports);
for (const c of folders) {
  const members = new Set(c);
  console.log(`folder cycle: ${c.join(" ↔ ")}`);
  for (const [f, ts] of imports)
    for (const t of ts) {
      const [from, to] = [path.posix.dirname(f), path.posix.dirname(t)];
      if (from !== to && members.has(from) && members.has(to)) console.log(`  ${f} → ${t}`);
    }
}
const files = fileCycles(imports);
for (const c of files) console.log(`file cycle: ${c.join(" ↔ ")}`);
const n = folders.length + files.length;
console.log(
  n ? `\n${n} import cycle(s) in ${LAYER}.` : `cycles: the folders and files of ${LAYER} import without a cycle`,
);
process.exit(n ? 1 : 0);
