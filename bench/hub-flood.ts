// Benchmark (not a test): a flood of stream requests against the sandbox, through the real stream
// route logic. How many hub scopes (each one upstream LIST+WATCH) and upstream calls do 500 spellings
// of one cluster name and 2,000 distinct namespaces cause, and how fast is each refusal? Prints figures.
// Run: npm run bench -- hub [--namespaces 2000] [--spellings 500]
import { buildRuntime, type Runtime } from "../lib/server/runtime";
import { readConsoleConfig } from "../lib/server/auth/config";
import { getStream } from "../lib/server/routes";
import { startSandbox } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const NAMESPACES = arg("namespaces", 2000);
const SPELLINGS = arg("spellings", 500);

/**
 * `n` distinct spellings of `name`, each decoding (once or twice) to it or to it plus spaces: one
 * letter escaped, once (`%73andbox`) or twice (`%2573andbox`), then `%20`s appended to vary them.
 */
function spellings(name: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const at = i % name.length;
    const esc = "%" + name.charCodeAt(at).toString(16);
    const twice = Math.floor(i / name.length) % 2 === 1;
    const pad = "%20".repeat(Math.floor(i / (2 * name.length)));
    return name.slice(0, at) + (twice ? esc.replace("%", "%25") : esc) + name.slice(at + 1) + pad;
  });
}

async function flood(rt: Runtime, label: string, cluster: string, queries: { cluster: string; query: string }[]) {
  const codes = new Map<number, number>();
  const t0 = performance.now();
  for (const q of queries) {
    const abort = new AbortController();
    const req = new Request(`http://127.0.0.1:3000/api/c/${q.cluster}/stream?${q.query}`, { signal: abort.signal });
    const res = await getStream(rt, req, q.cluster);
    codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
    if (res.status !== 200) await res.text();
    abort.abort(); // the page goes away at once: its stream slot is free, its scope idles on
  }
  const elapsed = performance.now() - t0;
  const stats = rt.hub.stats();
  const up = stats.reduce((s, x) => ({ lists: s.lists + x.lists, watches: s.watches + x.watches }), {
    lists: 0,
    watches: 0,
  });
  const answered = [...codes].map(([c, n]) => `${n}× ${c}`).join(", ");
  console.log(`${label}`);
  console.log(
    `  answers: ${answered}; ${(elapsed / queries.length).toFixed(2)} ms per request; hub scopes now ${stats.length} (on "${cluster}": ${stats.filter((s) => s.cluster === cluster).length}); upstream LISTs ${up.lists}, WATCHes ${up.watches} so far`,
  );
}

async function main() {
  const sb = await startSandbox();
  process.env.KRUISE_CONSOLE_KUBECONFIG = sb.kcPath;
  process.env.KRUISE_CONSOLE_WATCH_IDLE_SECONDS = "600";
  const cluster = sb.kc.getCurrentContext();
  const rt = buildRuntime(readConsoleConfig(process.env));
  try {
    await flood(rt, `one stream of clonesets on "${cluster}"`, cluster, [{ cluster, query: "r=clonesets" }]);
    await new Promise((r) => setTimeout(r, 500)); // let its LIST and WATCH start
    const names = spellings(cluster, SPELLINGS);
    await flood(
      rt,
      `${names.length} other spellings of "${cluster}" (e.g. ${names[0]}, ${names[cluster.length]})`,
      cluster,
      names.map((c) => ({ cluster: c, query: "r=clonesets" })),
    );
    await flood(
      rt,
      `${NAMESPACES} distinct namespaces (one pods scope each)`,
      cluster,
      Array.from({ length: NAMESPACES }, (_, i) => ({ cluster, query: `r=pods&ns=flood-${i}` })),
    );
    const { maxScopesPerCluster, maxScopes } = rt.hub.opts;
    console.log(`  limits: ${maxScopesPerCluster ?? "none"} scopes per cluster, ${maxScopes ?? "none"} overall`);
  } finally {
    await rt.close();
    sb.stop();
  }
}

void main().then(() => process.exit(0));
