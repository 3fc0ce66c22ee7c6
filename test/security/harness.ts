/**
 * The security suite's console: the real route logic with KRUISE_CONSOLE_* set for one mode, pointed
 * (through a kubeconfig, like any deployment) at a sandbox or the real kube-apiserver, with the
 * audit lines and everything the process logs captured so tests can search them.
 */
import { afterAll, beforeAll } from "vitest";
import type { ClusterKind, TestCluster } from "../support/clusters";
import { useCluster } from "../contract/lib/harness";
import { cloneSet, clonesets, type Obj } from "../contract/lib/fixtures";
import { readConsoleConfig } from "@/lib/server/auth/config";
import { buildRuntime, replaceRuntime, runtime } from "@/lib/server/runtime";

export { KINDS } from "../contract/lib/harness";
export const NS = "shop";
export const STAMP = "security-suite-stamp";

export interface ConsoleUnderTest {
  readonly c: ReturnType<typeof useCluster>["c"];
  audit: Record<string, unknown>[];
  /** everything written to stdout/stderr/console while the file ran */
  logs: string[];
  /** a CloneSet in `shop` (4 replicas, partition 4), created as admin */
  createCloneSet(name: string): Promise<Obj>;
  get(name: string): Promise<Obj>;
}

/** Registers a cluster of `kind` and runs the console in the given mode for this file. */
export function useConsole(
  kind: ClusterKind,
  env: Record<string, string>,
  kubeconfig?: (c: TestCluster) => Promise<string>,
): ConsoleUnderTest {
  const h = useCluster(kind);
  const saved = { ...process.env };
  const audit: Record<string, unknown>[] = [];
  const logs: string[] = [];
  const restore: (() => void)[] = [];
  beforeAll(async () => {
    process.env.KRUISE_CONSOLE_KUBECONFIG = kubeconfig ? await kubeconfig(h.c) : h.c.kubeconfigPath;
    process.env.KRUISE_CONSOLE_STAMP = STAMP;
    Object.assign(process.env, env);
    // A fresh console for this file's mode: built from the environment just set, replacing the one before.
    await replaceRuntime(buildRuntime(readConsoleConfig(process.env)));
    runtime().audit.setSink((line) => audit.push(JSON.parse(line) as Record<string, unknown>));
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: never[]) => {
        logs.push(String(chunk));
        return write(chunk as string, ...rest);
      }) as typeof stream.write;
      restore.push(() => {
        stream.write = write;
      });
    }
    for (const m of ["log", "info", "warn", "error", "debug"] as const) {
      const orig = console[m];
      console[m] = (...args: unknown[]) => {
        logs.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
        orig(...args);
      };
      restore.push(() => {
        console[m] = orig;
      });
    }
  });
  afterAll(async () => {
    await replaceRuntime(undefined);
    for (const r of restore.splice(0).reverse()) r();
    process.env = saved;
  });
  const cs = () => clonesets(h.c.kubeConfig(), NS);
  return {
    get c() {
      return h.c;
    },
    audit,
    logs,
    createCloneSet: (name) =>
      cs().create({
        ...cloneSet(name, { replicas: 4 }),
        spec: { ...cloneSet(name, { replicas: 4 }).spec, updateStrategy: { type: "InPlaceIfPossible", partition: 4 } },
      }),
    get: (name) => cs().get(name),
  };
}

/** The rollout intent base a browser sends (what it saw). */
export function baseOf(o: Obj) {
  const us = ((o.spec ?? {}) as { updateStrategy?: Record<string, unknown> }).updateStrategy ?? {};
  return { generation: o.metadata.generation, resourceVersion: o.metadata.resourceVersion, ...us };
}

export const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 7)}`;
