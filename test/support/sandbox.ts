/**
 * Starts the sandbox API server (sandbox/apiserver) in this process for tests, with the
 * shipped users plus `nobody` (authenticated, no rules) so RBAC cases match kube-apiserver's.
 * Loaded lazily so test files that only need kube-apiserver don't pull the sandbox in.
 */
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { TEST_USERS, writeKubeconfigFile, type TestUser } from "./kubeconfig";

interface SandboxHandle {
  url: string;
  tokens: Record<string, string>;
  writeKubeconfig(path: string, opts?: { user?: string; context?: string }): void;
  close(): Promise<void>;
}
interface UsersFile {
  users: { name: string; token: string }[];
}
interface SandboxModule {
  DEFAULT_USERS: string;
  startApiServer(opts?: { port?: number; watchHistory?: number; users?: UsersFile }): Promise<SandboxHandle>;
}

const REPO = path.resolve(__dirname, "../..");
const NOBODY = { name: "nobody", token: "sandbox-nobody-token" };

export interface SandboxServer {
  url: string; // plain http, for raw requests
  kubeServer: string; // what the kubeconfig points at (the sandbox serves https on the same port for kubectl)
  tokens: Record<TestUser, string>;
  close(): Promise<void>;
}

function withNobody(file: string): UsersFile {
  const users = parse(fs.readFileSync(file, "utf8")) as UsersFile;
  return users.users.some((u) => u.name === NOBODY.name) ? users : { ...users, users: [...users.users, NOBODY] };
}

export async function startSandboxServer(o: { watchHistory?: number; kubeconfigPath: string }): Promise<SandboxServer> {
  const mod = (await import(/* @vite-ignore */ path.join(REPO, "sandbox/apiserver/index.ts"))) as SandboxModule;
  const sb = await mod.startApiServer({ port: 0, watchHistory: o.watchHistory, users: withNobody(mod.DEFAULT_USERS) });
  try {
    // The sandbox's own kubeconfig tells us which URL kubectl should use; we then write ours
    // (contexts named after the test users) against that same server.
    sb.writeKubeconfig(o.kubeconfigPath, { user: "admin" });
    const doc = parse(fs.readFileSync(o.kubeconfigPath, "utf8")) as { clusters: { cluster: { server: string } }[] };
    const kubeServer = doc.clusters[0].cluster.server;
    const tokens = sb.tokens as Record<TestUser, string>;
    for (const u of TEST_USERS) {
      if (!tokens[u]) throw new Error(`sandbox has no "${u}" user`);
    }
    writeKubeconfigFile(o.kubeconfigPath, { server: kubeServer }, tokens);
    return { url: sb.url, kubeServer, tokens, close: () => sb.close() };
  } catch (e) {
    await sb.close();
    throw e;
  }
}
