import "server-only";
import type { ClusterInfo } from "@/lib/k8s/wire";
import { sessionIdOf } from "./cookie";
import { asCaller } from "./guard";
import type { AuthState } from "./state";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * What a caller may know of the kubeconfig's contexts. Local mode: everything (it is the caller's own
 * kubeconfig). Shared modes never send an API server's URL: the console reaches the clusters, the browser never
 * does, and where a cluster runs is not the user's to know. Token mode: the clusters this browser holds a session
 * for in full (name, default namespace, current), the others by name alone, which is what signing in to them
 * needs. Proxy mode: every cluster (the proxied identity is the same for all; each one's RBAC decides).
 */
export function visibleClusters(all: readonly ClusterInfo[], signedIn: ReadonlySet<string> | null): ClusterInfo[] {
  return all.map((c) =>
    signedIn && !signedIn.has(c.name)
      ? { name: c.name, current: c.current }
      : { name: c.name, current: c.current, ...(c.namespace ? { namespace: c.namespace } : {}) },
  );
}

/** GET /api/clusters: 401 without a caller (nothing at all is said), else visibleClusters. */
export function getClusterList(rt: AuthState, req: Request): Promise<Response> {
  return asCaller(rt, req, null, async (caller) => {
    const all = rt.clusters.list();
    if (caller.mode === "local") return Response.json({ clusters: all }, { headers: NO_STORE });
    const signedIn =
      caller.mode === "token"
        ? new Set(
            (await rt.shared.sessions.list(sessionIdOf(req.headers), rt.config.sessionIdleMs)).map((s) => s.cluster),
          )
        : null;
    return Response.json({ clusters: visibleClusters(all, signedIn) }, { headers: NO_STORE });
  });
}
