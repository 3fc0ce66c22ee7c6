import "server-only";
import type { Clusters } from "../clusters";
import { HttpError } from "../errors";
import type { Caller, ResolveOptions } from "./identity";
import { csrfFor } from "./sessions";
import type { AuthState } from "./state";

function canonical(clusters: Clusters, raw: string): string | null {
  try {
    return clusters.name(raw);
  } catch (e) {
    if (e instanceof HttpError && e.body.code === 400) return null;
    throw e;
  }
}

const unauthorized = (message: string) => new HttpError({ code: 401, reason: "Unauthorized", message });
const shown = (cluster: string) => JSON.stringify(cluster.slice(0, 100));

/**
 * Token mode: the browser's session for the cluster asked about. A session is the identity ONE
 * cluster's TokenReview vouched for; a request to another cluster without its own session is 401
 * "sign in to <cluster>", never read (hub filter, SubjectAccessReviews) or written under a name that
 * cluster did not confirm (two clusters may well share a user or ServiceAccount name).
 */
export async function tokenCaller(rt: AuthState, id: string | undefined, o: ResolveOptions): Promise<Caller> {
  const idleMs = rt.config.sessionIdleMs;
  const store = rt.shared.sessions;
  // The one canonical name. A name no context has is treated like "no cluster" here: the route itself then
  // answers 400 naming the known ones (before any cluster is read or written), and the audit keeps the caller.
  const cluster = o.cluster == null ? null : canonical(rt.clusters, o.cluster);
  const session =
    cluster === null
      ? (await store.list(id, idleMs))[0]
      : await store.get(id, cluster, idleMs, { use: o.use !== false });
  if (!session || !id) {
    throw unauthorized(
      cluster === null
        ? "sign in with your Kubernetes bearer token: no session, or it expired"
        : `sign in to ${shown(cluster)}: this browser has no session for cluster ${shown(cluster)}, or it expired (each cluster checks your token itself)`,
    );
  }
  return {
    mode: "token",
    user: session.user,
    csrf: csrfFor(id),
    session,
    limitKey: `browser:${session.key.split("/")[0]}`,
    userKey: `user:${JSON.stringify([session.cluster, session.user.name])}`,
  };
}
