import type { AuthMode } from "./config";
import type { Session, UserInfo } from "./sessions";

/** Who is asking, resolved once per request. */
export interface Caller {
  mode: AuthMode;
  /** local mode: the kubeconfig's user, named per cluster by the Actor */
  user: UserInfo;
  /** the value the browser must echo in X-CSRF-Token on mutations */
  csrf: string;
  /** token mode: the server-side session (holds the user's bearer token) */
  session?: Session;
  /** what per-session limits count against (token mode: the browser, across its clusters) */
  limitKey: string;
  /** what per-user limits count against (token mode: the user a cluster vouched for, on that cluster) */
  userKey: string;
}

export interface ResolveOptions {
  /**
   * The cluster the request reads or writes. Token mode: the browser's session FOR THIS cluster, or 401
   * "sign in to <cluster>"; null/absent = any of the browser's sessions (the cluster list, pages that
   * name no cluster). Proxy and local mode: one identity for every cluster.
   */
  cluster?: string | null;
  /** counts as use for the idle timeout (default true; the live stream passes false) */
  use?: boolean;
}
