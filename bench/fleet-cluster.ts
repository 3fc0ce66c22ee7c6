// One "cluster" of the fleet benchmark (bench/fleet.ts): the sandbox API server, without controllers, in its own
// process, counting at the server side every WATCH and LIST it serves, by scope (resource, namespace, selectors).
// The counts come from the server's own watch registry (WatchHub.open and the response's close), so they do not
// depend on what the console believes it holds.
// Protocol: prints `ready {"url","token"}` once it serves; each `stats` line on stdin is answered with
// `stats {…}` on stdout. Stops on SIGTERM.
import type { ServerResponse } from "node:http";
import readline from "node:readline";
import { startApiServer } from "../sandbox/apiserver/index";
import { Lister } from "../sandbox/apiserver/list";
import type { ResourceType } from "../sandbox/apiserver/types";
import { WatchHub } from "../sandbox/apiserver/watch";

export interface ScopeCount {
  /** watches open now */
  open: number;
  /** watches opened since start */
  opened: number;
  /** most watches open at once */
  peak: number;
  /** LIST requests (first pages only: a `continue` request is part of the same LIST) */
  lists: number;
}
export type ClusterStats = Record<string, ScopeCount>;

const stats: ClusterStats = {};
const count = (key: string) => (stats[key] ??= { open: 0, opened: 0, peak: 0, lists: 0 });

/** `clonesets.apps.kruise.io ns=team-1 [labelSelector=…]`: the scope as the console's hub keys it, plus selectors. */
function scopeOf(rt: ResourceType, ns: string | undefined, q: URLSearchParams): string {
  const sel = ["labelSelector", "fieldSelector"].flatMap((k) => (q.get(k) ? [`${k}=${q.get(k)}`] : []));
  return [`${rt.resource}${rt.group ? `.${rt.group}` : ""}`, `ns=${ns ?? "*"}`, ...sel].join(" ");
}

const open = WatchHub.prototype.open;
WatchHub.prototype.open = function (rt, ns, q, res: ServerResponse, encode) {
  open.call(this, rt, ns, q, res, encode);
  if (res.writableEnded) return; // answered with one ERROR event (410 Expired): no watch was opened
  const c = count(scopeOf(rt, rt.namespaced ? ns : undefined, q));
  c.open++;
  c.opened++;
  c.peak = Math.max(c.peak, c.open);
  res.once("close", () => c.open--);
};

const list = Lister.prototype.list;
Lister.prototype.list = function (rt, ns, q) {
  if (!q.get("continue")) count(scopeOf(rt, rt.namespaced ? ns : undefined, q)).lists++;
  return list.call(this, rt, ns, q);
};

async function main() {
  const server = await startApiServer({
    port: 0,
    watchHistory: 50_000,
    log: (m) => console.error(`sandbox: ${m}`),
  });
  console.log(`ready ${JSON.stringify({ url: server.url, token: server.tokens.admin })}`);
  readline.createInterface({ input: process.stdin }).on("line", (line) => {
    if (line.trim() === "stats") console.log(`stats ${JSON.stringify(stats)}`);
  });
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
