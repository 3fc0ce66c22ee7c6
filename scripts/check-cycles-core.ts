/**
 * Folder-level import cycles (docs/architecture.md §2): a folder depends on another when one of its files imports a
 * file of the other. The folders of a layer must form a graph without cycles, so each can be read, tested and
 * replaced from the bottom up. Pure: the caller gives the files and their imports.
 */
import path from "node:path";

/** Every module specifier a TypeScript file imports or re-exports, type-only ones included. */
export function importsOf(source: string): string[] {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|(?:^|\n)\s*import\s+["']([^"']+)["']/g;
  for (const m of source.matchAll(re)) out.push(m[1] ?? m[2]);
  return out;
}

/**
 * The file a specifier names, among `files` (paths relative to the repository, `/`-separated): a relative path
 * from `from`, or `@/…` from the repository root, as `.ts`, `.tsx` or a folder's `index.ts`. Undefined for a package
 * or a file outside `files`.
 */
export function resolveImport(from: string, spec: string, files: ReadonlySet<string>): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => files.has(f));
}

/** The folder cycles among the files of `imports`: each as the folders on it, smallest first, in a stable order. */
export function folderCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  return cycles(imports, (f) => path.posix.dirname(f));
}

/** The file cycles among the files of `imports` (two files that reach each other through their imports). */
export function fileCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  return cycles(imports, (f) => f);
}

function cycles(imports: ReadonlyMap<string, readonly string[]>, nodeOf: (file: string) => string): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const [file, targets] of imports) {
    const from = nodeOf(file);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const t of targets) {
      const to = nodeOf(t);
      if (to !== from) edges.get(from)!.add(to);
    }
  }
  // Tarjan's strongly connected components: a component of more than one folder holds a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) out.push(component.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a.length - b.length || a[0].localeCompare(b[0]));
}
