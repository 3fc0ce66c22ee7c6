/**
 * Run in the image's `deps` stage after `npm ci --omit=dev` (deploy/Dockerfile): npm keeps a devDependency when a
 * production package names it as an optional peer (next names @playwright/test), flagging it devOptional in
 * package-lock.json. This removes every such package that no production package actually depends on (sharp, an
 * optional dependency of next, still gets detect-libc and semver). test/security/image.test.ts uses devOnly too.
 * The Dockerfile runs it as: node --import tsx --input-type=module -e "<remove each devOnly(lock) path>".
 */
interface LockPackage {
  dev?: boolean;
  devOptional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}
export interface Lockfile {
  packages: Record<string, LockPackage>;
}

/** The lockfile paths (`node_modules/a/node_modules/b`) of devOptional packages nothing in production needs. */
export function devOnly(lock: Lockfile): string[] {
  const pkgs = lock.packages;
  // Node's resolution: the nearest node_modules/<name> from `from` up to the root.
  const resolve = (from: string, name: string): string | undefined => {
    for (let base = from; ;) {
      const candidate = `${base ? `${base}/` : ""}node_modules/${name}`;
      if (pkgs[candidate]) return candidate;
      if (!base) return undefined;
      const i = base.lastIndexOf("/node_modules/");
      base = i < 0 ? "" : base.slice(0, i);
    }
  };
  const needed = new Set(Object.keys(pkgs).filter((k) => k && !pkgs[k].dev && !pkgs[k].devOptional));
  const queue = [...needed];
  while (queue.length) {
    const at = queue.pop()!;
    const p = pkgs[at];
    const optionalPeer = (n: string) => p.peerDependenciesMeta?.[n]?.optional === true;
    const names = [
      ...Object.keys(p.dependencies ?? {}),
      ...Object.keys(p.optionalDependencies ?? {}),
      ...Object.keys(p.peerDependencies ?? {}).filter((n) => !optionalPeer(n)),
    ];
    for (const name of names) {
      const to = resolve(at, name);
      if (to && !pkgs[to].dev && !needed.has(to)) {
        needed.add(to);
        queue.push(to);
      }
    }
  }
  return Object.keys(pkgs).filter((k) => k && pkgs[k].devOptional && !needed.has(k));
}
