import "server-only";
import type { StreamViewer } from "../stream/sse";
import type { Caller } from "./caller";
import type { AuthState } from "./state";

/**
 * Whose stream this is (token and proxy modes): what they may list, and — token mode — whether their
 * session still stands at each re-check (half the access-cache time): signed out, idle past the idle
 * timeout (an open stream is not use), or its token no longer accepted by the cluster's TokenReview
 * (expired, revoked). Either way the stream ends within the access-cache time and the browser's
 * reconnect gets 401 "sign in to <cluster>". A token the cluster refuses also ends the session.
 */
export function streamViewer(rt: AuthState, caller: Caller, cluster: string): StreamViewer | undefined {
  if (caller.mode === "local") return undefined;
  const cfg = rt.config;
  const access = rt.listAccess;
  const { session } = caller;
  const viewer: StreamViewer = {
    mayList: (r, n) => access.mayList(caller, cluster, r, n),
    recheckMs: cfg.accessCacheMs / 2,
  };
  if (!session) return viewer;
  viewer.alive = async () => {
    if (!(await rt.shared.sessions.isLive(session, cfg.sessionIdleMs))) return false;
    const verdict = await rt.tokenCheck.verdict(session);
    if (verdict === "refused") await rt.shared.sessions.endSession(session);
    // "unknown" (the cluster could not be asked) also ends the stream: it stands only while confirmed
    return verdict === "still";
  };
  return viewer;
}
