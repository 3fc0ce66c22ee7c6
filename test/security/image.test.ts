/**
 * What the image is built from and what it holds (deploy/Dockerfile, .dockerignore), listed without a Docker
 * engine: the build context never carries a checkout's .git, node_modules, .next, .tmp (the launcher writes a
 * kubeconfig with real credentials there), tests, or any kubeconfig, key or .env; and the final stage holds the
 * production dependencies, the build output and the console's server, and nothing else.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { devOnly, type Lockfile } from "../../deploy/prune-dev";
import {
  buildContext,
  copyOf,
  ignored,
  importClosure,
  parseDockerfile,
  parseDockerignore,
  underSource,
} from "./image-context";

const root = path.resolve(__dirname, "../..");
const rules = parseDockerignore(readFileSync(path.join(root, ".dockerignore"), "utf8"));
const context = buildContext(root, rules);
const stages = parseDockerfile(readFileSync(path.join(root, "deploy/Dockerfile"), "utf8"));
const stage = (name: string) => stages.find((s) => s.name === name)!;
const final = stages.at(-1)!;
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lockfile;
const isTest = (f: string) => /\.test\.tsx?$/.test(f);

/** The top-level packages `npm ci --omit=dev` and deploy/prune-dev.ts leave in node_modules. */
function productionPackages(): string[] {
  const pruned = new Set(devOnly(lock));
  return Object.entries(lock.packages)
    .filter(([k, v]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(k) && !v.dev && !pruned.has(k))
    .map(([k]) => k.slice("node_modules/".length))
    .sort();
}

/** The final image's files: what each COPY --from brings (the build output as `.next/…`, packages as `node_modules/<name>/`). */
function imageFiles(): string[] {
  const out: string[] = [];
  for (const step of final.steps.filter((s) => s.op === "COPY")) {
    const c = copyOf(step);
    for (const source of c.sources) {
      const rel = source.replace(/^\/app\//, "");
      if (c.from === "deps" && rel === "node_modules")
        out.push(...productionPackages().map((p) => `node_modules/${p}/`));
      else if (c.from === "deps") out.push(rel);
      else if (c.from === "build" && rel === ".next") out.push(".next/ (the build output, without .next/cache)");
      else if (c.from === "build") out.push(...underSource(context, rel));
      else throw new Error(`the final stage copies ${source} from ${c.from ?? "the build context"}`);
    }
  }
  return out.sort();
}

describe("the image's build context (.dockerignore)", () => {
  it("leaves out .git, node_modules, .next, .tmp and its kubeconfigs, tests, keys and .env files, wherever they are", () => {
    for (const p of [
      ".git",
      ".git/config",
      "node_modules/next/package.json",
      "lib/node_modules/x/index.js",
      ".next/BUILD_ID",
      ".tmp/launcher/kubeconfig",
      ".tmp/sandbox/kubeconfig",
      "lib/.tmp/x",
      "kubeconfig",
      "app/kubeconfig",
      "lib/staging.kubeconfig",
      "app/kubeconfig.yaml",
      "lib/.kube/config",
      ".env",
      "app/.env.local",
      "lib/server/tls.key",
      "public/ca.crt",
      "public/client.pem",
      "lib/server/auth/caller.test.ts",
      "components/ui/Theme.test.tsx",
      "test/e2e/serve.ts",
      "sandbox/cli.ts",
      "bench/run.ts",
      "docs/architecture.md",
      "deploy/overlays/token/console.yaml",
      "scripts/start.ts",
      "scripts/launcher/sandbox.ts",
      "playwright.config.ts",
    ])
      expect(ignored(rules, p), p).toBe(true);
  });

  it("is exactly the sources `next build` and the server need: package files, configs, app, components, lib, public, the server script", () => {
    const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);
    const needed = tracked.filter(
      (f) =>
        !isTest(f) &&
        (/^(app|components|lib|public|scripts\/serve)\//.test(f) ||
          ["package.json", "package-lock.json", "next.config.js", "tsconfig.json", "scripts/serve.ts"].includes(f) ||
          f === "deploy/prune-dev.ts"),
    );
    expect(context.filter((f) => tracked.includes(f))).toEqual(needed);
    // and nothing untracked slipped in (build output, local state, credentials)
    expect(context.filter((f) => !tracked.includes(f))).toEqual([]);
    for (const f of context) expect(f, f).not.toMatch(/^(\.git|node_modules|\.next|\.tmp|test|sandbox|bench)(\/|$)/);
  });
});

describe("the image (deploy/Dockerfile)", () => {
  it("builds in one stage, installs production dependencies alone in another, and copies nothing from the context into the last", () => {
    expect(stages.map((s) => s.name)).toEqual(["build", "deps", "2"]);
    const run = (s: string) =>
      stage(s)
        .steps.filter((i) => i.op === "RUN")
        .map((i) => i.args)
        .join(" && ");
    expect(run("build")).toMatch(/\bnpx next build\b.*\brm -rf \.next\/cache\b/);
    expect(run("deps")).toMatch(/\bnpm ci --omit=dev\b/);
    expect(run("deps")).toMatch(/devOnly/);
    expect(
      stage("deps")
        .steps.filter((i) => i.op === "COPY")
        .map((i) => copyOf(i).from),
    ).toEqual([undefined]);
    expect(final.steps.filter((i) => i.op === "COPY").every((i) => copyOf(i).from !== undefined)).toBe(true);
    expect(final.steps.find((i) => i.op === "USER")?.args).toBe("1000");
    expect(final.steps.find((i) => i.op === "ENTRYPOINT")?.args).toBe(
      '["node", "--import", "tsx", "scripts/serve.ts"]',
    );
  });

  it("holds production dependencies only: a devDependency only where a production package depends on it, never the tooling", () => {
    const packages = imageFiles()
      .filter((f) => f.startsWith("node_modules/"))
      .map((f) => f.slice("node_modules/".length, -1));
    const pruned = new Set(devOnly(lock));
    const production = Object.entries(lock.packages).filter(([k, v]) => k && !v.dev && !pruned.has(k));
    const neededBy = (name: string) =>
      production.filter(([, v]) => name in (v.dependencies ?? {}) || name in (v.optionalDependencies ?? {}));
    for (const dev of Object.keys(pkg.devDependencies))
      if (packages.includes(dev)) expect(neededBy(dev).length, `${dev} is in the image`).toBeGreaterThan(0);
    // (prettier stays: monaco-yaml, a production dependency, depends on it)
    for (const tool of ["typescript", "eslint", "vitest", "playwright", "playwright-core", "@playwright/test"])
      expect(packages, tool).not.toContain(tool);
    for (const dep of Object.keys(pkg.dependencies)) expect(packages, dep).toContain(dep);
  });

  it("lists its files: the build output, public/, the server script and what it imports, and nothing of the checkout besides", () => {
    const files = imageFiles().filter((f) => !f.startsWith("node_modules/"));
    const serve = importClosure(root, "scripts/serve.ts");
    expect(files).toEqual(
      [
        ".next/ (the build output, without .next/cache)",
        "next.config.js",
        "package-lock.json",
        "package.json",
        ...context.filter((f) => f.startsWith("public/")),
        ...serve.files,
      ].sort(),
    );
    // every package the server script imports is installed in the image
    const installed = new Set(productionPackages());
    for (const p of serve.packages) expect(installed.has(p), p).toBe(true);
    for (const f of files) expect(f, f).not.toMatch(/kubeconfig|\.tmp|\.git|\.test\.|^test\//);
    // of lib/, only the runtime's process-wide slot, which the server script reads to drain on SIGTERM
    expect(files.filter((f) => f.startsWith("lib/"))).toEqual(["lib/server/runtime/slot.ts"]);
  });
});
