/**
 * `npm run bench`: runs every benchmark one after another (never in parallel: they measure the
 * same 2 cores) and prints their figures. Benchmarks print numbers; they never pass or fail.
 * Run one alone with `npm run bench -- patch` (names: patch, apiserver, dashboard, filtered, controller, reconcile, hub,
 * scale, sessions, podmap, statefulset, listpage, fleet, logs);
 * extra flags after the names go to each benchmark, e.g. `npm run bench -- controller --pods 1000`.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";

const all: { name: string; file: string; node?: string[] }[] = [
  { name: "patch", file: "bench/patch.ts" },
  { name: "apiserver", file: "bench/apiserver.ts" },
  { name: "dashboard", file: "bench/dashboard.ts", node: ["--expose-gc"] },
  { name: "filtered", file: "bench/filtered.ts", node: ["--conditions=react-server"] },
  { name: "controller", file: "bench/controller.ts" },
  { name: "reconcile", file: "bench/reconcile.ts" },
  { name: "hub", file: "bench/hub-flood.ts", node: ["--conditions=react-server"] },
  { name: "scale", file: "bench/scale.ts", node: ["--expose-gc", "--conditions=react-server"] },
  { name: "sessions", file: "bench/sessions.ts", node: ["--conditions=react-server"] },
  { name: "podmap", file: "bench/podmap.ts", node: ["--conditions=react-server"] },
  { name: "statefulset", file: "bench/statefulset.ts", node: ["--conditions=react-server"] },
  { name: "listpage", file: "bench/listpage.ts", node: ["--conditions=react-server"] },
  { name: "fleet", file: "bench/fleet.ts", node: ["--conditions=react-server"] },
  { name: "logs", file: "bench/logs.ts", node: ["--expose-gc", "--conditions=react-server"] },
];

const args = process.argv.slice(2);
const names = args.filter((a) => all.some((b) => b.name === a));
const flags = args.filter((a) => !names.includes(a));
const chosen = names.length ? all.filter((b) => names.includes(b.name)) : all;
const root = path.resolve(__dirname, "..");
let broken = 0;

for (const b of chosen) {
  console.log(`\n════ bench: ${b.name} (${b.file}) ════`);
  const started = Date.now();
  const res = spawnSync("npx", ["tsx", ...(b.node ?? []), b.file, ...flags], { cwd: root, stdio: "inherit" });
  console.log(
    `──── ${b.name}: ${res.status === 0 ? "done" : `exited ${res.status}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (res.status !== 0) broken++;
}
process.exit(broken ? 1 : 0);
