import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";
import { Auth, loadUsers, type UsersFile } from "./auth";
import { Cluster, type WriteCtx } from "./cluster";
import { Faults, type FaultConfig, type FaultController } from "./faults";
import { GarbageCollector } from "./gc";
import { writeKubeconfigFile } from "./kubeconfig";
import { Lister } from "./list";
import { dualProtocolServer } from "./listener";
import { createHandler } from "./server";
import type { Obj } from "./types";
import { WatchHub } from "./watch";
import { CRD_DIR, DEFAULT_USERS } from "./paths";
import { createObject } from "./write";

export type { FaultConfig, FaultController } from "./faults";
export type { UsersFile } from "./auth";

export interface ApiServerOptions {
  port?: number; // 0 / undefined = pick a free port
  host?: string; // default "127.0.0.1"; anything not loopback is refused
  users?: string | UsersFile; // path or parsed; default sandbox/users.yaml
  watchHistory?: number; // events kept per resource for watch resume (default 10000)
  faults?: Partial<FaultConfig>;
  now?: () => Date; // injected clock for timestamps
  /** How long a deleted namespace stays Terminating before the namespace controller empties it (default 2000 ms). */
  namespaceDeletionDelayMs?: number;
  /** Interval of BOOKMARK events for watches that allow them (default 15 s). */
  bookmarkIntervalMs?: number;
  log?: (msg: string) => void;
}

export interface ApiServerHandle {
  url: string;
  port: number;
  tokens: Record<string, string>;
  writeKubeconfig(path: string, opts?: { user?: string; context?: string }): void;
  faults: FaultController;
  close(): Promise<void>;
}

export { DEFAULT_USERS, CRD_DIR };
export const DEFAULT_NAMESPACES = ["default", "kube-system", "kube-public", "kube-node-lease"];

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

function bootstrap(c: Cluster) {
  const ctx: WriteCtx = {
    user: { name: "system:apiserver", groups: ["system:masters"] },
    manager: "kube-apiserver",
    dryRun: false,
    fieldValidation: "Ignore",
    warnings: [],
  };
  const ns = c.registry.find("", "v1", "namespaces")!;
  for (const name of DEFAULT_NAMESPACES) createObject(c, ns, undefined, { metadata: { name } }, ctx);
  const crdType = c.registry.find("apiextensions.k8s.io", "v1", "customresourcedefinitions")!;
  // Every CRD the sandbox ships: Kruise's CloneSet and Kruise Rollout's Rollout and BatchRelease.
  for (const file of readdirSync(CRD_DIR)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    for (const doc of parseAllDocuments(readFileSync(join(CRD_DIR, file), "utf8"))) {
      const crd = doc.toJSON() as Obj | null;
      if (crd?.kind === "CustomResourceDefinition")
        createObject(c, crdType, undefined, crd, { ...ctx, manager: "sandbox" });
    }
  }
}

/** Starts the in-memory Kubernetes-compatible API server on loopback. */
export async function startApiServer(opts: ApiServerOptions = {}): Promise<ApiServerHandle> {
  const host = opts.host ?? "127.0.0.1";
  if (!LOOPBACK.has(host)) throw new Error(`the sandbox API server binds loopback only, refusing host "${host}"`);
  const log = opts.log ?? (() => {});
  const c = new Cluster(opts.now ?? (() => new Date()), opts.watchHistory ?? opts.faults?.watchHistory ?? 10000);
  const auth = new Auth(loadUsers(opts.users ?? DEFAULT_USERS));
  const lister = new Lister(c, () => c.now().getTime());
  const hub = new WatchHub(c, { bookmarkIntervalMs: opts.bookmarkIntervalMs ?? 15000, defaultTimeoutSeconds: 1800 });
  const gc = new GarbageCollector(c, (e) => log(`gc: ${(e as Error).message}`), opts.namespaceDeletionDelayMs ?? 2000);
  const faults = new Faults(
    {
      dropWatches: () => hub.dropAll(),
      restart: () => {
        c.store.resetHistory();
        lister.reset();
        hub.dropAll();
      },
      setHistory: (n) => c.store.setHistoryCapacity(n),
      getHistory: () => c.store.historyCapacity(),
    },
    opts.faults,
  );
  bootstrap(c);
  let port = 0;
  const handler = createHandler({ c, lister, hub, gc, auth, faults, hostPort: () => `${host}:${port}`, log });
  const { server, sockets } = dualProtocolServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  port = (server.address() as { port: number }).port;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    tokens: auth.tokens(),
    faults,
    // kubectl sends tokens only over TLS, so kubeconfigs point at the https side of the same port.
    writeKubeconfig: (path, o) => writeKubeconfigFile(path, url.replace(/^http:/, "https:"), auth.tokens(), o),
    close: async () => {
      hub.stop();
      gc.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
