import "server-only";
import type { Runtime } from "../runtime";

// Kubernetes probes. Neither names a cluster, a context, a server or a user: they answer anyone who can
// reach the port (kubelet does not authenticate), so they say only whether this replica can serve.

const HEADERS = { "Cache-Control": "no-store" };

/** GET /healthz — the process is alive and answering (liveness: a restart would not help otherwise). */
export function getHealthz(): Response {
  return Response.json({ status: "ok" }, { headers: HEADERS });
}

/**
 * GET /readyz — 200 when this replica should get traffic: a kubeconfig with at least one context is
 * loaded, the session store is reachable (always, for the memory store), and it is not shutting down.
 * 503 otherwise, with which of those failed (fixed words only).
 */
export function getReadyz(rt: Runtime): Response {
  const failing: string[] = [];
  if (rt.shutdown.shuttingDown()) failing.push("shutting down");
  let clusters = 0;
  try {
    clusters = rt.clusters.list().length;
  } catch {
    clusters = 0;
  }
  if (clusters === 0) failing.push("kubeconfig not loaded");
  let store = false;
  try {
    store = rt.shared.ready();
  } catch {
    store = false;
  }
  if (!store) failing.push("session store unreachable");
  return failing.length
    ? Response.json({ status: "not ready", failing }, { status: 503, headers: HEADERS })
    : Response.json({ status: "ready" }, { headers: HEADERS });
}
