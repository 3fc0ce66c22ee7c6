/**
 * The paths the docs name must exist: a doc (docs/, CONTRIBUTING.md, every README.md) that names a repository path
 * in a code span or a link — `lib/server/routes.ts`, `components/update/`, [text](../CONTRIBUTING.md) — fails the
 * check once the path is renamed or removed, so the docs cannot drift silently. Pure: the caller says what exists.
 */
import path from "node:path";

export interface PathHit {
  line: number;
  path: string;
}

/** Files whose paths the check reads: the docs and every README. */
export const isDoc = (file: string): boolean =>
  /\.md$/.test(file) && (file.startsWith("docs/") || file === "CONTRIBUTING.md" || path.basename(file) === "README.md");

// A placeholder, a glob or an elision is a pattern, not a path (`lib/kruise/<concept>/`, `test/**/*.test.ts`, `…`).
const PATTERN = /[<>*{}$…]|\.\.\.|%/;
const LINK = /\]\(([^)\s]+)\)/g;
const CODE = /`([^`]+)`/g;

const clean = (w: string) =>
  w
    .replace(/^["'(]+|["'),;.]+$/g, "")
    .replace(/#.*$/, "")
    .replace(/:\d+(-\d+)?$/, "");
const FILE_LIKE = /\.[a-z]+$|\/$/;

/**
 * Candidate paths in one line: its code spans (a span of several words is a command: only its words naming a file
 * or a folder count, not `deploy/web` in a kubectl line), and its link targets, which alone may be relative
 * (`../CONTRIBUTING.md`). An absolute path is an API or machine path (`/status`, `/usr/bin/chromium`), not a
 * repository path.
 */
function candidates(line: string): { word: string; link: boolean }[] {
  const out: { word: string; link: boolean }[] = [];
  for (const m of line.matchAll(CODE)) {
    const words = m[1].trim().split(/\s+/).map(clean);
    for (const w of words) if (words.length === 1 || FILE_LIKE.test(w)) out.push({ word: w, link: false });
  }
  for (const m of line.matchAll(LINK)) if (!/^[a-z]+:/i.test(m[1])) out.push({ word: clean(m[1]), link: true });
  return out.filter(({ word }) => word && !word.startsWith("/") && !PATTERN.test(word));
}

/** A path as named, or as a module is named (`components/ui/ErrorPanel` for ErrorPanel.tsx). */
const found = (exists: (p: string) => boolean, p: string) =>
  exists(p) || [".ts", ".tsx", ".md"].some((ext) => exists(p + ext));

/**
 * The repository paths `text` (the doc `file`) names that `exists` does not know. A word names a repository path when
 * it starts with one of the repository's top-level entries (`roots`), or with `./` / `../`, or with an entry of the
 * doc's own folder (a README's `hub/scope.ts`), or is a bare file name in a README below the root (its folder's). Upstream paths (`pkg/controller/...`) start with none and are left
 * alone.
 */
export function missingPaths(
  file: string,
  text: string,
  exists: (repoPath: string) => boolean,
  roots: ReadonlySet<string>,
): PathHit[] {
  const dir = path.posix.dirname(file);
  const hits: PathHit[] = [];
  text.split("\n").forEach((line, i) => {
    for (const { word, link } of candidates(line)) {
      const first = word.split("/")[0];
      const fromDir = dir === "." ? word : path.posix.normalize(path.posix.join(dir, word));
      let repoPath: string | undefined;
      if (word.startsWith("./") || word.startsWith("../")) repoPath = link ? fromDir : undefined;
      else if (roots.has(first) && (word.includes("/") || /\.\w+$/.test(word))) repoPath = word;
      else if (dir !== "." && word.includes("/") && exists(path.posix.join(dir, first))) repoPath = fromDir;
      else if (dir !== "." && path.posix.basename(file) === "README.md" && /^[\w.-]+\.(tsx?|md|ya?ml|json)$/.test(word))
        repoPath = fromDir; // a README's bare file name is one of its folder's files
      if (repoPath !== undefined && !found(exists, repoPath.replace(/\/$/, ""))) hits.push({ line: i + 1, path: word });
    }
  });
  return hits;
}

/** What exists in a clone: the tracked files and every folder above one. */
export function trackedPaths(files: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const f of files) {
    const parts = f.split("/");
    for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join("/"));
  }
  return out;
}
