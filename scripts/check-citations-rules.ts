/**
 * What a tracked file may not cite: documents that live outside the repository, issue numbers, paths of one
 * machine, or who wrote a part. A clone has none of these, so each hit is a pointer a newcomer cannot follow.
 * Point at docs/architecture.md, docs/kruise-rules.md, docs/observed-kruise.md, docs/toolchain.md or an
 * upstream source path instead (CONTRIBUTING.md, "Citations").
 *
 * The patterns are written so that this file does not match them itself.
 */
export interface CitationRule {
  pattern: RegExp;
  fix: string;
}

export const citationRules: CitationRule[] = [
  { pattern: /\bDESIGN\.md\b/, fix: "cite docs/architecture.md §N" },
  { pattern: /\bSTACK\.md\b/, fix: "cite docs/toolchain.md" },
  { pattern: /\.\.\/shared\b/, fix: "cite a file inside the repository" },
  { pattern: /\breference\s+§/i, fix: "cite docs/kruise-rules.md §N" },
  {
    pattern: /\breference\/(?:cloneset-semantics|observed-kruise|kruise-rollout-semantics)\.md/,
    fix: "cite docs/kruise-rules.md or docs/observed-kruise.md",
  },
  { pattern: /\bissues?\s+#\d/i, fix: "say what the code does instead of which issue asked for it" },
  { pattern: /(?:^|[\s"'`(=:])\/(?:work|home|Users)\/[\w.-]/, fix: "use a path relative to the repository" },
  { pattern: /\bhelper [A-Z]\b|\bsession \d/, fix: "describe the part, not who wrote it" },
];

export interface CitationHit {
  line: number;
  text: string;
  fix: string;
}

/** Every line of `text` that breaks a rule, with the fix; one hit per line (the first rule it breaks). */
export function findCitations(text: string): CitationHit[] {
  const hits: CitationHit[] = [];
  text.split("\n").forEach((line, i) => {
    const rule = citationRules.find((r) => r.pattern.test(line));
    if (rule) hits.push({ line: i + 1, text: line.trim(), fix: rule.fix });
  });
  return hits;
}

/**
 * Files the check skips: generated lockfiles, binaries (a NUL byte in the first 8 KiB, as git decides), and
 * `.ci/run`, the one file that names what CI keeps beside the checkout (the OpenKruise source archive the
 * real-controller lane builds from); everything else takes such paths from the environment.
 */
export function skipFile(path: string, head: Buffer): boolean {
  if (path === "package-lock.json" || path.startsWith("node_modules/") || path === ".ci/run") return true;
  return head.subarray(0, 8192).includes(0);
}
