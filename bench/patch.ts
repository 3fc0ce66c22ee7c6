// Benchmark (not a test): patch building and three-way merge on a ~1 MB CloneSet-like object
// (many containers, many env vars), then the adversarial shapes a hostile edit request can send
// (one 32k-element list, many lists at the length limit, deep nesting, many conflicts). Prints
// milliseconds per operation; goal < 50 ms for any 1 MB input, accepted or refused.
// Run: npm run bench -- patch            (add `--lib <dir>` to time another copy of lib/patch,
//      e.g. one extracted from an older commit with `git archive <rev> lib/patch | tar -x -C /tmp/old`)
import path from "node:path";
import { bigCloneSet, sampleCloneSet } from "../lib/patch/fixtures/cloneset";
import type { JsonObject } from "../lib/patch/json";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Lib = typeof import("../lib/patch");

function variant(base: JsonObject, f: (o: Obj) => void): JsonObject {
  const c = JSON.parse(JSON.stringify(base));
  f(c);
  return c;
}

/** Runs `fn`; a thrown error (a refusal) is part of what is timed and reported. */
function once(fn: () => unknown): { ms: number; outcome: string } {
  const t0 = performance.now();
  let outcome = "ok";
  try {
    fn();
  } catch (e) {
    const err = e as { status?: number; message?: string };
    outcome = `refused ${err.status ?? "(error)"}: ${String(err.message).slice(0, 70)}…`;
  }
  return { ms: performance.now() - t0, outcome };
}

function time(label: string, runs: number, fn: () => unknown): void {
  const first = once(fn); // warm-up, and the outcome to print
  const samples: number[] = [first.ms];
  for (let i = 1; i < runs; i++) samples.push(once(fn).ms);
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  const max = samples[samples.length - 1];
  console.log(
    `${label.padEnd(52)} median ${median.toFixed(1).padStart(8)} ms   max ${max.toFixed(1).padStart(8)} ms   ${first.outcome === "ok" ? "" : first.outcome}`,
  );
}

const mb = (o: unknown) => `${(JSON.stringify(o).length / 1e6).toFixed(2)} MB`;

function envList(n: number, tag: string): JsonObject[] {
  return Array.from({ length: n }, (_, i) => ({ name: `E${i}`, value: `${tag}${i}` }));
}

/** A CloneSet whose first container holds `env` (what the edit route gets as base or mine). */
function withEnv(env: JsonObject[]): JsonObject {
  return variant(sampleCloneSet(), (o) => {
    o.spec.template.spec.containers[0].env = env;
  });
}

function nested(depth: number): JsonObject {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return variant(sampleCloneSet(), (o) => {
    o.spec.template.metadata.annotations = { deep: "x" };
    o.spec.template.spec.containers[0].args = v;
  });
}

function realistic(lib: Lib, runs: number): void {
  const base = bigCloneSet();
  const mine = variant(base, (o) => {
    o.spec.template.spec.containers[100].image = "new:2";
  });
  const theirs = variant(base, (o) => {
    o.spec.replicas = 9;
    o.spec.template.spec.containers[3].env[5].value = "theirs";
    o.status.readyReplicas = 1;
    o.metadata.resourceVersion = "99999";
  });
  const containers = (base.spec as Obj).template.spec.containers.length;
  console.log(`\nrealistic: ${mb(base)} JSON, ${containers} containers × 60 env vars`);
  time("threeWayMerge(base, mine, theirs)", runs, () => lib.threeWayMerge(base, mine, theirs));
  time("buildEditSave (merge + guarded JSON patch)", runs, () => lib.buildEditSave(base, mine, theirs));
  time("createJsonPatch with tests", runs, () => lib.createJsonPatch(base, mine));
  time("createMergePatch", runs, () => lib.createMergePatch(base, mine));
  time("createStrategicMergePatch", runs, () => lib.createStrategicMergePatch(base, mine));
  time("diffObjects(base, theirs)", runs, () => lib.diffObjects(base, theirs));
}

function adversarial(lib: Lib, runs: number): void {
  const theirs = sampleCloneSet(); // the live object: the caller controls only base and mine
  const n = 32_768;
  const base = withEnv(envList(n, "b"));
  const mine = withEnv(envList(n, "m").reverse());
  console.log(`\nadversarial (base and mine from the request, theirs = a small live CloneSet):`);
  console.log(`  32k env entries: base ${mb(base)}, mine ${mb(mine)} (mine reversed, every value changed)`);
  time("32k list: checkEdit (the route's first step)", runs, () => lib.checkEdit(base, mine));
  time("32k list: threeWayMerge", runs, () => lib.threeWayMerge(base, mine, theirs));
  if (lib.PATCH_LIMITS) {
    const lifted = { ...lib.PATCH_LIMITS, maxListLength: Infinity, maxNodes: Infinity, maxConflicts: Infinity };
    time("32k list: threeWayMerge with the limits lifted", runs, () =>
      lib.threeWayMerge(base, mine, theirs, { limits: lifted }),
    );
    const max = lib.PATCH_LIMITS.maxListLength;
    const lists = variant(sampleCloneSet(), (o) => {
      const c = o.spec.template.spec.containers[0];
      o.spec.template.spec.containers = Array.from({ length: 7 }, (_, i) => ({
        ...c,
        name: `c${i}`,
        env: envList(max, `v${i}-`),
      }));
    });
    const listsMine = variant(lists, (o) => {
      for (const c of o.spec.template.spec.containers) c.env.reverse();
    });
    console.log(`  7 containers × ${max} env (the longest accepted lists): ${mb(lists)}`);
    time(`7 × ${max}-entry lists, mine reversed: threeWayMerge`, runs, () =>
      lib.threeWayMerge(lists, listsMine, lists),
    );
    time(`7 × ${max}-entry lists, mine reversed: buildEditSave`, runs, () =>
      lib.buildEditSave(lists, listsMine, lists),
    );
  }
  const deep = nested(2_000);
  console.log(`  2k nested lists: ${mb(deep)}`);
  time("2k-deep nesting: threeWayMerge", runs, () => lib.threeWayMerge(deep, deep, theirs));
  const conflictsBase = withEnv(envList(2000, "b"));
  const conflictsMine = withEnv(envList(2000, "m"));
  const conflictsTheirs = withEnv(envList(2000, "t"));
  time("2000 conflicting env values: threeWayMerge", runs, () =>
    lib.threeWayMerge(conflictsBase, conflictsMine, conflictsTheirs),
  );
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--lib");
  const dir = i > 0 ? path.resolve(process.argv[i + 1]) : path.resolve(__dirname, "../lib/patch");
  const lib = (await import(path.join(dir, "index.ts"))) as Lib;
  console.log(`lib/patch from ${dir}`);
  const runs = Number(process.env.BENCH_RUNS) || 15;
  realistic(lib, runs);
  adversarial(lib, Number(process.env.BENCH_ADVERSARIAL_RUNS) || 5);
}

void main();
