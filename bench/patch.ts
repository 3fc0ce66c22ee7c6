// Benchmark (not a test): patch building and three-way merge on a ~1 MB CloneSet-like object
// (many containers, many env vars). Prints milliseconds per operation; goal < 50 ms.
// Run: npx tsx bench/patch.ts
import { buildEditSave } from "../lib/patch/edit-save";
import { bigCloneSet } from "../lib/patch/fixtures/cloneset";
import type { JsonObject } from "../lib/patch/json";
import { createJsonPatch } from "../lib/patch/json-patch";
import { createMergePatch } from "../lib/patch/merge-patch";
import { createStrategicMergePatch } from "../lib/patch/strategic";
import { threeWayMerge } from "../lib/patch/three-way";
import { diffObjects } from "../lib/patch/diff";

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function variant(base: JsonObject, f: (o: Obj) => void): JsonObject {
  const c = JSON.parse(JSON.stringify(base));
  f(c);
  return c;
}

function time(label: string, runs: number, fn: () => unknown): void {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)];
  console.log(
    `${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms   max ${samples[samples.length - 1].toFixed(1).padStart(7)} ms`,
  );
}

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
console.log(
  `object: ${(JSON.stringify(base).length / 1e6).toFixed(2)} MB JSON, ${containers} containers × 60 env vars`,
);
const runs = 15;
time("threeWayMerge(base, mine, theirs)", runs, () => threeWayMerge(base, mine, theirs));
time("buildEditSave (merge + guarded JSON patch)", runs, () => buildEditSave(base, mine, theirs));
time("createJsonPatch with tests", runs, () => createJsonPatch(base, mine));
time("createMergePatch", runs, () => createMergePatch(base, mine));
time("createStrategicMergePatch", runs, () => createStrategicMergePatch(base, mine));
time("diffObjects(base, theirs)", runs, () => diffObjects(base, theirs));
