// Printing the fleet benchmark's upstream watch counts (bench/fleet.ts), as the API servers counted them
// (bench/fleet-cluster.ts): the console's hub should hold one watch per (cluster, resource, namespace) scope.
import type { ClusterStats } from "./fleet-cluster";
import type { Cluster } from "./fleet-seed";

export function reportWatches(title: string, clusters: Cluster[], stats: ClusterStats[]): void {
  console.log(`  ${title}:`);
  let scopes = 0,
    open = 0,
    doubled = 0;
  for (const [i, st] of stats.entries()) {
    const live = Object.entries(st).filter(([, c]) => c.open > 0);
    const n = live.reduce((a, [, c]) => a + c.open, 0);
    const all = Object.values(st);
    const opened = all.reduce((a, c) => a + c.opened, 0);
    const lists = all.reduce((a, c) => a + c.lists, 0);
    const most = Math.max(0, ...live.map(([, c]) => c.open));
    const peak = Math.max(0, ...all.map((c) => c.peak));
    scopes += live.length;
    open += n;
    console.log(
      `    ${clusters[i].name}: ${n} watches open on ${live.length} scopes (most on one scope: ${most} now, ${peak} at any time); ` +
        `${opened} opened and ${lists} LISTs since start`,
    );
    for (const [key, c] of Object.entries(st).filter(([, c]) => c.open > 1 || c.peak > 1)) {
      doubled++;
      console.log(`      MORE THAN ONE WATCH: ${key}: ${c.open} open now, ${c.peak} at once, ${c.opened} opened`);
    }
  }
  const first = Object.entries(stats[0] ?? {}).filter(([, c]) => c.open > 0);
  console.log(
    `    ${clusters[0].name}'s scopes: ${first.map(([k, c]) => `${k} (${c.opened} opened, ${c.lists} LISTs)`).join("; ")}`,
  );
  console.log(
    `    in all: ${open} watches on ${scopes} scopes${doubled ? `; ${doubled} scopes held more than one watch` : " — one per scope"}`,
  );
}
