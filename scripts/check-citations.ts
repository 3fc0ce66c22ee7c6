/**
 * Fails when a tracked file cites something a clone of the repository does not have (see
 * check-citations-rules.ts), or a doc names a repository path that does not exist (check-paths.ts). Run by the lint
 * step of `npm test`; alone: `npx tsx scripts/check-citations.ts`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { findCitations, skipFile } from "./check-citations-rules";
import { isDoc, missingPaths, trackedPaths } from "./check-paths";

const root = path.resolve(__dirname, "..");
function trackedFiles(): string[] {
  try {
    return execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  } catch (e) {
    console.error(`citations: cannot list tracked files (run inside a git checkout): ${(e as Error).message}`);
    process.exit(1);
  }
}

const files = trackedFiles();
const known = trackedPaths(files);
const roots = new Set(files.map((f) => f.split("/")[0]));

let count = 0;
let missing = 0;
for (const file of files) {
  let content: Buffer;
  try {
    content = readFileSync(path.join(root, file));
  } catch {
    continue; // deleted in the work tree but not yet in the index
  }
  if (skipFile(file, content)) continue;
  const text = content.toString("utf8");
  for (const hit of findCitations(text)) {
    count++;
    console.log(`${file}:${hit.line}: ${hit.text}\n  → ${hit.fix}`);
  }
  if (!isDoc(file)) continue;
  for (const hit of missingPaths(file, text, (p) => known.has(p), roots)) {
    missing++;
    console.log(`${file}:${hit.line}: ${hit.path}\n  → no such path in the repository: name the file as it is now`);
  }
}
if (count) console.log(`\n${count} citation(s) point outside the repository.`);
if (missing) console.log(`\n${missing} path(s) named in the docs do not exist.`);
if (!count && !missing) console.log(`citations: ${files.length} files clean, every path the docs name exists`);
process.exit(count || missing ? 1 : 0);
