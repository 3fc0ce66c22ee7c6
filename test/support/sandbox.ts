/**
 * Starts the sandbox API server (helper A's sandbox/apiserver) in this process for tests.
 * Loaded lazily so test files that only need kube-apiserver don't pull the sandbox in.
 */
import fs from "node:fs";
import path from "node:path";
import { stringify } from "yaml";
import { kubeconfigDoc, type TestUser } from "./kubeconfig";

interface SandboxHandle {
  url: string;
  tokens: Record<string, string>;
  writeKubeconfig(path: string, opts?: { user?: string; context?: string }): void;
  close(): Promise<void>;
}
interface SandboxModule {
  startApiServer(opts?: { port?: number; watchHistory?: number; users?: unknown }): Promise<SandboxHandle>;
}

const REPO = path.resolve(__dirname, "../..");

export interface SandboxServer { url: string; tokens: Record<TestUser, string>; close(): Promise<void> }

export async function startSandboxServer(o: { watchHistory?: number; kubeconfigPath: string }): Promise<SandboxServer> {
  const modPath = path.join(REPO, "sandbox/apiserver/index.ts");
  const mod = (await import(/* @vite-ignore */ modPath)) as SandboxModule;
  const sb = await mod.startApiServer({ port: 0, watchHistory: o.watchHistory });
  try {
    sb.writeKubeconfig(o.kubeconfigPath, { user: "admin" });
    const tokens = { ...sb.tokens } as Record<TestUser, string>;
    if (!tokens.nobody) throw new Error("sandbox has no 'nobody' user");
    // Rewrite with our layout so both cluster kinds share one kubeconfig shape.
    fs.writeFileSync(o.kubeconfigPath, stringify(kubeconfigDoc({ server: sb.url }, tokens)), { mode: 0o600 });
    return { url: sb.url, tokens, close: () => sb.close() };
  } catch (e) {
    await sb.close();
    throw e;
  }
}
