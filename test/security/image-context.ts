/**
 * What `docker build -f deploy/Dockerfile .` would see and produce, worked out without a Docker engine: the build
 * context from .dockerignore (Docker's rules, moby/patternmatcher: Go filepath.Match patterns plus `**`, `!` to let
 * a path back in, the last matching line wins, a pattern matching a directory covers what is under it), and each
 * stage's COPY and RUN lines from the Dockerfile.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface IgnoreRule {
  pattern: string;
  negate: boolean;
  re: RegExp;
}

/** One .dockerignore pattern as a whole-path regular expression (patternmatcher's translation). */
function toRegExp(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "*" && pattern[i + 1] === "*") {
      i++;
      if (pattern[i + 1] === "/") {
        i++;
        re += "(.*/)?"; // `**/`: any number of directories, none included
      } else re += ".*";
    } else if (ch === "*") re += "[^/]*";
    else if (ch === "?") re += "[^/]";
    else if (ch === "\\" && i + 1 < pattern.length) re += `\\${pattern[++i]}`;
    else re += /[.+^${}()|[\]]/.test(ch) ? `\\${ch}` : ch;
  }
  return new RegExp(`^${re}$`);
}

export function parseDockerignore(text: string): IgnoreRule[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const negate = l.startsWith("!");
      const pattern = path.posix.normalize((negate ? l.slice(1) : l).trim()).replace(/^\/+|\/+$/g, "");
      return { pattern, negate, re: toRegExp(pattern) };
    });
}

/** Whether `rel` (a/b/c) is left out: the last rule matching it or one of its parent directories decides. */
export function ignored(rules: readonly IgnoreRule[], rel: string): boolean {
  const parts = rel.split("/");
  const prefixes = parts.map((_, i) => parts.slice(0, i + 1).join("/"));
  let out = false;
  for (const r of rules) if (prefixes.some((p) => r.re.test(p))) out = !r.negate;
  return out;
}

/** Could a `!` rule let something under the ignored directory `dir` back in? (Docker walks into it then.) */
function mayReinclude(rules: readonly IgnoreRule[], dir: string): boolean {
  return rules.some((r) => {
    if (!r.negate) return false;
    const literal = r.pattern.split(/[*?[\\]/)[0];
    return literal === "" || literal.startsWith(`${dir}/`) || `${dir}/`.startsWith(`${literal}/`);
  });
}

/** Every file of the build context rooted at `root`, relative, sorted. */
export function buildContext(root: string, rules: readonly IgnoreRule[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!ignored(rules, p) || mayReinclude(rules, p)) walk(p);
      } else if (!ignored(rules, p)) out.push(p);
    }
  };
  walk("");
  return out.sort();
}

export interface Instruction {
  op: string;
  args: string;
}
export interface Stage {
  name: string;
  base: string;
  steps: Instruction[];
}

/** The Dockerfile's stages with their instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(text: string): Stage[] {
  const joined = text.replace(/\\\n/g, " ");
  const stages: Stage[] = [];
  for (const line of joined.split("\n").map((l) => l.trim())) {
    if (!line || line.startsWith("#")) continue;
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === "FROM") {
      const [base, , name] = args.split(/\s+/);
      stages.push({ name: name ?? String(stages.length), base, steps: [] });
    } else stages.at(-1)?.steps.push({ op: op.toUpperCase(), args });
  }
  return stages;
}

export interface Copy {
  from?: string;
  sources: string[];
  dest: string;
}

/** A COPY instruction's --from stage, sources and destination. */
export function copyOf(i: Instruction): Copy {
  const words = i.args.split(/\s+/);
  const from = words.find((w) => w.startsWith("--from="))?.slice("--from=".length);
  const rest = words.filter((w) => !w.startsWith("--"));
  return { ...(from ? { from } : {}), sources: rest.slice(0, -1), dest: rest.at(-1)! };
}

/** Files of `files` that a COPY source names: the file itself, or everything under the directory. */
export function underSource(files: readonly string[], source: string): string[] {
  const s = source
    .replace(/^\/app\//, "")
    .replace(/^\.\/?/, "")
    .replace(/\/$/, "");
  return s === "" ? [...files] : files.filter((f) => f === s || f.startsWith(`${s}/`));
}

/** Relative imports reachable from `entry` (.ts files, extension omitted as tsx allows), as repository paths. */
export function importClosure(root: string, entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (rel: string) => {
    if (files.has(rel)) return;
    files.add(rel);
    const src = readFileSync(path.join(root, rel), "utf8");
    for (const m of src.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith(".")) visit(path.posix.normalize(path.posix.join(path.posix.dirname(rel), `${spec}.ts`)));
      else if (!spec.startsWith("node:"))
        packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]);
    }
  };
  visit(entry);
  return { files: [...files].sort(), packages: [...packages].sort() };
}
