import "server-only";
import { AuditLog } from "../auth/audit";
import { readConsoleConfig, type ConsoleConfig } from "../auth/config";
import { ListAccess, subjectAccessReview } from "../auth/list-access";
import { reviewToken } from "../auth/signin";
import type { AuthState } from "../auth/state";
import { TokenCheck } from "../auth/token-check";
import { Clusters } from "../clusters";
import { InformerHub } from "../hub";
import { Shutdown } from "../shutdown";
import { buildSharedState } from "./shared-state";
import { processRuntime, setProcessRuntime, type ProcessHandle } from "./slot";

/**
 * The composition root (docs/architecture.md §6): the process's state, built once from configuration read once, and
 * handed to the route logic. Tests build their own with buildRuntime and pass it, or replace the process's whole.
 */
export interface Runtime extends AuthState, ProcessHandle {
  hub: InformerHub;
  /** stops the hub's watches and the shared store's connection (tests, and a replaced runtime) */
  close(): Promise<void>;
}

/** What a test (or a tool) may put in place of the built parts. */
export interface RuntimeParts {
  hub?: InformerHub;
  listAccess?: ListAccess;
  audit?: AuditLog;
}

/** Builds every part of the process's state from one configuration. */
export function buildRuntime(config: ConsoleConfig, parts: RuntimeParts = {}): Runtime {
  const halfAccessCache = () => config.accessCacheMs / 2;
  const audit = parts.audit ?? new AuditLog({ file: config.auditLog, anonPerMinute: config.auditAnonPerMinute });
  const shared = buildSharedState(config);
  const clusters = new Clusters(config.kubeconfig);
  // Each cluster reached through its kubeconfig context; unset limits are the hub's defaults.
  const hub = parts.hub ?? new InformerHub((cluster) => clusters.client(cluster), config.watches);
  const shutdown = new Shutdown();
  return {
    config,
    clusters,
    shared,
    audit,
    hub,
    shutdown,
    listAccess:
      parts.listAccess ?? new ListAccess({ review: (q) => subjectAccessReview(clusters, q), ttlMs: halfAccessCache }),
    // The token re-check of open streams, answers reused for half the access-cache time (like the access reviews).
    tokenCheck: new TokenCheck({
      review: (cluster, token) => reviewToken(clusters, cluster, token),
      ttlMs: halfAccessCache,
    }),
    drain: (graceMs) => shutdown.drain(graceMs, () => audit.flush()),
    flushAudit: () => audit.flush(),
    close: async () => {
      hub.close();
      await shared.close();
    },
  };
}

/**
 * The process's runtime, built on first use from the environment (the console's server script maps its flags onto
 * KRUISE_CONSOLE_* before Next loads). Its process exit writes out the audit lines still queued.
 */
export function runtime(): Runtime {
  let rt = processRuntime<Runtime>();
  if (!rt) {
    rt = buildRuntime(readConsoleConfig(process.env));
    const built = rt;
    process.once("exit", () => built.audit.flushSync());
    setProcessRuntime(rt);
  }
  return rt;
}

/** Replaces the process's runtime whole (tests); the one it replaces is closed. Returns the new one. */
export async function replaceRuntime(next: Runtime | undefined): Promise<Runtime | undefined> {
  await processRuntime<Runtime>()?.close();
  setProcessRuntime(next);
  return next;
}
