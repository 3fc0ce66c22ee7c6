// Benchmark (not a test): per-user filtering of the shared hub (shared mode). Many users with different
// namespace rights read one all-namespaces pods scope through sseStream with a viewer that asks the
// sandbox real SubjectAccessReviews (lib/server/auth/list-access.ts). Prints figures only.
// Run: npx tsx --conditions=react-server bench/filtered.ts [--per-ns 1000] [--users 30]
// (react-server: lib/server modules import "server-only", which resolves to nothing under that condition)
import { CoreV1Api, type KubeConfig } from "@kubernetes/client-node";
import type { Caller } from "../lib/server/auth/caller";
import { readConsoleConfig } from "../lib/server/auth/config";
import { ListAccess, subjectAccessReview } from "../lib/server/auth/list-access";
import { Clusters } from "../lib/server/clusters";
import { findKubeconfig } from "../lib/server/kubeconfig";
import { InformerHub } from "../lib/server/hub/hub";
import { sseStream, type StreamViewer } from "../lib/server/stream/sse";
import { countingUpstream, median, ms, serveSse, sseClient, startSandbox } from "./lib";

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const PER_NS = arg("per-ns", 1000),
  USERS = arg("users", 30);
const NAMESPACES = ["shop", "payments", "bench-a", "bench-b", "bench-c"];
// sandbox/users.yaml: viewer reads every namespace, shop-reader only shop, payments-reader only payments.
const ROLES = ["viewer", "shop-reader", "payments-reader"] as const;

async function createPods(kc: KubeConfig) {
  const core = kc.makeApiClient(CoreV1Api);
  for (const ns of NAMESPACES) await core.createNamespace({ body: { metadata: { name: ns } } }).catch(() => undefined);
  const jobs = NAMESPACES.flatMap((ns) => Array.from({ length: PER_NS }, (_, i) => ({ ns, i })));
  const worker = async () => {
    for (let j = jobs.pop(); j; j = jobs.pop()) {
      await core.createNamespacedPod({
        namespace: j.ns,
        body: { metadata: { name: `pod-${j.i}` }, spec: { containers: [{ name: "main", image: "nginx:1.25" }] } },
      });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

/** The stream route: `?user=<name>` picks the viewer (none = local mode, unfiltered). */
function startServer(hub: InformerHub, access: ListAccess, cluster: string) {
  return serveSse((req, signal) => {
    const user = new URL(req.url ?? "/", "http://x").searchParams.get("user");
    const caller: Caller = {
      mode: "token",
      user: { name: user ?? "", groups: [] },
      csrf: "",
      limitKey: user ?? "",
      userKey: user ?? "",
    };
    const viewer: StreamViewer | undefined = user
      ? { mayList: (r, ns) => access.mayList(caller, cluster, r, ns), recheckMs: 10_000 }
      : undefined;
    return sseStream(hub, cluster, ["pods"], null, signal, { viewer });
  });
}

const { accessCacheMs } = readConsoleConfig(process.env);

async function main() {
  const sb = await startSandbox();
  process.env.KRUISE_CONSOLE_KUBECONFIG = sb.kcPath; // the console identity (admin) asks the reviews
  try {
    await createPods(sb.kc);
    const total = NAMESPACES.length * PER_NS;
    console.log(
      `filtered-stream bench: ${total} pods in ${NAMESPACES.length} namespaces, ${USERS} users (${ROLES.join(", ")} in turn)`,
    );
    const { up, c } = countingUpstream(sb.kc);
    const hub = new InformerHub(() => up);
    const clusters = new Clusters(findKubeconfig(process.env));
    const access = new ListAccess({ review: (q) => subjectAccessReview(clusters, q), ttlMs: () => accessCacheMs / 2 });
    const srv = await startServer(hub, access, sb.kc.getCurrentContext());
    const warm = sseClient(srv.url);
    await warm.snapshot; // the scope is live: what follows measures the per-user part only

    const timeTo = async (user?: string) => {
      const t0 = performance.now();
      const cl = sseClient(user ? `${srv.url}?user=${user}` : srv.url);
      const n = await cl.snapshot;
      cl.close();
      return { n, t: performance.now() - t0 };
    };
    console.log(
      `\n1) one client's snapshot on the live scope, median of 5 (the first run asks the reviews, the rest reuse them)`,
    );
    for (const user of [undefined, ...ROLES]) {
      const runs = [];
      for (let i = 0; i < 5; i++) runs.push(await timeTo(user));
      console.log(
        `   ${(user ?? "local mode (no filter)").padEnd(24)} ${String(runs[0].n).padStart(5)} pods  ${ms(median(runs.map((r) => r.t)))}`,
      );
    }

    const t0 = performance.now();
    const clients = Array.from({ length: USERS }, (_, i) => sseClient(`${srv.url}?user=${ROLES[i % ROLES.length]}`));
    const counts = await Promise.all(clients.map((cl) => cl.snapshot));
    const all = performance.now() - t0;
    console.log(`\n2) ${USERS} users connect at once`);
    console.log(
      `   all snapshots delivered in ${ms(all)}; items per role: ${ROLES.map((r, i) => `${r} ${counts[i]}`).join(", ")}`,
    );
    console.log(
      `   SubjectAccessReviews asked in the whole run: ${access.reviews} (list + watch per user and namespace, each answer reused ${accessCacheMs / 2000} s)`,
    );
    console.log(`   upstream LISTs ${c.lists}, upstream WATCH requests ${c.watches} (goal 1 each)`);
    clients.forEach((cl) => cl.close());
    warm.close();
    srv.close();
    hub.close();
  } finally {
    sb.stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
