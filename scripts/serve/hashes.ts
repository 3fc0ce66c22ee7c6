/**
 * CSP hashes of the inline scripts fixed at build time: Next serves prerendered pages (/, the 404 and
 * error pages) as stored HTML, so their bootstrap scripts cannot carry a per-request nonce; and the root
 * layout's theme boot script is a constant string without one. Hashing them allows exactly these scripts.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const sha256 = (s: string) => `sha256-${createHash("sha256").update(s, "utf8").digest("base64")}`;

/** Bodies of `<script>` elements without a src attribute. */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1]) || m[2] === "") continue;
    out.push(m[2]);
  }
  return out;
}

function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith(".html") ? [p] : [];
  });
}

/** Hash sources for every inline script in the build's prerendered HTML, plus `extra` constant scripts. */
export function buildScriptHashes(root: string, extra: readonly string[] = []): string[] {
  const scripts = htmlFiles(path.join(root, ".next", "server", "app")).flatMap((f) =>
    inlineScripts(readFileSync(f, "utf8")),
  );
  return [...new Set([...scripts, ...extra].map(sha256))];
}
