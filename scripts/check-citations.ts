/**
 * Fails when a tracked file cites something a clone of the repository does not have (see
 * check-citations-rules.ts). Run by the lint step of `npm test`; alone: `npx tsx scripts/check-citations.ts`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { findCitations, skipFile } from "./check-citations-rules";

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

let count = 0;
for (const file of files) {
  let content: Buffer;
  try {
    content = readFileSync(path.join(root, file));
  } catch {
    continue; // deleted in the work tree but not yet in the index
  }
  if (skipFile(file, content)) continue;
  for (const hit of findCitations(content.toString("utf8"))) {
    count++;
    console.log(`${file}:${hit.line}: ${hit.text}\n  → ${hit.fix}`);
  }
}
console.log(count ? `\n${count} citation(s) point outside the repository.` : `citations: ${files.length} files clean`);
process.exit(count ? 1 : 0);
