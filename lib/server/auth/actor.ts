import "server-only";
import type { Clusters } from "../clusters";
import { HttpError } from "../errors";
import { KubeClient } from "../kube";
import type { Caller } from "./caller";
import { ImpersonatingKubeConfig, withBearerToken } from "./impersonation";
import type { Session } from "./sessions";

/** A caller acting on one cluster: the client-node access Kubernetes will see as that user. */
export interface Actor {
  cluster: string;
  caller: Caller;
  /** acts as the user: their token (token mode), impersonation (proxy mode), the kubeconfig (local) */
  client: KubeClient;
  /** the user name Kubernetes sees, for events and the audit log */
  user: string;
  groups: string[];
}

// Keyed by the console's own client too: a reloaded kubeconfig (new server, new CA) yields new user clients.
const bySession = new WeakMap<Session, WeakMap<KubeClient, KubeClient>>();
const byProxyUser = new WeakMap<KubeClient, Map<string, KubeClient>>();
const PROXY_CLIENTS_MAX = 500;

/** The kubeconfig user of a context (local mode's identity). */
function kubeconfigUser(own: KubeClient): string {
  const kc = own.kc;
  return kc.getCurrentUser()?.name || kc.getCurrentContext() || "unknown user";
}

/**
 * The client a caller's cluster calls go through (shared mode: every action as the signed-in user):
 * local mode uses the kubeconfig's credentials; token mode the user's own bearer token; proxy mode
 * the console's credentials with Impersonate-User/Impersonate-Group. `clusters.client(cluster)` stays the
 * console's own identity, used only by the shared informer hub and access reviews.
 */
export function actorFor(clusters: Clusters, caller: Caller, cluster: string): Actor {
  const own = clusters.client(cluster); // validates the cluster name (400) for every mode
  if (caller.mode === "local") return { cluster, caller, client: own, user: kubeconfigUser(own), groups: [] };
  if (caller.mode === "token") {
    const session = caller.session!;
    // A session speaks only for the cluster whose TokenReview accepted it (token-caller.ts).
    if (session.cluster !== clusters.name(cluster))
      throw new HttpError({
        code: 401,
        reason: "Unauthorized",
        message: `sign in to ${JSON.stringify(cluster.slice(0, 100))}: your session is for cluster ${JSON.stringify(session.cluster)}`,
      });
    let m = bySession.get(session);
    if (!m) bySession.set(session, (m = new WeakMap()));
    let client = m.get(own);
    if (!client) m.set(own, (client = new KubeClient(withBearerToken(own.kc, session.token))));
    return { cluster, caller, client, user: caller.user.name, groups: caller.user.groups };
  }
  const key = JSON.stringify(caller.user);
  let m = byProxyUser.get(own);
  if (!m) byProxyUser.set(own, (m = new Map()));
  let client = m.get(key);
  if (!client) {
    if (m.size >= PROXY_CLIENTS_MAX) m.delete(m.keys().next().value!);
    m.set(key, (client = new KubeClient(new ImpersonatingKubeConfig(own.kc, caller.user))));
  }
  return { cluster, caller, client, user: caller.user.name, groups: caller.user.groups };
}

/** The local-mode caller (tests and scripts that act with the kubeconfig's credentials). */
export const LOCAL_CALLER: Caller = {
  mode: "local",
  user: { name: "", groups: [] },
  csrf: "",
  limitKey: "local",
  userKey: "local",
};
